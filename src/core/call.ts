/**
 * The one call helper every standalone function is a line over: a route of the table and the
 * function's positional arguments (path parameters in path order, then the body, then the query,
 * then the request options) become one request. Paginated operations: `./paged-call`.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Route } from '../routes/route';
import type { APIPromise } from './api-promise';
import type { SvcCore } from './core';
import type { RequestOptions } from './options';
import { request } from './request';
import { routeSpec } from './route-spec';

type PathValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathValues<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

type BodyArgs<R extends Route> = R extends { body: z.ZodMiniType<infer Body> } ? [Body] : [];

type QueryArgs<R extends Route> = R extends { query: z.ZodMiniType<infer Query> }
  ? [(Query | undefined)?]
  : [];

/**
 * The arguments of a route's standalone function: the client core, one string per path
 * parameter, the body (when the route has one), the query (optional, when it has one) and the
 * request options.
 *
 * @example
 * ```ts
 * // What `topicsRetrieve` takes (the core, then its route's one path parameter):
 * const args: Parameters<typeof topicsRetrieve> = [core, 'news'];
 * await topicsRetrieve(...args);
 * ```
 */
export type OperationArgs<R extends Route> = [
  core: SvcCore,
  ...path: PathValues<R['path']>,
  ...input: [...BodyArgs<R>, ...QueryArgs<R>],
  options?: RequestOptions | undefined,
];

/**
 * What a route answers, unwrapped from the service's `{ data }` envelope.
 *
 * @example
 * ```ts
 * // What `topicsRetrieve` resolves to: its route's response schema's type.
 * const topic: Awaited<ReturnType<typeof topicsRetrieve>> = await topicsRetrieve(core, 'news');
 * console.log(topic.key);
 * ```
 */
export type OperationResult<R extends Route> = z.infer<R['response']>;

/** @internal A call's inputs, read from a standalone function's arguments. */
export interface CallInput {
  params: Record<string, string>;
  body?: unknown;
  query?: Record<string, unknown> | undefined;
  options?: RequestOptions | undefined;
}

const parameterNames = new Map<string, string[]>();

/**
 * Reads positional arguments by the route's shape (its path parameters, whether it has a body
 * and a query), so one reader serves every operation.
 *
 * @internal
 */
export function readArgs(route: Route, args: readonly unknown[]): CallInput {
  let names = parameterNames.get(route.path);
  if (names === undefined) {
    names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    parameterNames.set(route.path, names);
  }
  const params: Record<string, string> = {};
  let next = 1;
  for (const name of names) params[name] = args[next++] as string;
  const input: CallInput = { params };
  if (route.body) input.body = args[next++];
  if (route.query) input.query = (args[next++] as Record<string, unknown> | undefined) ?? {};
  input.options = args[next] as RequestOptions | undefined;
  return input;
}

/**
 * Sends one request of a route with a standalone function's arguments.
 *
 * @internal
 */
export function call<R extends Route>(
  route: R,
  args: OperationArgs<R>,
): APIPromise<OperationResult<R>> {
  const { options, ...input } = readArgs(route, args);
  return request(args[0], routeSpec(route, input), options);
}
