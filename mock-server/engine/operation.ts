/**
 * How the engine declares an operation: the route (the one wire declaration, in `src/routes/`)
 * and the handler that answers it, side by side, in the style of msw's `http.get(path, resolver)`.
 * The request pipeline dispatches on the route's `operation`; nothing else names the handler.
 *
 * @module
 */

import type * as z from 'zod/mini';
import type { PathParams, Route } from '../../src/routes/route';
import { withOperationBudget } from './run/work-budget';
import type { EngineScope } from './scope';

/**
 * What a handler reads of its request: the decoded path parameters, the raw query and the parsed
 * JSON body (`undefined` when there is none). Query and body are read by the handler's own rules,
 * because the service answers their mistakes with its own messages.
 *
 * @example
 * ```ts
 * // What the handler of `GET /v2/subscribers/user-1` reads:
 * const input = { params: { subscriberId: 'user-1' }, query: new URLSearchParams(), body: undefined };
 * ```
 */
export interface OperationInput<R extends Route> {
  params: PathParams<R['path']>;
  query: URLSearchParams;
  body: unknown;
  /**
   * What the operation's `prepare` gathered outside the engine before it ran (a bridge's
   * discover answer), or `undefined` for an operation without one. A data directory keeps it
   * with the operation, so a replay does not ask again.
   */
  prepared?: unknown;
}

/**
 * A handler's answer with another success status than its route's: an upsert answers 201 when
 * it created and 200 when it updated.
 *
 * @example
 * ```ts
 * return created ? topic : new StatusAnswer(200, topic);
 * ```
 */
export class StatusAnswer<T> {
  constructor(
    readonly status: number,
    readonly value: T,
  ) {}
}

/**
 * One operation: its route and its handler.
 *
 * @example
 * ```ts
 * // engine.operations runs a definition's handler in the scope it is given:
 * engine.operations['subscribers.retrieve'](engine.scope('Development'), {
 *   params: { subscriberId: 'user-1' },
 * });
 * ```
 */
export interface OperationDefinition<R extends Route = Route, T = unknown> {
  readonly route: R;
  /** Answers one request of the route in the caller's scope. */
  readonly handle: (scope: EngineScope, input: OperationInput<R>) => T;
  /**
   * Gathers what the handler needs from outside the engine (the network) before the handler
   * runs in its journal; a `ServiceError` it throws is the answer, and nothing changes.
   */
  readonly prepare?: (scope: EngineScope, input: OperationInput<R>) => Promise<unknown>;
}

/**
 * Declares an operation: the handler runs inside one journal (a throw undoes its writes) with
 * the caller's scope, and returns the value the service answers; the pipeline wraps it in the
 * service's envelope (`wire/envelope.ts`) and answers the route's status.
 */
export function defineOperation<const R extends Route, T>(
  route: R,
  handle: (scope: EngineScope, input: OperationInput<R>) => T,
): OperationDefinition<R, T> {
  // Each operation's renders share one budget (run/work-budget.ts).
  return { route, handle: (scope, input) => withOperationBudget(() => handle(scope, input)) };
}

/**
 * Declares an operation that first gathers data outside the engine (`prepare`, asynchronous,
 * outside the journal), then answers from it (`handle`, as {@link defineOperation}'s handler,
 * reading `input.prepared`).
 *
 * @example
 * ```ts
 * export const bridgeSync = definePreparedOperation(bridgeSyncRoute, discover, applySync);
 * ```
 */
export function definePreparedOperation<const R extends Route, T>(
  route: R,
  prepare: (scope: EngineScope, input: OperationInput<R>) => Promise<unknown>,
  handle: (scope: EngineScope, input: OperationInput<R>) => T,
): OperationDefinition<R, T> {
  return { ...defineOperation(route, handle), prepare };
}

/**
 * What a caller of `engine.operations` passes: path parameters typed from the route, the query
 * as the client sends it (or as raw `URLSearchParams`) and the body.
 *
 * @example
 * ```ts
 * engine.operations['subscribers.search'](engine.scope('Development'), { query: { limit: 10 } });
 * ```
 */
export type OperationCall<R extends Route> = (keyof PathParams<R['path']> extends never
  ? { params?: PathParams<R['path']> }
  : { params: PathParams<R['path']> }) & {
  query?: QueryOf<R> | URLSearchParams;
  body?: unknown;
};

/**
 * The query object the client sends for a route (its zod query schema's input).
 *
 * @example
 * ```ts
 * const query: QueryOf<(typeof ROUTES)[2]> = { limit: 10, email: 'ada@example.com' }; // subscribers.search
 * ```
 */
export type QueryOf<R extends Route> = R extends { query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : Record<string, string | number | boolean | undefined>;
