/**
 * The one call helper every standalone function is a line over: a route of the table and the
 * function's positional arguments (path parameters in path order, then the body, then the query,
 * then the request options) become one request. Paginated operations: `./paged-call`.
 *
 * @module
 */
import type * as z from 'zod/mini';
import { pathParts, type Route } from '../routes/route';
import type { APIPromise } from './api-promise';
import type { SvcCore } from './core';
import type { RequestOptions } from './options';
import { type RequestSpec, request } from './request';
import { PathParam, type RequestCheck } from './validation';

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

/**
 * The request a standalone function's arguments make, read by the route's shape (its path
 * parameters, whether it has a body and a query), so one reader serves every operation: path
 * parameters are checked non-empty and encoded, the body and query against the route's schemas.
 *
 * @internal
 */
export function requestOf(
  route: Route,
  args: readonly unknown[],
): [spec: RequestSpec<never>, options: RequestOptions | undefined] {
  const parts = pathParts(route.path);
  const checks: RequestCheck[] = [];
  let path = parts[0] as string;
  let next = 1;
  for (let index = 1; index < parts.length; index += 2) {
    const value = args[next++] as string;
    // A non-empty string passes `PathParam`: zod is asked only to word what it refuses.
    if (typeof value !== 'string' || !value) {
      checks.push({ label: parts[index] as string, schema: PathParam, value });
    }
    path += encodeURIComponent(value ?? '') + parts[index + 1];
  }
  const body = route.body ? args[next++] : undefined;
  if (route.body) checks.push({ label: 'body', schema: route.body, value: body });
  const query = route.query ? ((args[next++] ?? {}) as Record<string, unknown>) : undefined;
  if (route.query) checks.push({ label: 'query', schema: route.query, value: query });
  // Named field by field: a spread of the route with fields added to it costs V8 (Node 20) a few
  // microseconds a call, more than the rest of the request's own work (issue 42's profile).
  const spec = {
    operation: route.operation,
    method: route.method,
    path,
    query,
    body,
    checks,
    schema: route.response as z.ZodMiniType<never>,
  };
  return [spec, args[next] as RequestOptions | undefined];
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
  return request(args[0], ...requestOf(route, args));
}
