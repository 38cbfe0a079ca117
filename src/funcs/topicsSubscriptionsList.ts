import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { CursorPage, type PagePromise, requestPage } from '../core/pagination';
import { startRequest } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { topicsSubscriptionsListRoute } from '../routes/topics';
import type { TopicSubscription, TopicSubscriptionsListQuery } from '../schemas/topic';

/** {@inheritDoc TopicSubscriptions.list} */
export function topicsSubscriptionsList(
  core: SvcCore,
  topicKey: string,
  query: TopicSubscriptionsListQuery = {},
  options?: RequestOptions,
): PagePromise<CursorPage<TopicSubscription, TopicSubscriptionsListQuery>, TopicSubscription> {
  return requestPage(
    (pageQuery: TopicSubscriptionsListQuery) =>
      startRequest(
        core,
        routeSpec(topicsSubscriptionsListRoute, { params: { topicKey }, query: pageQuery }),
        options,
      ),
    query,
    (body, pageQuery, fetch) => new CursorPage(body, pageQuery, fetch),
  );
}
