/**
 * The handlers of the `channelEndpoints` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/channel-endpoints';
import {
  createChannelEndpoint,
  deleteChannelEndpoint,
  ENDPOINT_FILTERS,
  listChannelEndpoints,
  retrieveChannelEndpoint,
  updateChannelEndpoint,
} from '../resources/channel-endpoints';
import { parseChannelSearch } from '../wire/channel-query';
import { defineOperation } from './operation';

export const channelEndpointsCreate = defineOperation(
  routes.channelEndpointsCreateRoute,
  (scope, { body }) => createChannelEndpoint(scope, body),
);

export const channelEndpointsList = defineOperation(
  routes.channelEndpointsListRoute,
  (scope, { query }) => listChannelEndpoints(scope, parseChannelSearch(query, ENDPOINT_FILTERS)),
);

export const channelEndpointsRetrieve = defineOperation(
  routes.channelEndpointsRetrieveRoute,
  (scope, { params }) => retrieveChannelEndpoint(scope, params.identifier),
);

export const channelEndpointsUpdate = defineOperation(
  routes.channelEndpointsUpdateRoute,
  (scope, { params, body }) => updateChannelEndpoint(scope, params.identifier, body),
);

export const channelEndpointsDelete = defineOperation(
  routes.channelEndpointsDeleteRoute,
  (scope, { params }) => deleteChannelEndpoint(scope, params.identifier),
);
