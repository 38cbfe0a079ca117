/**
 * The queries of `GET /v1/domains` and `GET /v1/domains/{domain}/routes`
 * (docs/behaviour/domains.md#list): the service's cursor pagination DTO, `orderBy` default `_id`.
 *
 * @module
 */

import type { DomainRouteSearch } from '../resources/domain-routes';
import type { DomainSearch } from '../resources/domains';
import { parseSubscriptionSearch, queryString } from './query';

function cursorSearch(params: URLSearchParams) {
  const { key: _key, contextKeys: _contextKeys, ...cursor } = parseSubscriptionSearch(params);
  return { ...cursor, orderBy: queryString(params, 'orderBy') || '_id' };
}

/**
 * `limit` 10 when missing or 0, 1-100 else 422; `orderDirection=ASC` ascending, anything else
 * descending; `name` a part of the domain name.
 *
 * @example
 * ```ts
 * parseDomainSearch(new URLSearchParams('name=acme')).orderBy; // '_id'
 * ```
 */
export function parseDomainSearch(params: URLSearchParams): DomainSearch {
  return { ...cursorSearch(params), name: queryString(params, 'name') || undefined };
}

/**
 * The cursor options of a routes listing and `agentId` (an agent's identifier).
 *
 * @example
 * ```ts
 * parseDomainRouteSearch(new URLSearchParams('agentId=support-bot')).agentId; // 'support-bot'
 * ```
 */
export function parseDomainRouteSearch(params: URLSearchParams): DomainRouteSearch {
  return { ...cursorSearch(params), agentId: queryString(params, 'agentId') || undefined };
}
