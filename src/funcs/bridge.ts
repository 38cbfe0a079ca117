import { call, type OperationArgs } from '../core/call';
import { bridgeSyncRoute } from '../routes/bridge';

/** {@inheritDoc Bridge.sync} */
export const bridgeSync = (...args: OperationArgs<typeof bridgeSyncRoute>) =>
  call(bridgeSyncRoute, args);
