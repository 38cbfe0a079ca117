import { call, type OperationArgs } from '../core/call';
import {
  integrationsAutoConfigureRoute,
  integrationsConfigureWebhookRoute,
  integrationsCreateMobileLinkRoute,
  integrationsCreateRoute,
  integrationsDeleteRoute,
  integrationsGenerateChatOAuthUrlRoute,
  integrationsGenerateConnectOAuthUrlRoute,
  integrationsGenerateLinkUserOAuthUrlRoute,
  integrationsLinkChannelEndpointRoute,
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

/** {@inheritDoc Integrations.autoConfigure} */
export const integrationsAutoConfigure = (
  ...args: OperationArgs<typeof integrationsAutoConfigureRoute>
) => call(integrationsAutoConfigureRoute, args);

/** {@inheritDoc Integrations.configureWebhook} */
export const integrationsConfigureWebhook = (
  ...args: OperationArgs<typeof integrationsConfigureWebhookRoute>
) => call(integrationsConfigureWebhookRoute, args);

/** {@inheritDoc Integrations.createMobileLink} */
export const integrationsCreateMobileLink = (
  ...args: OperationArgs<typeof integrationsCreateMobileLinkRoute>
) => call(integrationsCreateMobileLinkRoute, args);

/** {@inheritDoc Integrations.generateChatOAuthUrl} */
export const integrationsGenerateChatOAuthUrl = (
  ...args: OperationArgs<typeof integrationsGenerateChatOAuthUrlRoute>
) => call(integrationsGenerateChatOAuthUrlRoute, args);

/** {@inheritDoc Integrations.generateConnectOAuthUrl} */
export const integrationsGenerateConnectOAuthUrl = (
  ...args: OperationArgs<typeof integrationsGenerateConnectOAuthUrlRoute>
) => call(integrationsGenerateConnectOAuthUrlRoute, args);

/** {@inheritDoc Integrations.generateLinkUserOAuthUrl} */
export const integrationsGenerateLinkUserOAuthUrl = (
  ...args: OperationArgs<typeof integrationsGenerateLinkUserOAuthUrlRoute>
) => call(integrationsGenerateLinkUserOAuthUrlRoute, args);

/** {@inheritDoc Integrations.linkChannelEndpoint} */
export const integrationsLinkChannelEndpoint = (
  ...args: OperationArgs<typeof integrationsLinkChannelEndpointRoute>
) => call(integrationsLinkChannelEndpointRoute, args);
