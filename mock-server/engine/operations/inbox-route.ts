/**
 * How an Inbox route (`/v1/inbox/*`) is declared: under `/v1/inbox`, the `global` category,
 * authenticated by a session unless it says otherwise, and outside idempotency.
 *
 * @module
 */

import type { HttpMethod } from '../../../src/routes/route';
import type { AnswerShape, Authentication, OperationRoute } from './operation';

/** The declaration of an Inbox route: under `/v1/inbox`, `global` category, no idempotency. */
export function inboxRoute<
  const O extends string,
  const M extends HttpMethod,
  const P extends string,
  const A extends Authentication = 'inbox-session',
>(
  operation: O,
  method: M,
  path: P,
  options: { status?: number; answer?: AnswerShape; auth?: A } = {},
) {
  return {
    operation: `inbox.${operation}` as `inbox.${O}`,
    method,
    path: `/v1/inbox${path}` as `/v1/inbox${P}`,
    status: options.status ?? 200,
    // The service limits the keyless session route only; a session's requests take no tokens
    // (its throttler skips every scheme but the API key).
    category: 'global' as const,
    auth: (options.auth ?? 'inbox-session') as A,
    answer: options.answer ?? 'envelope',
    // The Inbox controller is `@ExcludeFromIdempotency()`.
    idempotent: false as const,
  } satisfies OperationRoute;
}
