/**
 * The handlers of the `integrations` routes, each beside its route. Integrations are
 * organization-wide: listing and choosing the primary one read every environment of the
 * caller's organization.
 *
 * @module
 */

import * as routes from '../../../src/routes/integrations';
import { deleteIntegration, updateIntegration } from '../resources/integration-changes';
import {
  createIntegration,
  listIntegrations,
  setPrimaryIntegration,
} from '../resources/integrations';
import { listActiveIntegrations } from '../run/active-integrations';
import { defineOperation } from './operation';

export const integrationsCreate = defineOperation(
  routes.integrationsCreateRoute,
  (scope, { body }) => createIntegration(scope, body),
);

export const integrationsList = defineOperation(routes.integrationsListRoute, (scope) =>
  listIntegrations(scope),
);

export const integrationsSetPrimary = defineOperation(
  routes.integrationsSetPrimaryRoute,
  (scope, { params }) => setPrimaryIntegration(scope, params.integrationId),
);

export const integrationsUpdate = defineOperation(
  routes.integrationsUpdateRoute,
  (scope, { params, body }) => updateIntegration(scope, params.integrationId, body),
);

export const integrationsDelete = defineOperation(
  routes.integrationsDeleteRoute,
  (scope, { params }) => deleteIntegration(scope, params.integrationId),
);

export const integrationsListActive = defineOperation(routes.integrationsListActiveRoute, (scope) =>
  listActiveIntegrations(scope),
);
