/**
 * Request validation before sending (closed schemas, readable messages naming each field) and
 * response validation in the `strict` / `warn` / `off` modes.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { SvcCore } from './core';
import { ResponseValidationError, SvcValidationError } from './errors';

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

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
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

/**
 * A non-empty string path parameter.
 *
 * @internal
 */
export const PathParam = z.string().check(z.minLength(1, 'must be a non-empty string'));

/**
 * Checks every input of an operation; throws one {@link SvcValidationError} listing all
 * problems, each named by field (`markAs: Invalid option: ...`).
 *
 * @example
 * ```ts
 * validateRequest('subscribers.messages.markAs', [{ label: 'body', schema: MarkAsBody, value }]);
 * ```
 *
 * @internal
 */
export function validateRequest(operation: string, checks: readonly RequestCheck[]): void {
  const issues: ValidationIssue[] = [];
  for (const check of checks) {
    const result = z.safeParse(check.schema, check.value);
    // Body and query fields are named by themselves; a path parameter by its own name.
    if (!result.success) {
      const prefix = check.label === 'body' || check.label === 'query' ? '' : check.label;
      const found = issuesOf(result.error, check.value, prefix);
      issues.push(...found.map((issue) => (issue.path ? issue : { ...issue, path: check.label })));
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
  if (validation === 'off') return body as T;
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
