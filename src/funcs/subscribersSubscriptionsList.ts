import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { CursorPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersSubscriptionsListRoute } from '../routes/subscribers';
import type { SubscriptionsListQuery } from '../schemas/subscriber';
import type { TopicSubscription } from '../schemas/topic';

/** {@inheritDoc SubscriberSubscriptions.list} */
export function subscribersSubscriptionsList(
  core: SvcCore,
  subscriberId: string,
  query: SubscriptionsListQuery = {},
  options?: RequestOptions,
): PagePromise<CursorPage<TopicSubscription, SubscriptionsListQuery>, TopicSubscription> {
  return requestPage(
    (pageQuery: SubscriptionsListQuery) =>
      startRequest(
        core,
        routeSpec(subscribersSubscriptionsListRoute, {
          params: { subscriberId },
          query: pageQuery,
        }),
        options,
      ),
    query,
    (body, pageQuery, fetch) => new CursorPage(body, pageQuery, fetch),
  );
}
