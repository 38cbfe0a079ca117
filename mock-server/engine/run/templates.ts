/**
 * Templates: control values rendered with LiquidJS using the service's variable names
 * (`payload`, `subscriber`, `actor`, `tenant`, `step`, `steps`). Unknown variables render empty;
 * a template that cannot be parsed or rendered gives a {@link RenderFailure} (the caller records
 * it as a Failed detail) instead of throwing.
 *
 * @module
 */

import { type Context, type Emitter, type FS, Liquid, type Template } from 'liquidjs';
import type { JsonObject } from '../../../src/schemas/common';
import { chargeRenderTime, OPERATION_BUDGET, renderTimeLeft } from './work-budget';

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
  /** The environment's variables and its `name` and `type` (`{{env.KEY}}`, resources/environment-variables.ts). */
  readonly env?: Readonly<Record<string, string>>;
  /** A layout's slot: the rendered email step it wraps (run/email-layout.ts). */
  readonly content?: string;
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
 * The budgets of one template (docs/security.md, "Caps and budgets"): a template longer than
 * `parseLength` characters is not parsed; one render may allocate at most
 * `memory` units (LiquidJS counts range items, array and string sizes, and the text the `json`,
 * `digest` and `toSentence` filters make), take at most `renderMs` ms and write at most
 * `outputLength` characters (captures included); the rendered controls of one message hold at most
 * `messageLength` characters together. Past a budget the step fails with a detail. The renders
 * of one operation share {@link OPERATION_BUDGET} besides.
 */
export const TEMPLATE_BUDGET = {
  parseLength: 100_000,
  memory: 1_000_000,
  renderMs: 1_000,
  outputLength: 512_000,
  messageLength: 1_024_000,
} as const;

/** A drop's value (LiquidJS's `toValue`: objects with their own `valueOf`, like `forloop`). */
function toValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const own = (value as { valueOf?: unknown }).valueOf;
  return typeof own === 'function' && own !== Object.prototype.valueOf
    ? (own as () => unknown).call(value)
    : value;
}

/** The text LiquidJS writes for an output value (its own `stringify`). */
function stringify(value: unknown): string {
  const plain = toValue(value);
  if (typeof plain === 'string') return plain;
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(stringify).join('');
  return String(plain);
}

/** Counts what one render writes, captures included, against {@link TEMPLATE_BUDGET.outputLength}. */
class OutputMeter {
  written = 0;
  add(length: number): void {
    this.written += length;
    if (this.written > TEMPLATE_BUDGET.outputLength) {
      throw new Error(
        `template output limit exceeded: a rendered field holds at most ${TEMPLATE_BUDGET.outputLength} characters`,
      );
    }
  }
}

/** An emitter that counts what it is given before keeping it. */
class MeteredEmitter implements Emitter {
  buffer = '';
  constructor(private readonly meter: OutputMeter) {}
  write(html: unknown): void {
    const text = stringify(html);
    this.meter.add(text.length);
    this.buffer += text;
  }
}

const meters = new WeakMap<Context, OutputMeter>();

const now = (): number => performance.now();

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

/** {@link toSentence} for a filter: the text counts against the render's memory budget. */
function meteredSentence(context: Context, items: unknown, key?: string, limit?: number): string {
  const text = toSentence(items, key, typeof limit === 'number' && limit > 0 ? limit : undefined);
  context.memoryLimit.use(text.length);
  return text;
}

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
  // The text these filters make counts against the render's memory budget, as LiquidJS's own
  // string filters do: `{% for %}{{ payload | json }}{% endfor %}` cannot multiply a payload.
  liquid.registerFilter(
    'json',
    function (this: { context: Context }, value: unknown, spaces?: number) {
      const text = JSON.stringify(
        value ?? null,
        null,
        typeof spaces === 'number' ? spaces : undefined,
      );
      this.context.memoryLimit.use(text?.length ?? 0);
      return text;
    },
  );
  liquid.registerFilter(
    'digest',
    function (this: { context: Context }, items: unknown, limit?: number, key?: string) {
      return meteredSentence(this.context, items, key, limit);
    },
  );
  liquid.registerFilter(
    'toSentence',
    function (this: { context: Context }, items: unknown, key?: string, limit?: number) {
      return meteredSentence(this.context, items, key, limit);
    },
  );
  // Every emitter of a render (its output and each `{% capture %}`, which share the render's
  // context) is metered by one meter.
  const renderer = liquid.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = function* (templates, ctx, emitter) {
    let meter = meters.get(ctx);
    if (meter === undefined) {
      meter = new OutputMeter();
      meters.set(ctx, meter);
    }
    return yield* renderTemplates(templates, ctx, emitter ?? new MeteredEmitter(meter));
  };
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
  env: variables.env ?? {},
  ...(variables.content === undefined ? {} : { content: variables.content }),
});

const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const OPERATION_LIMIT_MESSAGE = `operation render limit exceeded: the renders of one request take at most ${OPERATION_BUDGET.renderMs} ms together`;

/** Renders parsed templates within the render's budgets and what the operation has left. */
function renderWithin(templates: Template[], variables: TemplateVariables): string {
  const left = renderTimeLeft();
  if (left <= 0) throw new Error(OPERATION_LIMIT_MESSAGE);
  const byOperation = left < TEMPLATE_BUDGET.renderMs;
  const started = now();
  try {
    return engine().renderSync(templates, liquidScope(variables), {
      renderLimit: Math.min(TEMPLATE_BUDGET.renderMs, left),
    }) as string;
  } catch (error) {
    // Past the operation's remainder rather than the render's own budget: say which.
    if (byOperation && /template render limit exceeded/.test(describeError(error))) {
      throw new Error(OPERATION_LIMIT_MESSAGE);
    }
    throw error;
  } finally {
    chargeRenderTime(now() - started);
  }
}

/** Renders one template string. Text without `{{` or `{%` is returned as is. */
export function renderTemplate(template: string, variables: TemplateVariables): RenderResult {
  if (!template.includes('{{') && !template.includes('{%')) return { ok: true, value: template };
  try {
    return { ok: true, value: renderWithin(parse(template), variables) };
  } catch (error) {
    return { ok: false, error: describeError(error), path: '' };
  }
}

function renderDeep(
  value: unknown,
  variables: TemplateVariables,
  path: string,
  message: { length: number },
): RenderResult<unknown> {
  if (typeof value === 'string') {
    const result = renderTemplate(value, variables);
    if (!result.ok) return { ...result, path };
    message.length += result.value.length;
    if (message.length > TEMPLATE_BUDGET.messageLength) {
      return {
        ok: false,
        error: `message output limit exceeded: the rendered controls of one message hold at most ${TEMPLATE_BUDGET.messageLength} characters`,
        path,
      };
    }
    return result;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [index, item] of value.entries()) {
      const result = renderDeep(
        item,
        variables,
        path === '' ? `${index}` : `${path}.${index}`,
        message,
      );
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
      const result = renderDeep(item, variables, path === '' ? key : `${path}.${key}`, message);
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
  const message = { length: 0 };
  return renderDeep(values, variables, '', message) as RenderResult<T>;
}
