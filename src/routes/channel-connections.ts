import {
  ChannelConnection,
  ChannelConnectionCreateBody,
  ChannelConnectionListQuery,
  ChannelConnectionListResponse,
  ChannelConnectionUpdateBody,
} from '../schemas/channel-connection';
import { NoContent } from '../schemas/common';
import type { Route } from './route';

/** `POST /v1/channel-connections`: connects a subscriber (or a context) to a chat workspace. */
export const channelConnectionsCreateRoute = {
  operation: 'channelConnections.create',
  method: 'POST',
  path: '/v1/channel-connections',
  status: 201,
  category: 'configuration',
  body: ChannelConnectionCreateBody,
  response: ChannelConnection,
} as const satisfies Route;

/** `GET /v1/channel-connections`: a cursor page of connections, newest first. */
export const channelConnectionsListRoute = {
  operation: 'channelConnections.list',
  method: 'GET',
  path: '/v1/channel-connections',
  status: 200,
  category: 'configuration',
  query: ChannelConnectionListQuery,
  response: ChannelConnectionListResponse,
} as const satisfies Route;

/** `GET /v1/channel-connections/{identifier}`: one connection. */
export const channelConnectionsRetrieveRoute = {
  operation: 'channelConnections.retrieve',
  method: 'GET',
  path: '/v1/channel-connections/:identifier',
  status: 200,
  category: 'configuration',
  response: ChannelConnection,
} as const satisfies Route;

/** `PATCH /v1/channel-connections/{identifier}`: replaces its workspace and credentials. */
export const channelConnectionsUpdateRoute = {
  operation: 'channelConnections.update',
  method: 'PATCH',
  path: '/v1/channel-connections/:identifier',
  status: 200,
  category: 'configuration',
  body: ChannelConnectionUpdateBody,
  response: ChannelConnection,
} as const satisfies Route;

/** `DELETE /v1/channel-connections/{identifier}`: deletes a connection; 204 No Content. */
export const channelConnectionsDeleteRoute = {
  operation: 'channelConnections.delete',
  method: 'DELETE',
  path: '/v1/channel-connections/:identifier',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;
