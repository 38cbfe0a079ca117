/**
 * The Inbox's view of channel connections and endpoints (`/v1/inbox/channel-connections`,
 * `/v1/inbox/channel-endpoints`, what @novu/js's Slack connect button reads): the same records as
 * the admin API's, limited to the session's subscriber and shown as the service's Inbox DTOs
 * (the identifier, and an endpoint's type) (docs/behaviour/channels.md#inbox).
 *
 * @module
 */

import { deleteChannelConnection } from '../resources/channel-connections';
import { deleteChannelEndpoint } from '../resources/channel-endpoints';
import { listChannelRows } from '../resources/channel-listing';
import type { EngineScope } from '../scope';
import type {
  ChannelConnectionRecord,
  ChannelEndpointRecord,
  SubscriberRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { parseChannelSearch } from '../wire/channel-query';
import { ServiceError } from '../wire/service-error';

/**
 * A page of the Inbox's channel listing.
 *
 * @example
 * ```ts
 * const page: InboxChannelPage<{ identifier: string }> = { data: [{ identifier: 'chconn-a1b2c3' }], next: null, previous: null };
 * ```
 */
export interface InboxChannelPage<T> {
  data: T[];
  next: string | null;
  previous: string | null;
}

const CONNECTION_FILTERS = ['channel', 'providerId', 'integrationIdentifier'] as const;
const ENDPOINT_FILTERS = [...CONNECTION_FILTERS, 'connectionIdentifier'] as const;

/** A record of another subscriber is not found; a shared (subscriber-less) one is the session's. */
function ownedBy<T extends ChannelConnectionRecord | ChannelEndpointRecord>(
  record: T | undefined,
  subscriber: SubscriberRecord,
  kind: 'connection' | 'endpoint',
  identifier: string,
): T {
  if (record === undefined) {
    throw ServiceError.http(404, `Channel ${kind} with identifier '${identifier}' not found`);
  }
  if (record.subscriberId && record.subscriberId !== subscriber.subscriberId) {
    throw ServiceError.http(404, `Channel ${kind} not found: ${identifier}`);
  }
  return record;
}

function page<T extends { _id: string; contextKeys: string[] }, D>(
  rows: Iterable<T>,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
  filters: readonly string[],
  view: (row: T) => D,
): InboxChannelPage<D> {
  const search = parseChannelSearch(query, filters);
  search.filters['subscriberId'] = subscriber.subscriberId;
  const found = listChannelRows(rows, search);
  return { data: found.data.map(view), next: found.next, previous: found.previous };
}

/** `GET /v1/inbox/channel-connections`: the session subscriber's connections. */
export function listInboxConnections(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): InboxChannelPage<{ identifier: string }> {
  return page(
    tables.channelConnections.values(scope.data),
    subscriber,
    query,
    CONNECTION_FILTERS,
    (connection) => ({ identifier: connection.identifier }),
  );
}

/** `GET /v1/inbox/channel-connections/{identifier}`. */
export function retrieveInboxConnection(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  identifier: string,
): { identifier: string } {
  const connection = tables.channelConnections.get(scope.data, identifier);
  return { identifier: ownedBy(connection, subscriber, 'connection', identifier).identifier };
}

/** `DELETE /v1/inbox/channel-connections/{identifier}`. */
export function deleteInboxConnection(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  identifier: string,
): undefined {
  ownedBy(
    tables.channelConnections.get(scope.data, identifier),
    subscriber,
    'connection',
    identifier,
  );
  return deleteChannelConnection(scope, identifier);
}

/** `GET /v1/inbox/channel-endpoints`: the session subscriber's endpoints. */
export function listInboxEndpoints(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): InboxChannelPage<{ identifier: string; type: string }> {
  return page(
    tables.channelEndpoints.values(scope.data),
    subscriber,
    query,
    ENDPOINT_FILTERS,
    (endpoint) => ({ identifier: endpoint.identifier, type: endpoint.type }),
  );
}

/** `GET /v1/inbox/channel-endpoints/{identifier}`. */
export function retrieveInboxEndpoint(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  identifier: string,
): { identifier: string; type: string } {
  const endpoint = ownedBy(
    tables.channelEndpoints.get(scope.data, identifier),
    subscriber,
    'endpoint',
    identifier,
  );
  return { identifier: endpoint.identifier, type: endpoint.type };
}

/** `DELETE /v1/inbox/channel-endpoints/{identifier}`. */
export function deleteInboxEndpoint(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  identifier: string,
): undefined {
  ownedBy(tables.channelEndpoints.get(scope.data, identifier), subscriber, 'endpoint', identifier);
  return deleteChannelEndpoint(scope, identifier);
}
