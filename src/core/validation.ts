/**
 * Request validation before sending (closed schemas, readable messages naming each field) and
 * response validation in the `strict` / `warn` / `off` modes.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { SvcCore } from './core';
import { ResponseValidationError, SvcValidationError } from './errors';
import { quickCheck } from './schema-check';

/**
 * One problem found by a schema: where, and what.
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.update('user-1', { email: 42 as unknown as string });
 * } catch (error) {
 *   if (isSvcValidationError(error)) for (const issue of error.issues) console.log(issue.path, issue.message);
 * }
 * ```
 */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * One value an operation checks before sending: its label (`body`, `query` or a path parameter
 * name), the schema, and the value.
 *
 * @internal
 */
export interface RequestCheck {
  label: string;
  schema: z.ZodMiniType;
  value: unknown;
}

/**
 * The value at a zod issue's path inside the checked input; `undefined` when the path leaves it.
 *
 * @internal
 */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

// zod/mini ships no message locale (it would cost bundle size): word the common issues here.
function explain(issue: z.core.$ZodIssue, root: unknown): string {
  const value = valueAt(root, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `is required (${issue.expected})`
        : `expected ${issue.expected}, received ${kind(value)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, received ${JSON.stringify(value) ?? 'undefined'}`;
    case 'invalid_union':
      return value === undefined
        ? 'is required'
        : `${kind(value)} matches none of the accepted forms`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'number' ? '' : ` ${issue.origin === 'string' ? 'characters' : 'items'}`} (received ${issue.origin === 'number' ? String(value) : 'more'})`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'number' ? '' : ` ${issue.origin === 'string' ? 'characters' : 'items'}`}`;
    default:
      return issue.message;
  }
}

function issuesOf(error: z.core.$ZodError, root: unknown, prefix: string): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return {
      path: prefix && path ? `${prefix}.${path}` : path || prefix,
      message: explain(issue, root),
    };
  });
}

const LISTED_ISSUES = 5;

function describe(issues: readonly ValidationIssue[]): string {
  const listed = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `${issue.path || '(root)'}: ${issue.message}`)
    .join('; ');
  const more = issues.length - LISTED_ISSUES;
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

/** The parts of a zod schema's definition the unknown-key walk reads. */
interface SchemaDefinition {
  type: string;
  innerType?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  in?: z.ZodMiniType;
}

const definitionOf = (schema: z.ZodMiniType) =>
  (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

/**
 * Edit distance for "did you mean", case-insensitive: insertions, deletions, substitutions and
 * swaps of two neighbours (`emial` is one edit from `email`).
 */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // Rows of the table, two back for swaps; cell j of a row is the cost for y's first j letters.
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
        i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]
          ? (before[j - 2] as number) + 1
          : Number.POSITIVE_INFINITY,
      );
    }
    before = previous;
    previous = row;
  }
  return previous[y.length] as number;
}

/**
 * The keys of `value` that its (closed) object schemas do not name, each with the closest known
 * key. zod objects strip unknown keys silently; a request must not (docs/decisions/0011).
 * Objects made with `looseObject` (and records) are open by design and are not walked for keys.
 */
function findUnknownKeys(schema: z.ZodMiniType, value: unknown, path: string[]): ValidationIssue[] {
  const def = definitionOf(schema);
  if (def.innerType) return findUnknownKeys(def.innerType, value, path);
  if (def.in) return findUnknownKeys(def.in, value, path);
  if (value === null || typeof value !== 'object') return [];
  const found: ValidationIssue[] = [];
  if (def.type === 'object' && def.shape && !Array.isArray(value)) {
    const known = Object.keys(def.shape);
    for (const [key, item] of Object.entries(value)) {
      // Own keys only: a key such as `valueOf` must not find Object.prototype's.
      const field = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
      if (field) {
        if (item !== undefined) found.push(...findUnknownKeys(field, item, [...path, key]));
      } else if (!def.catchall) {
        const close = known
          .map((name) => ({ name, cost: distance(name, key) }))
          .filter((candidate) => candidate.cost <= Math.max(1, Math.floor(key.length / 3)))
          .sort((a, b) => a.cost - b.cost)[0];
        found.push({
          path: [...path, key].join('.'),
          message: `is not a field of this request${close ? ` (did you mean "${close.name}"?)` : ''}`,
        });
      }
    }
  } else if (def.element && Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push(...findUnknownKeys(def.element as z.ZodMiniType, item, [...path, String(index)]));
    });
  } else if (def.type === 'record' && def.valueType) {
    for (const [key, item] of Object.entries(value)) {
      found.push(...findUnknownKeys(def.valueType, item, [...path, key]));
    }
  } else if (def.options) {
    // Read the value as each form of its kind (object or array; never a custom fallback such as a
    // trigger's "`to` is given", which takes `{ subscriberID }`) and keep the reading with the
    // fewest unknown keys; of equals the last, the most general form (forms are listed from the
    // most specific: a `type: 'Topic'` recipient before a subscriber definition).
    let fewest: ValidationIssue[] | undefined;
    for (const option of def.options) {
      if (definitionOf(option).type !== kind(value)) continue;
      const issues = findUnknownKeys(option, value, path);
      if (!fewest || issues.length <= fewest.length) fewest = issues;
    }
    found.push(...(fewest ?? []));
  }
  return found;
}

/**
 * A non-empty string path parameter.
 *
 * @internal
 */
export const PathParam = z.string().check(z.minLength(1, 'must be a non-empty string'));

/**
 * Checks every input of an operation; throws one {@link SvcValidationError} listing all
 * problems, each named by field (`markAs: Invalid option: ...`). A key no schema names is a
 * problem too (`firstname: is not a field of this request (did you mean "firstName"?)`), unless
 * `allowUnknownKeys` (the client or per-call option) lets it through as given.
 *
 * @internal
 */
export function validateRequest(
  operation: string,
  checks: readonly RequestCheck[],
  allowUnknownKeys = false,
): void {
  const issues: ValidationIssue[] = [];
  for (const check of checks) {
    const result = z.safeParse(check.schema, check.value);
    // Body and query fields are named by themselves; a path parameter by its own name.
    if (!result.success) {
      const prefix = check.label === 'body' || check.label === 'query' ? '' : check.label;
      const found = issuesOf(result.error, check.value, prefix);
      issues.push(...found.map((issue) => (issue.path ? issue : { ...issue, path: check.label })));
    } else if (!allowUnknownKeys) {
      issues.push(...findUnknownKeys(check.schema, check.value, []));
    }
  }
  if (issues.length > 0) {
    throw new SvcValidationError(`Invalid input for ${operation}: ${describe(issues)}`, issues);
  }
}

/**
 * Checks a response body in the core's validation mode: `off` returns it untouched, `strict`
 * throws {@link ResponseValidationError}, `warn` logs one warning per operation and returns the
 * body as received (never a stripped copy).
 *
 * @internal
 */
export function validateResponse<T>(
  core: SvcCore,
  operation: string,
  schema: z.ZodMiniType<T>,
  body: unknown,
): T {
  const { validation, logger } = core.options;
  // The quick check answers a body that matches without zod's parse; zod words the rest.
  if (validation === 'off' || quickCheck(schema)(body)) return body as T;
  const result = z.safeParse(schema, body);
  if (result.success) return body as T;
  const issues = issuesOf(result.error, body, '');
  const message = `Response of ${operation} did not match the expected shape: ${describe(issues)}`;
  if (validation === 'strict') throw new ResponseValidationError(message, body, issues);
  if (!core.warnedOperations.has(operation)) {
    core.warnedOperations.add(operation);
    logger.warn(`[svc] ${message} (returned as received; set validation: 'off' to silence)`);
  }
  return body as T;
}
