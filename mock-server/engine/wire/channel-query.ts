/**
 * The query of `GET /v1/channel-connections` and `GET /v1/channel-endpoints`
 * (docs/behaviour/channels.md#list): the cursor rules of the subscriptions listing, `orderBy`
 * default `createdAt`, exact filters and `contextKeys`.
 *
 * @module
 */

import type { ChannelSearch } from '../resources/channel-listing';
import { parseSubscriptionSearch, queryString } from './query';

/**
 * `limit` 10 when missing or 0, 1-100 else 422; `orderDirection=ASC` ascending, anything else
 * descending; each of `filterNames` an exact match when given.
 *
 * @example
 * ```ts
 * parseChannelSearch(new URLSearchParams('subscriberId=ada'), ['subscriberId']).filters; // { subscriberId: 'ada' }
 * ```
 */
export function parseChannelSearch(
  params: URLSearchParams,
  filterNames: readonly string[],
): ChannelSearch {
  const { key: _key, contextKeys, ...cursor } = parseSubscriptionSearch(params);
  const filters: Record<string, string | undefined> = {};
  for (const name of filterNames) filters[name] = queryString(params, name) || undefined;
  return {
    ...cursor,
    orderBy: queryString(params, 'orderBy') || 'createdAt',
    filters,
    contextKeys,
  };
}
