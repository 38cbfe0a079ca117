/**
 * Request-body validation with the shared zod schemas, answered in the service's 422 shapes with
 * class-validator wording (`x should not be null or undefined`, `x must be a string`, ...).
 *
 * @module
 */

import * as z from 'zod/mini';
import { valueAt } from '../../../src/core/validation';
import { ServiceError } from './service-error';

/** Per-field message overrides, keyed by the dotted field path. */
export type MessageOverrides = Record<string, string>;

function messageFor(issue: z.core.$ZodIssue, input: unknown): string {
  // zod/mini words nothing itself (`Invalid input`): a schema's own message is the service's text.
  if (issue.message !== 'Invalid input') return issue.message;
  const field = issue.path.map(String).join('.') || 'body';
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || value === null) return `${field} should not be null or undefined`;
      switch (issue.expected) {
        case 'string':
          return `${field} must be a string`;
        case 'boolean':
          return `${field} must be a boolean value`;
        case 'array':
          return `${field} must be an array`;
        case 'number':
        case 'int':
          return `${field} must be a number conforming to the specified constraints`;
        default:
          return `${field} must be an object`;
      }
    case 'invalid_value':
      return `${field} must be one of the following values: ${issue.values.map(String).join(', ')}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `${field} must contain no more than ${String(issue.maximum)} elements`
        : `${field} must not be greater than ${String(issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `${field} must contain at least ${String(issue.minimum)} elements`
        : `${field} must not be less than ${String(issue.minimum)}`;
    default:
      return `${field} is invalid`;
  }
}

/**
 * class-validator's `@IsOptional()` lets `null` through as "not given": drops the top-level
 * `null`s of fields the schema marks optional but not nullable (nullable ones keep their `null`,
 * which clears a value; required ones keep it and fail as `should not be null or undefined`).
 */
function withoutNullOptionals(schema: z.ZodMiniType, input: object): object {
  const def = schema._zod.def as { shape?: Record<string, z.ZodMiniType> };
  if (!def.shape) return input;
  const shape = def.shape;
  const entries = Object.entries(input).filter(([key, value]) => {
    // Own keys only: a body key such as `valueOf` must not find Object.prototype's.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (value !== null || !field) return true;
    return z.safeParse(field, null).success || !z.safeParse(field, undefined).success;
  });
  return entries.length === Object.keys(input).length ? input : Object.fromEntries(entries);
}

/**
 * Parses a body with a schema; a failure becomes the global validation pipe's 422
 * `Validation Error` with `errors.general.messages`. `overrides` replaces the message of a field
 * (for the service's custom validators); given as a function, it is worked out only on a failure.
 */
export function validateBody<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  overrides: MessageOverrides | (() => MessageOverrides) = {},
): z.infer<T> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw ServiceError.dtoValidation(['body must be an object']);
  }
  const result = z.safeParse(schema, withoutNullOptionals(schema, input));
  if (result.success) return result.data;
  const texts = typeof overrides === 'function' ? overrides() : overrides;
  const messages = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    return texts[field] ?? texts[top] ?? messageFor(issue, input);
  });
  throw ServiceError.dtoValidation([...new Set(messages)]);
}

interface SchemaDef {
  type?: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
}

/**
 * The keys an object schema allows at `path` (through arrays, optionals, nullables and unions:
 * the first option that describes an object there).
 */
function keysAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodMiniType | undefined = schema;
  let index = 0;
  while (current !== undefined) {
    const def = current._zod.def as SchemaDef;
    if (def.options !== undefined) {
      const rest = path.slice(index);
      for (const option of def.options) {
        const keys = keysAt(option, rest);
        if (keys.length > 0) return keys;
      }
      return [];
    }
    if (def.innerType !== undefined) current = def.innerType;
    else if (index === path.length) return Object.keys(def.shape ?? {});
    else if (def.element !== undefined) {
      current = def.element;
      index += 1;
    } else {
      current = def.shape?.[String(path[index])];
      index += 1;
    }
  }
  return [];
}

/**
 * A union that failed names why its one plausible option failed: the only option whose issues
 * are not just "the value is not of my type" (an object given where a string or an object may
 * go is judged as the object). With no such option, or several, the union's own issue stays.
 */
function matchedOption(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const plausible = issue.errors.filter(
    (option) => !option.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
  );
  const [only] = plausible;
  if (plausible.length !== 1 || only === undefined) return [issue];
  return only.flatMap((inner) =>
    matchedOption({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue),
  );
}

/**
 * One line per zod issue, `field: what is wrong`, with the field's path under `where` (or `root`
 * for the value itself); an unknown key lists the keys the schema allows there. The one wording
 * of seed, fault and control-body problems.
 */
export function describeIssues(
  schema: z.ZodMiniType,
  issues: readonly z.core.$ZodIssue[],
  where: string,
  root = '(root)',
): string[] {
  return issues.flatMap(matchedOption).map((issue) => {
    const field = [where, ...issue.path.map(String)].filter(Boolean).join('.') || root;
    // zod/mini words no messages of its own: a schema's custom message wins.
    if (issue.code === 'unrecognized_keys' && issue.message === 'Invalid input') {
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      const allowed = keysAt(schema, issue.path);
      return `${field}: Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${keys} (allowed keys: ${allowed.join(', ')})`;
    }
    return `${field}: ${issue.message}`;
  });
}

/** Validates seed data with a schema, throwing a readable 400 that names the bad field. */
export function parseSeedPart<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  where: string,
): z.infer<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const problems = describeIssues(schema, result.error.issues, where).join('; ');
  throw new ServiceError(400, `Invalid seed data: ${problems}`, {
    ctx: { error: 'Bad Request', statusCode: 400 },
  });
}
