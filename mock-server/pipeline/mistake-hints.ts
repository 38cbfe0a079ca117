/**
 * Hints for mistakes in mock mode: the answer on the wire stays the service's, and one line
 * beside it says how to fix the mistake (an unknown workflow: the known ids; a wrong API key:
 * where this mock's keys are). Each cause is told once.
 *
 * @module
 */

import type { MockEngine } from '../engine/engine';
import { tables } from '../engine/store/tables';

/**
 * Where mistake hints go, and where the adapter's keys are to be found.
 *
 * @example
 * ```ts
 * const hints: MistakeHints = {
 *   print: (line) => console.warn(line),
 *   keys: 'svc-mock prints its keys at start; --api-key pins Development’s',
 * };
 * ```
 */
export interface MistakeHints {
  /** Prints one hint line. */
  print(line: string): void;
  /** Where this mock's API keys are, for a request with a key it does not know. */
  keys: string;
}

/** An operation's answer, as the hints read it. */
export interface HintedAnswer {
  operation: string;
  status: number;
  body: unknown;
  authorization: string | null;
  /** The request body, when it was read. */
  requestBody: unknown;
}

/** How many distinct causes are told: a client that keeps making new mistakes cannot grow memory. */
const MAX_CAUSES = 100;
/** How many workflow ids a hint lists. */
const MAX_LISTED = 20;

const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;

/**
 * A function that prints a hint for an answer that shows a mistake, once per cause.
 *
 * @example
 * ```ts
 * const hint = createMistakeHints(engine, { print: console.warn, keys: 'see the banner' });
 * hint({ operation: 'events.trigger', status: 401, body, authorization, requestBody });
 * ```
 */
export function createMistakeHints(
  engine: MockEngine,
  hints: MistakeHints,
): (answer: HintedAnswer) => void {
  const told = new Set<string>();
  const tell = (cause: string, line: () => string) => {
    if (told.has(cause) || told.size >= MAX_CAUSES) return;
    told.add(cause);
    hints.print(`[svc-mock] hint: ${line()}`);
  };
  return (answer) => {
    const message = messageOf(answer.body);
    if (answer.status === 401 && message === 'API Key not found') {
      tell(
        'api-key',
        () => `this mock does not know the API key sent (401 API Key not found). ${hints.keys}`,
      );
      return;
    }
    if (answer.status === 422 && message === 'workflow_not_found') {
      const name = (answer.requestBody as { name?: unknown } | undefined)?.name;
      const environment = engine.environments.find(
        (candidate) => answer.authorization?.trim() === `ApiKey ${candidate.apiKey}`,
      );
      const known = environment
        ? tables.workflows
            .values(engine.scope(environment._id).data)
            .map((workflow) => workflow.workflowId)
        : [];
      tell(`workflow:${environment?._id}:${String(name).slice(0, 200)}`, () => {
        const listed =
          known.slice(0, MAX_LISTED).join(', ') + (known.length > MAX_LISTED ? ', ...' : '');
        return (
          `no workflow ${JSON.stringify(name)} in ${environment?.name ?? 'this environment'} (422 workflow_not_found). ` +
          (known.length === 0
            ? 'It has no workflows: seed one (seed.workflows) or create one (POST /v2/workflows).'
            : `Its workflow ids: ${listed}.`)
        );
      });
    }
  };
}
