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
  autoConfigureIntegration,
  chatOAuthUrl,
  configureChatWebhook,
  connectOAuthUrl,
  createMobileLink,
  linkChannelEndpoint,
  linkUserOAuthUrl,
} from '../resources/integration-links';
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

export const integrationsAutoConfigure = defineOperation(
  routes.integrationsAutoConfigureRoute,
  (scope, { params }) => autoConfigureIntegration(scope, params.integrationId),
);

export const integrationsConfigureWebhook = defineOperation(
  routes.integrationsConfigureWebhookRoute,
  (scope, { params }) => configureChatWebhook(scope, params.integrationIdentifier),
);

export const integrationsCreateMobileLink = defineOperation(
  routes.integrationsCreateMobileLinkRoute,
  (scope, { params, body }) => createMobileLink(scope, params.integrationIdentifier, body),
);

export const integrationsGenerateChatOAuthUrl = defineOperation(
  routes.integrationsGenerateChatOAuthUrlRoute,
  (scope, { body }) => chatOAuthUrl(scope, body),
);

export const integrationsGenerateConnectOAuthUrl = defineOperation(
  routes.integrationsGenerateConnectOAuthUrlRoute,
  (scope, { body }) => connectOAuthUrl(scope, body),
);

export const integrationsGenerateLinkUserOAuthUrl = defineOperation(
  routes.integrationsGenerateLinkUserOAuthUrlRoute,
  (scope, { body }) => linkUserOAuthUrl(scope, body),
);

export const integrationsLinkChannelEndpoint = defineOperation(
  routes.integrationsLinkChannelEndpointRoute,
  (scope, { body }) => linkChannelEndpoint(scope, body),
);
