/**
 * The handlers of the `channelConnections` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/channel-connections';
import {
  CONNECTION_FILTERS,
  createChannelConnection,
  deleteChannelConnection,
  listChannelConnections,
  retrieveChannelConnection,
  updateChannelConnection,
} from '../resources/channel-connections';
import { parseChannelSearch } from '../wire/channel-query';
import { defineOperation } from './operation';

export const channelConnectionsCreate = defineOperation(
  routes.channelConnectionsCreateRoute,
  (scope, { body }) => createChannelConnection(scope, body),
);

export const channelConnectionsList = defineOperation(
  routes.channelConnectionsListRoute,
  (scope, { query }) =>
    listChannelConnections(scope, parseChannelSearch(query, CONNECTION_FILTERS)),
);

export const channelConnectionsRetrieve = defineOperation(
  routes.channelConnectionsRetrieveRoute,
  (scope, { params }) => retrieveChannelConnection(scope, params.identifier),
);

export const channelConnectionsUpdate = defineOperation(
  routes.channelConnectionsUpdateRoute,
  (scope, { params, body }) => updateChannelConnection(scope, params.identifier, body),
);

export const channelConnectionsDelete = defineOperation(
  routes.channelConnectionsDeleteRoute,
  (scope, { params }) => deleteChannelConnection(scope, params.identifier),
);
