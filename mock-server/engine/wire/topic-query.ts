/**
 * The queries of `GET /v2/topics` and `GET /v2/topics/{topicKey}/subscriptions`
 * (docs/behaviour/topics.md): the cursor rules of the subscriptions listing, plus their filters.
 *
 * @module
 */

import type { TopicSearch } from '../resources/topic-management';
import type { TopicSubscriptionSearch } from '../resources/topic-subscriptions';
import { parseSubscriptionSearch, queryString } from './query';

/**
 * The query of `GET /v2/topics`: `limit` 10 when missing or 0, 1-100 else 422; `orderBy` default
 * `_id`; `orderDirection=ASC` ascending, anything else descending; `key`, `name`.
 */
export function parseTopicSearch(params: URLSearchParams): TopicSearch {
  const { key: _key, contextKeys: _contextKeys, ...cursor } = parseSubscriptionSearch(params);
  return {
    ...cursor,
    orderBy: queryString(params, 'orderBy') || '_id',
    key: queryString(params, 'key') || undefined,
    name: queryString(params, 'name') || undefined,
  };
}

/**
 * The query of `GET /v2/topics/{topicKey}/subscriptions`: the cursor rules of
 * {@link parseTopicSearch}, `subscriberId` exact, `contextKeys` an exact set.
 */
export function parseTopicSubscriptionSearch(params: URLSearchParams): TopicSubscriptionSearch {
  const { key: _key, ...search } = parseSubscriptionSearch(params);
  return { ...search, subscriberId: queryString(params, 'subscriberId') || undefined };
}
