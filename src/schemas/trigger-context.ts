import * as z from 'zod/mini';
import type { JsonObject } from './common';

const CONTEXT_ID = /^[a-zA-Z0-9_-]{1,100}$/;

/**
 * What is wrong with a trigger's `context` by the service's rules
 * (docs/behaviour/events.md#trigger), or `undefined` when it is valid (or not given): it must be
 * a non-empty object of `type → id | { id, data? }` with ids of 1-100 characters
 * `[a-zA-Z0-9_-]` (`'structure'`), hold at most 5 entries (`'count'`), and keep each `data` within
 * 64 KB of JSON (the entry's type and the size in bytes). The engine words these as the service
 * does; the client and the engine check with the same rule.
 *
 * @example
 * ```ts
 * contextProblem({ tenant: 'org-acme' }); // undefined
 * contextProblem({ tenant: 'org acme' }); // 'structure'
 * ```
 */
export function contextProblem(
  context: unknown,
): undefined | 'structure' | 'count' | { type: string; bytes: number } {
  if (context == null) return undefined;
  const entries = isObject(context) ? Object.entries(context) : [];
  // An entry is an id, or `{ id, data? }` with an object `data`; its data's JSON size in bytes.
  const sizes = entries.map(([, value]) => {
    if (isId(value)) return 0;
    if (!isObject(value) || !isId(value['id'])) return -1;
    const data = value['data'];
    if (data === undefined) return 0;
    return data !== null && typeof data === 'object'
      ? new TextEncoder().encode(JSON.stringify(data)).length
      : -1;
  });
  if (!entries.length || sizes.includes(-1)) return 'structure';
  if (entries.length > 5) return 'count';
  const large = sizes.findIndex((bytes) => bytes > 64 * 1024);
  return large < 0 ? undefined : { type: entries[large]?.[0] ?? '', bytes: sizes[large] ?? 0 };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isId = (value: unknown) => typeof value === 'string' && CONTEXT_ID.test(value);

/**
 * The context of a trigger: up to 5 entries of `type → id | {id, data}`, checked as the service
 * checks it ({@link contextProblem}).
 *
 * @example
 * ```ts
 * TriggerContext.parse({ tenant: 'org-acme', project: { id: 'p-1', data: { region: 'eu' } } });
 * ```
 */
export const TriggerContext = z.custom<Record<string, string | { id: string; data?: JsonObject }>>(
  (value) => value !== null && contextProblem(value) === undefined,
);
/** The context of a trigger. */
export type TriggerContext = z.infer<typeof TriggerContext>;
