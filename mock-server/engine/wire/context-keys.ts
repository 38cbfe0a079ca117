/**
 * A request's `context` (`{ tenant: 'acme', region: { id: 'eu', data } }`): the service's words
 * for a malformed one, and the `type:id` keys it stores and filters by
 * (docs/behaviour/subscribers.md#contexts).
 *
 * @module
 */

import { contextProblem } from '../../../src/schemas/trigger-context';
import { ServiceError } from './service-error';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The service's message for what is wrong with a body's `context`, keyed `context` (a
 * validation override), or nothing when it is absent or well formed.
 *
 * @example
 * ```ts
 * contextMessages({ context: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } });
 * // { context: 'Too many contexts: 6 provided, maximum allowed is 5' }
 * ```
 */
export function contextMessages(body: unknown): Record<string, string> {
  const problem = contextProblem(isObject(body) ? body['context'] : undefined);
  if (problem === undefined) return {};
  if (problem === 'structure') {
    return {
      context:
        'Invalid context payload structure. Expected object with context types as keys and string IDs or {id, data} objects as values',
    };
  }
  if (problem === 'count') {
    const count = Object.keys((body as { context: object }).context).length;
    return { context: `Too many contexts: ${count} provided, maximum allowed is 5` };
  }
  return {
    context: `Context '${problem.type}' data is too large: ${Math.round(problem.bytes / 1024)}KB exceeds 64KB limit`,
  };
}

/**
 * The keys of a context, in the order given; none for an absent or malformed one.
 *
 * @example
 * ```ts
 * contextKeysOf({ tenant: 'acme', region: { id: 'eu' } }); // ['tenant:acme', 'region:eu']
 * ```
 */
export function contextKeysOf(context: unknown): string[] {
  if (!isObject(context)) return [];
  return Object.entries(context).map(
    ([type, value]) =>
      `${type}:${typeof value === 'string' ? value : String((value as { id?: unknown }).id)}`,
  );
}

/**
 * Refuses a body whose `context` the service refuses, with its 422 `Validation Error` and words
 * (the body's other fields are its schema's business).
 *
 * @example
 * ```ts
 * assertValidContext({ channels: { email: false }, context: { tenant: 'acme' } }); // passes
 * ```
 */
export function assertValidContext(body: unknown): void {
  const message = contextMessages(body)['context'];
  if (message !== undefined) throw ServiceError.dtoValidation([message]);
}
