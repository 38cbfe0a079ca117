/**
 * Templates: control values rendered with LiquidJS using the service's variable names
 * (`payload`, `subscriber`, `actor`, `tenant`, `step`, `steps`). Unknown variables render empty;
 * a template that cannot be parsed or rendered gives a {@link RenderFailure} (the caller records
 * it as a Failed detail) instead of throwing.
 *
 * @module
 */

import { type FS, Liquid } from 'liquidjs';
import type { JsonObject } from '../../../src/schemas/common';

/** The variables a template sees. Every key is optional; missing ones render empty. */
export interface TemplateVariables {
  readonly payload?: JsonObject;
  readonly subscriber?: JsonObject;
  readonly actor?: JsonObject;
  readonly tenant?: JsonObject;
  /** The current step's digest view (`step.events`, `step.total_count`, `step.digest`). */
  readonly step?: DigestStepVariables | JsonObject;
  /** Results of earlier steps, keyed by step id. */
  readonly steps?: JsonObject;
}

/** What a digest hands to the steps after it (`step.*` in templates). */
export interface DigestStepVariables {
  /** `true` when the step runs after a digest. */
  readonly digest: boolean;
  /** The payloads of the digested events, oldest first. */
  readonly events: readonly JsonObject[];
  /** How many events were digested. */
  readonly total_count: number;
}

/** A rendered template. */
export interface RenderSuccess<T = string> {
  readonly ok: true;
  readonly value: T;
}

/** A template that could not be rendered, with the reason and where it sits in the controls. */
export interface RenderFailure {
  readonly ok: false;
  readonly error: string;
  /** Dotted path of the failing control (`primaryAction.label`); `''` for a single template. */
  readonly path: string;
}

/** The outcome of rendering. */
export type RenderResult<T = string> = RenderSuccess<T> | RenderFailure;

/**
 * The `step` variables after a digest: `step.events` (payloads, oldest first), `step.total_count`
 * and `step.digest: true`.
 */
export function digestStepVariables(events: readonly JsonObject[]): DigestStepVariables {
  return { digest: true, events: [...events], total_count: events.length };
}

const toSentence = (items: unknown, key?: string, limit = Number.POSITIVE_INFINITY): string => {
  if (!Array.isArray(items)) return '';
  const names = items.map((item) =>
    key && item && typeof item === 'object' ? String(readDotted(item, key) ?? '') : String(item),
  );
  const shown = names.slice(0, limit);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')}, and ${rest} other${rest === 1 ? '' : 's'}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
};

const readDotted = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((current, key) => {
    if (current === null || typeof current !== 'object') return undefined;
    return Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }, value);

/**
 * The budgets of one template (docs/http-server.md, "Caps and budgets"): a template longer than
 * `parseLength` characters is not parsed; one render may allocate at most
 * `memory` units (LiquidJS counts range items, array and string sizes) and
 * take at most `renderMs` ms. Past a budget the step fails with a detail.
 */
export const TEMPLATE_BUDGET = {
  parseLength: 100_000,
  memory: 1_000_000,
  renderMs: 1_000,
} as const;

const noFiles = (): never => {
  throw new Error(
    'Templates cannot read files: {% include %}, {% render %} and {% layout %} are not available',
  );
};

/**
 * The file system templates see: none. Every lookup fails, so `{% include ".npmrc" %}` is a
 * render error and never reads the server's working directory (docs/security.md).
 */
export const NO_FILE_SYSTEM: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => noFiles(),
  readFileSync: noFiles,
  resolve: noFiles,
  contains: async () => false,
  containsSync: () => false,
};

/**
 * Creates a Liquid engine configured like the service: lenient variables (unknown ones render
 * empty), strict filters (an unknown filter is a render error), own properties only, and the
 * service's extra filters `json`, `digest` and `pluralize`. It has no file system
 * ({@link NO_FILE_SYSTEM}) and the budgets of {@link TEMPLATE_BUDGET}.
 */
export function createTemplateEngine(): Liquid {
  const liquid = new Liquid({
    strictVariables: false,
    strictFilters: true,
    ownPropertyOnly: true,
    lenientIf: true,
    jsTruthy: true,
    fs: NO_FILE_SYSTEM,
    relativeReference: false,
    parseLimit: TEMPLATE_BUDGET.parseLength,
    memoryLimit: TEMPLATE_BUDGET.memory,
    renderLimit: TEMPLATE_BUDGET.renderMs,
  });
  liquid.registerFilter('json', (value: unknown, spaces?: number) =>
    JSON.stringify(value ?? null, null, typeof spaces === 'number' ? spaces : undefined),
  );
  liquid.registerFilter('digest', (items: unknown, limit?: number, key?: string) =>
    toSentence(items, key, typeof limit === 'number' && limit > 0 ? limit : undefined),
  );
  liquid.registerFilter('toSentence', (items: unknown, key?: string, limit?: number) =>
    toSentence(items, key, typeof limit === 'number' && limit > 0 ? limit : undefined),
  );
  liquid.registerFilter('pluralize', (count: unknown, singular: string, plural?: string) => {
    const number = Number(count);
    const word = number === 1 ? singular : (plural ?? `${singular}s`);
    return `${Number.isFinite(number) ? number : 0} ${word}`;
  });
  return liquid;
}

let sharedEngine: Liquid | undefined;
const engine = (): Liquid => {
  sharedEngine ??= createTemplateEngine();
  return sharedEngine;
};

// Parsed templates by source: every trigger of a workflow renders the same control strings.
const MAX_CACHED_TEMPLATES = 1_000;
const parsed = new Map<string, ReturnType<Liquid['parse']>>();
const parse = (template: string): ReturnType<Liquid['parse']> => {
  let templates = parsed.get(template);
  if (templates === undefined) {
    templates = engine().parse(template);
    if (parsed.size >= MAX_CACHED_TEMPLATES) parsed.clear();
    parsed.set(template, templates);
  }
  return templates;
};

/** The plain-object scope Liquid sees (no `undefined` keys). */
const liquidScope = (variables: TemplateVariables): Record<string, unknown> => ({
  payload: variables.payload ?? {},
  subscriber: variables.subscriber ?? {},
  actor: variables.actor ?? {},
  tenant: variables.tenant ?? {},
  step: variables.step ?? {},
  steps: variables.steps ?? {},
});

const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Renders one template string. Text without `{{` or `{%` is returned as is. */
export function renderTemplate(template: string, variables: TemplateVariables): RenderResult {
  if (!template.includes('{{') && !template.includes('{%')) return { ok: true, value: template };
  try {
    return {
      ok: true,
      value: engine().renderSync(parse(template), liquidScope(variables)) as string,
    };
  } catch (error) {
    return { ok: false, error: describeError(error), path: '' };
  }
}

function renderDeep(
  value: unknown,
  variables: TemplateVariables,
  path: string,
): RenderResult<unknown> {
  if (typeof value === 'string') {
    const result = renderTemplate(value, variables);
    return result.ok ? result : { ...result, path };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [index, item] of value.entries()) {
      const result = renderDeep(item, variables, path === '' ? `${index}` : `${path}.${index}`);
      if (!result.ok) return result;
      out.push(result.value);
    }
    return { ok: true, value: out };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // `skip` is a JSON Logic rule, judged on its own; it is never rendered.
      if (path === '' && key === 'skip') {
        out[key] = item;
        continue;
      }
      const result = renderDeep(item, variables, path === '' ? key : `${path}.${key}`);
      if (!result.ok) return result;
      out[key] = result.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

/**
 * Renders every string of a control object, however deeply nested (the `skip` rule is left
 * alone). Stops at the first template that fails and says which control it was.
 */
export function renderControlValues<T extends object>(
  values: T,
  variables: TemplateVariables,
): RenderResult<T> {
  return renderDeep(values, variables, '') as RenderResult<T>;
}
