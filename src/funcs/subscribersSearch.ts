import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { CursorPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersSearchRoute } from '../routes/subscribers';
import type { Subscriber, SubscriberSearchQuery } from '../schemas/subscriber';

/** {@inheritDoc Subscribers.search} */
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
