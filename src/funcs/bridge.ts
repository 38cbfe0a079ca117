/**
 * The standalone functions of the `bridge` routes: each is one line over the shared call helper,
 * so an app that imports one bundles only its route and schemas.
 *
 * @module
 */
import { call, type OperationArgs } from '../core/call';
import { bridgeSyncRoute } from '../routes/bridge';

/** {@inheritDoc Bridge.sync} */
export const bridgeSync = (...args: OperationArgs<typeof bridgeSyncRoute>) =>
  call(bridgeSyncRoute, args);
