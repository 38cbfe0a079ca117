import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { CursorPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersSearchRoute } from '../routes/subscribers';
import type { Subscriber, SubscriberSearchQuery } from '../schemas/subscriber';

/**
 * Searches subscribers (`GET /v2/subscribers`), a cursor-paginated list: `await` it for the
 * first page, or walk every match with `for await`.
 *
 * @example
 * ```ts
 * const page = await subscribersSearch(core, { email: '@acme.com', limit: 50 });
 * for await (const subscriber of subscribersSearch(core, { name: 'Ada' })) {
 *   console.log(subscriber.subscriberId);
 * }
 * ```
 */
export function subscribersSearch(
  core: SvcCore,
  query: SubscriberSearchQuery = {},
  options?: RequestOptions,
): PagePromise<CursorPage<Subscriber, SubscriberSearchQuery>, Subscriber> {
  return requestPage(
    (pageQuery: SubscriberSearchQuery) =>
      startRequest(core, routeSpec(subscribersSearchRoute, { query: pageQuery }), options),
    query,
    (body, pageQuery, fetch) => new CursorPage(body, pageQuery, fetch),
  );
}
