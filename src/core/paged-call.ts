/**
 * The call helpers of paginated operations, one per page style, over the same reading of a
 * standalone function's arguments as `call` (kept apart so a one-request app bundles no pages).
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Route } from '../routes/route';
import { type OperationArgs, type OperationResult, requestOf } from './call';
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
import { startRequest } from './request';

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

function pages<R extends Route, Page>(
  route: R,
  args: OperationArgs<R>,
  toPage: (body: never, query: never, fetch: never) => Page,
): never {
  const [spec, options] = requestOf(route, args);
  // Each page is the first one's request with its own query (the query's check included).
  const withQuery = (query: Record<string, unknown>) => ({
    ...spec,
    query,
    checks: (spec.checks ?? []).map((check) =>
      check.label === 'query' ? { ...check, value: query } : check,
    ),
  });
  return requestPage(
    (pageQuery: Record<string, unknown>) => startRequest(args[0], withQuery(pageQuery), options),
    spec.query ?? {},
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
