/**
 * The query of `GET /v2/contexts` (docs/behaviour/contexts.md#list): the cursor rules of the
 * subscriptions listing, `orderBy` default `createdAt`, and its filters.
 *
 * @module
 */

import type { ContextSearch } from '../resources/contexts';
import { parseSubscriptionSearch, queryString } from './query';

/**
 * `limit` 10 when missing or 0, 1-100 else 422; `orderDirection=ASC` ascending, anything else
 * descending; `orderBy` default `createdAt`; `type`, `id` exact; `search` a part of `type:id`.
 *
 * @example
 * ```ts
 * parseContextSearch(new URLSearchParams('search=acme')).orderBy; // 'createdAt'
 * ```
 */
export function parseContextSearch(params: URLSearchParams): ContextSearch {
  const { key: _key, contextKeys: _contextKeys, ...cursor } = parseSubscriptionSearch(params);
  return {
    ...cursor,
    orderBy: queryString(params, 'orderBy') || 'createdAt',
    type: queryString(params, 'type') || undefined,
    id: queryString(params, 'id') || undefined,
    search: queryString(params, 'search') || undefined,
  };
}
