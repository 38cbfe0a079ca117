import {
  ActiveIntegrationList,
  Integration,
  IntegrationCreateBody,
  IntegrationList,
  IntegrationUpdateBody,
} from '../schemas/integration';
import {
  AutoConfigureIntegrationResult,
  ChannelEndpointLink,
  ChatOAuthUrl,
  ChatOAuthUrlBody,
  ConfiguredChatWebhook,
  ConnectOAuthUrlBody,
  LinkChannelEndpointBody,
  LinkUserOAuthUrlBody,
  MobileLink,
  MobileLinkBody,
} from '../schemas/integration-links';
import type { Route } from './route';

/** `POST /v1/integrations`: creates an integration. */
export const integrationsCreateRoute = {
  operation: 'integrations.create',
  method: 'POST',
  path: '/v1/integrations',
  status: 201,
  category: 'global',
  body: IntegrationCreateBody,
  response: Integration,
} as const satisfies Route;

/** `GET /v1/integrations`: every integration of the organization. */
export const integrationsListRoute = {
  operation: 'integrations.list',
  method: 'GET',
  path: '/v1/integrations',
  status: 200,
  category: 'global',
  response: IntegrationList,
} as const satisfies Route;

/** `POST /v1/integrations/{integrationId}/set-primary`: makes it its channel's primary. */
export const integrationsSetPrimaryRoute = {
  operation: 'integrations.setPrimary',
  method: 'POST',
  path: '/v1/integrations/:integrationId/set-primary',
  // The spec says 200; the service answers Nest's POST default 201 (docs/engine-differences.md).
  status: 200,
  category: 'global',
  response: Integration,
} as const satisfies Route;

/** `PUT /v1/integrations/{integrationId}`: changes an integration. */
export const integrationsUpdateRoute = {
  operation: 'integrations.update',
  method: 'PUT',
  path: '/v1/integrations/:integrationId',
  status: 200,
  category: 'global',
  body: IntegrationUpdateBody,
  response: Integration,
} as const satisfies Route;

/** `DELETE /v1/integrations/{integrationId}`: deletes an integration; answers the remaining ones. */
export const integrationsDeleteRoute = {
  operation: 'integrations.delete',
  method: 'DELETE',
  path: '/v1/integrations/:integrationId',
  status: 200,
  category: 'global',
  response: IntegrationList,
} as const satisfies Route;

/** `GET /v1/integrations/active`: the organization's active integrations, each `selected` or not. */
export const integrationsListActiveRoute = {
  operation: 'integrations.listActive',
  method: 'GET',
  path: '/v1/integrations/active',
  status: 200,
  category: 'global',
  response: ActiveIntegrationList,
} as const satisfies Route;

/** `POST /v1/integrations/{integrationId}/auto-configure`: configures the provider's inbound webhooks. */
export const integrationsAutoConfigureRoute = {
  operation: 'integrations.autoConfigure',
  method: 'POST',
  path: '/v1/integrations/:integrationId/auto-configure',
  status: 200,
  category: 'global',
  response: AutoConfigureIntegrationResult,
} as const satisfies Route;

/** `POST /v1/integrations/{integrationIdentifier}/webhook/configure`: registers the bot webhook (Telegram). */
export const integrationsConfigureWebhookRoute = {
  operation: 'integrations.configureWebhook',
  method: 'POST',
  path: '/v1/integrations/:integrationIdentifier/webhook/configure',
  status: 200,
  category: 'global',
  response: ConfiguredChatWebhook,
} as const satisfies Route;

/** `POST /v1/integrations/{integrationIdentifier}/mobile-link`: a short-lived mobile setup link (Telegram). */
export const integrationsCreateMobileLinkRoute = {
  operation: 'integrations.createMobileLink',
  method: 'POST',
  path: '/v1/integrations/:integrationIdentifier/mobile-link',
  status: 200,
  category: 'global',
  body: MobileLinkBody,
  response: MobileLink,
} as const satisfies Route;

/** `POST /v1/integrations/chat/oauth` (deprecated): a chat provider's OAuth URL. */
export const integrationsGenerateChatOAuthUrlRoute = {
  operation: 'integrations.generateChatOAuthUrl',
  method: 'POST',
  path: '/v1/integrations/chat/oauth',
  status: 201,
  category: 'global',
  body: ChatOAuthUrlBody,
  response: ChatOAuthUrl,
} as const satisfies Route;

/** `POST /v1/integrations/channel-connections/oauth`: the OAuth URL of a workspace/tenant connection. */
export const integrationsGenerateConnectOAuthUrlRoute = {
  operation: 'integrations.generateConnectOAuthUrl',
  method: 'POST',
  path: '/v1/integrations/channel-connections/oauth',
  status: 201,
  category: 'global',
  body: ConnectOAuthUrlBody,
  response: ChatOAuthUrl,
} as const satisfies Route;

/** `POST /v1/integrations/channel-endpoints/oauth`: the OAuth URL linking one subscriber's identity. */
export const integrationsGenerateLinkUserOAuthUrlRoute = {
  operation: 'integrations.generateLinkUserOAuthUrl',
  method: 'POST',
  path: '/v1/integrations/channel-endpoints/oauth',
  status: 201,
  category: 'global',
  body: LinkUserOAuthUrlBody,
  response: ChatOAuthUrl,
} as const satisfies Route;

/** `POST /v1/integrations/channel-endpoints/link`: the URL a subscriber opens to link a chat identity. */
export const integrationsLinkChannelEndpointRoute = {
  operation: 'integrations.linkChannelEndpoint',
  method: 'POST',
  path: '/v1/integrations/channel-endpoints/link',
  status: 200,
  category: 'global',
  body: LinkChannelEndpointBody,
  response: ChannelEndpointLink,
} as const satisfies Route;
