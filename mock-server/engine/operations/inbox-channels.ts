/**
 * The Inbox's channel connection and endpoint routes (`/v1/inbox/channel-connections`,
 * `/v1/inbox/channel-endpoints`), each beside its handler; listed with the other Inbox
 * operations (`operations/inbox.ts`).
 *
 * @module
 */

import {
  deleteInboxConnection,
  deleteInboxEndpoint,
  listInboxConnections,
  listInboxEndpoints,
  retrieveInboxConnection,
  retrieveInboxEndpoint,
} from '../inbox/inbox-channels';
import { inboxRoute } from './inbox-route';
import { defineOperation } from './operation';

/** The Inbox's channel operations, in declaration order. */
export const INBOX_CHANNEL_OPERATIONS = [
  defineOperation(
    inboxRoute('channelConnections.list', 'GET', '/channel-connections', { answer: 'whole' }),
    (scope, { subscriber, query }) => listInboxConnections(scope, subscriber, query),
  ),
  defineOperation(
    inboxRoute('channelConnections.retrieve', 'GET', '/channel-connections/:identifier'),
    (scope, { subscriber, params }) =>
      retrieveInboxConnection(scope, subscriber, params.identifier),
  ),
  defineOperation(
    inboxRoute('channelConnections.delete', 'DELETE', '/channel-connections/:identifier', {
      status: 204,
    }),
    (scope, { subscriber, params }) => deleteInboxConnection(scope, subscriber, params.identifier),
  ),
  defineOperation(
    inboxRoute('channelEndpoints.list', 'GET', '/channel-endpoints', { answer: 'whole' }),
    (scope, { subscriber, query }) => listInboxEndpoints(scope, subscriber, query),
  ),
  defineOperation(
    inboxRoute('channelEndpoints.retrieve', 'GET', '/channel-endpoints/:identifier'),
    (scope, { subscriber, params }) => retrieveInboxEndpoint(scope, subscriber, params.identifier),
  ),
  defineOperation(
    inboxRoute('channelEndpoints.delete', 'DELETE', '/channel-endpoints/:identifier', {
      status: 204,
    }),
    (scope, { subscriber, params }) => deleteInboxEndpoint(scope, subscriber, params.identifier),
  ),
];
