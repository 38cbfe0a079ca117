import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  channelEndpointsCreateRoute,
  channelEndpointsDeleteRoute,
  channelEndpointsListRoute,
  channelEndpointsRetrieveRoute,
  channelEndpointsUpdateRoute,
} from '../routes/channel-endpoints';

/** {@inheritDoc ChannelEndpoints.create} */
export const channelEndpointsCreate = (
  ...args: OperationArgs<typeof channelEndpointsCreateRoute>
) => call(channelEndpointsCreateRoute, args);

/** {@inheritDoc ChannelEndpoints.delete} */
export const channelEndpointsDelete = (
  ...args: OperationArgs<typeof channelEndpointsDeleteRoute>
) => call(channelEndpointsDeleteRoute, args);

/** {@inheritDoc ChannelEndpoints.list} */
export const channelEndpointsList = (...args: OperationArgs<typeof channelEndpointsListRoute>) =>
  cursorPages(channelEndpointsListRoute, args);

/** {@inheritDoc ChannelEndpoints.retrieve} */
export const channelEndpointsRetrieve = (
  ...args: OperationArgs<typeof channelEndpointsRetrieveRoute>
) => call(channelEndpointsRetrieveRoute, args);

/** {@inheritDoc ChannelEndpoints.update} */
export const channelEndpointsUpdate = (
  ...args: OperationArgs<typeof channelEndpointsUpdateRoute>
) => call(channelEndpointsUpdateRoute, args);
