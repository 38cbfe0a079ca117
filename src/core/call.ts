/**
 * The one call helper every standalone function is a line over: a route of the table and the
 * function's positional arguments (path parameters in path order, then the body, then the query,
 * then the request options) become one request, or one page of a paginated operation.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Route } from '../routes/route';
import type { APIPromise } from './api-promise';
import type { SvcCore } from './core';
import type { RequestOptions } from './options';
import {
  type AbstractPage,
  CursorPage,
  type CursorQuery,
  OffsetPage,
  type OffsetQuery,
  PageNumberPage,
  type PageNumberQuery,
  type PagePromise,
  requestPage,
} from './pagination';
import { request, startRequest } from './request';
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
 */
export type OperationArgs<R extends Route> = [
  core: SvcCore,
  ...path: PathValues<R['path']>,
  ...input: [...BodyArgs<R>, ...QueryArgs<R>],
  options?: RequestOptions | undefined,
];

/** What a route answers, unwrapped from the service's `{ data }` envelope. */
export type OperationResult<R extends Route> = z.infer<R['response']>;

type QueryOf<R extends Route, Paging> = R extends { query: z.ZodMiniType<infer Query> }
  ? Query extends Paging
    ? Query
    : never
  : never;
type ItemsOf<R extends Route> =
  OperationResult<R> extends { data: (infer Item)[] }
    ? Item
    : R extends { items: infer Field extends string }
      ? OperationResult<R> extends { [K in Field]: (infer Item)[] }
        ? Item
        : never
      : never;

// Deferred so the page class's constraint is checked once the route is known.
type Pages<Page, Item> = Page extends AbstractPage<Item> ? PagePromise<Page, Item> : never;

interface CallInput {
  params: Record<string, string>;
  body?: unknown;
  query?: Record<string, unknown> | undefined;
  options?: RequestOptions | undefined;
}

const parameterNames = new Map<string, string[]>();

// Positional arguments are read by the route's shape: it names its path parameters, and whether
// it has a body and a query, so one reader serves every operation.
function readArgs(route: Route, args: readonly unknown[]): CallInput {
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

function pages<R extends Route, Page>(
  route: R,
  args: OperationArgs<R>,
  toPage: (body: never, query: never, fetch: never) => Page,
): never {
  const { options, params, body, query } = readArgs(route, args);
  return requestPage(
    (pageQuery: Record<string, unknown>) =>
      startRequest(args[0], routeSpec(route, { params, body, query: pageQuery }), options),
    query ?? {},
    toPage as never,
  ) as never;
}

/**
 * A cursor-paginated operation (`next` / `previous` ids): the first page, awaitable and
 * iterable.
 *
 * @internal
 */
export function cursorPages<R extends Route>(
  route: R,
  args: OperationArgs<R>,
): Pages<CursorPage<ItemsOf<R>, QueryOf<R, CursorQuery>>, ItemsOf<R>> {
  return pages(route, args, (body, query, fetch) => new CursorPage(body, query, fetch));
}

/**
 * An offset-paginated operation; a route whose items are not under `data` names their field
 * (`items`).
 *
 * @internal
 */
export function offsetPages<R extends Route>(
  route: R,
  args: OperationArgs<R>,
): Pages<OffsetPage<ItemsOf<R>, QueryOf<R, OffsetQuery>>, ItemsOf<R>> {
  const field = route.items ?? 'data';
  return pages(
    route,
    args,
    (body: Record<string, never[]> & { totalCount: number }, query: OffsetQuery, fetch: never) =>
      new OffsetPage({ data: body[field] ?? [], totalCount: body.totalCount }, query, fetch),
  );
}

/**
 * A page-number-paginated operation (`page`, `limit`, `hasMore`).
 *
 * @internal
 */
export function pageNumberPages<R extends Route>(
  route: R,
  args: OperationArgs<R>,
): Pages<PageNumberPage<ItemsOf<R>, QueryOf<R, PageNumberQuery>>, ItemsOf<R>> {
  return pages(route, args, (body, query, fetch) => new PageNumberPage(body, query, fetch));
}
