/**
 * The queries of `GET /v1/agents` and `GET /v1/agents/{identifier}/integrations`
 * (docs/behaviour/agents.md#list): the service's cursor pagination DTO, `orderBy` default `_id`.
 *
 * @module
 */

import type { AgentIntegrationSearch } from '../resources/agent-integrations';
import type { AgentSearch } from '../resources/agents';
import { parseSubscriptionSearch, queryString } from './query';

function cursorSearch(params: URLSearchParams) {
  const { key: _key, contextKeys: _contextKeys, ...cursor } = parseSubscriptionSearch(params);
  return cursor;
}

/**
 * `limit` 10 when missing or 0, 1-100 else 422; `identifier` a part of the identifier.
 *
 * @example
 * ```ts
 * parseAgentSearch(new URLSearchParams('identifier=support')).identifier; // 'support'
 * ```
 */
export function parseAgentSearch(params: URLSearchParams): AgentSearch {
  return {
    ...cursorSearch(params),
    orderBy: queryString(params, 'orderBy') || '_id',
    identifier: queryString(params, 'identifier') || undefined,
  };
}

/**
 * The cursor options of a links listing and `integrationIdentifier`.
 *
 * @example
 * ```ts
 * parseAgentIntegrationSearch(new URLSearchParams('integrationIdentifier=slack')).integrationIdentifier; // 'slack'
 * ```
 */
export function parseAgentIntegrationSearch(params: URLSearchParams): AgentIntegrationSearch {
  return {
    ...cursorSearch(params),
    integrationIdentifier: queryString(params, 'integrationIdentifier') || undefined,
  };
}
