import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  channelConnectionsCreateRoute,
  channelConnectionsDeleteRoute,
  channelConnectionsListRoute,
  channelConnectionsRetrieveRoute,
  channelConnectionsUpdateRoute,
} from '../routes/channel-connections';

/** {@inheritDoc ChannelConnections.create} */
export const channelConnectionsCreate = (
  ...args: OperationArgs<typeof channelConnectionsCreateRoute>
) => call(channelConnectionsCreateRoute, args);

/** {@inheritDoc ChannelConnections.delete} */
export const channelConnectionsDelete = (
  ...args: OperationArgs<typeof channelConnectionsDeleteRoute>
) => call(channelConnectionsDeleteRoute, args);

/** {@inheritDoc ChannelConnections.list} */
export const channelConnectionsList = (
  ...args: OperationArgs<typeof channelConnectionsListRoute>
) => cursorPages(channelConnectionsListRoute, args);

/** {@inheritDoc ChannelConnections.retrieve} */
export const channelConnectionsRetrieve = (
  ...args: OperationArgs<typeof channelConnectionsRetrieveRoute>
) => call(channelConnectionsRetrieveRoute, args);

/** {@inheritDoc ChannelConnections.update} */
export const channelConnectionsUpdate = (
  ...args: OperationArgs<typeof channelConnectionsUpdateRoute>
) => call(channelConnectionsUpdateRoute, args);
