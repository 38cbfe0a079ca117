/**
 * The standalone functions of the `integrations` routes: each is one line over the shared call helper,
 * so an app that imports one bundles only its route and schemas.
 *
 * @module
 */
import { call, type OperationArgs } from '../core/call';
import {
  integrationsCreateRoute,
  integrationsDeleteRoute,
  integrationsListActiveRoute,
  integrationsListRoute,
  integrationsSetPrimaryRoute,
  integrationsUpdateRoute,
} from '../routes/integrations';

/** {@inheritDoc Integrations.create} */
export const integrationsCreate = (...args: OperationArgs<typeof integrationsCreateRoute>) =>
  call(integrationsCreateRoute, args);

/** {@inheritDoc Integrations.delete} */
export const integrationsDelete = (...args: OperationArgs<typeof integrationsDeleteRoute>) =>
  call(integrationsDeleteRoute, args);

/** {@inheritDoc Integrations.list} */
export const integrationsList = (...args: OperationArgs<typeof integrationsListRoute>) =>
  call(integrationsListRoute, args);

/** {@inheritDoc Integrations.setPrimary} */
export const integrationsSetPrimary = (
  ...args: OperationArgs<typeof integrationsSetPrimaryRoute>
) => call(integrationsSetPrimaryRoute, args);

/** {@inheritDoc Integrations.update} */
export const integrationsUpdate = (...args: OperationArgs<typeof integrationsUpdateRoute>) =>
  call(integrationsUpdateRoute, args);

/** {@inheritDoc Integrations.listActive} */
export const integrationsListActive = (
  ...args: OperationArgs<typeof integrationsListActiveRoute>
) => call(integrationsListActiveRoute, args);
