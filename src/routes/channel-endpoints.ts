import {
  ChannelEndpoint,
  ChannelEndpointCreateBody,
  ChannelEndpointListQuery,
  ChannelEndpointListResponse,
  ChannelEndpointUpdateBody,
} from '../schemas/channel-endpoint';
import { NoContent } from '../schemas/common';
import type { Route } from './route';

/** `POST /v1/channel-endpoints`: adds a destination (Slack channel, webhook, phone, ...) to a subscriber. */
export const channelEndpointsCreateRoute = {
  operation: 'channelEndpoints.create',
  method: 'POST',
  path: '/v1/channel-endpoints',
  status: 201,
  category: 'configuration',
  body: ChannelEndpointCreateBody,
  response: ChannelEndpoint,
} as const satisfies Route;

/** `GET /v1/channel-endpoints`: a cursor page of endpoints, newest first. */
export const channelEndpointsListRoute = {
  operation: 'channelEndpoints.list',
  method: 'GET',
  path: '/v1/channel-endpoints',
  status: 200,
  category: 'configuration',
  query: ChannelEndpointListQuery,
  response: ChannelEndpointListResponse,
} as const satisfies Route;

/** `GET /v1/channel-endpoints/{identifier}`: one endpoint. */
export const channelEndpointsRetrieveRoute = {
  operation: 'channelEndpoints.retrieve',
  method: 'GET',
  path: '/v1/channel-endpoints/:identifier',
  status: 200,
  category: 'configuration',
  response: ChannelEndpoint,
} as const satisfies Route;

/** `PATCH /v1/channel-endpoints/{identifier}`: replaces its destination. */
export const channelEndpointsUpdateRoute = {
  operation: 'channelEndpoints.update',
  method: 'PATCH',
  path: '/v1/channel-endpoints/:identifier',
  status: 200,
  category: 'configuration',
  body: ChannelEndpointUpdateBody,
  response: ChannelEndpoint,
} as const satisfies Route;

/** `DELETE /v1/channel-endpoints/{identifier}`: deletes an endpoint; 204 No Content. */
export const channelEndpointsDeleteRoute = {
  operation: 'channelEndpoints.delete',
  method: 'DELETE',
  path: '/v1/channel-endpoints/:identifier',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;
