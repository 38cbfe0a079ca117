/**
 * The integration operations that point at a provider (docs/behaviour/integrations.md#provider-links):
 * inbound-webhook auto-configuration, the chat OAuth URLs, Telegram's webhook, mobile setup link
 * and deep link. The engine calls no provider: each answers what the service answers from the
 * integration alone, the URL a user would open.
 *
 * @module
 */

import {
  ChatOAuthUrlBody,
  ConnectOAuthUrlBody,
  LinkChannelEndpointBody,
  LinkUserOAuthUrlBody,
  MobileLinkBody,
} from '../../../src/schemas/integration-links';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findSubscriber } from './subscribers';

/** Where the engine says the service's API and dashboard are (the cloud's US addresses). */
export const ENGINE_API_ROOT = 'https://api.svc.co';
const DASHBOARD_ROOT = 'https://dashboard.svc.co';
/** The client id the service's demo Slack app (`svc-slack`) stands for in the engine. */
export const DEMO_SLACK_CLIENT_ID = 'svc-demo-slack-client-id';
const OAUTH_CALLBACK = `${ENGINE_API_ROOT}/v1/integrations/chat/oauth/callback`;
const SLACK_AUTHORIZE = 'https://slack.com/oauth/v2/authorize?';
const SLACK_DEFAULT_SCOPES = [
  'chat:write',
  'chat:write.public',
  'channels:read',
  'groups:read',
  'users:read',
  'users:read.email',
];
const SLACK_LINK_USER_SCOPES = ['identity.basic'];
/** How long a mobile setup link lives (the engine's figure). */
const MOBILE_LINK_TTL_MS = 15 * 60_000;
/** Providers whose SDK auto-configures inbound webhooks (the others need a manual setup). */
const AUTO_CONFIGURABLE = new Set(['mailgun']);
const NOT_AUTO_CONFIGURABLE =
  'A support of auto-configuration of inbound webhook is not implemented by provider, manual configuration is required';

/**
 * The answer of an auto-configure.
 *
 * @example
 * ```ts
 * const result: AutoConfigureResultDto = { success: false, message: 'manual configuration is required' };
 * ```
 */
export interface AutoConfigureResultDto {
  success: boolean;
  message?: string;
  integration?: Record<string, unknown>;
}

const encoder = new TextEncoder();

/** Unpadded base64url of a JSON value: the OAuth `state` the provider hands back. */
function encodeState(value: unknown): string {
  let binary = '';
  for (const byte of encoder.encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function liveIn(data: EnvironmentData, matches: (integration: IntegrationRecord) => boolean) {
  return tables.integrations.find(
    data,
    (integration) => !integration.deleted && matches(integration),
  );
}

/** The first live chat integration with this identifier that `matches` picks (by the index). */
function liveChatIntegration(
  data: EnvironmentData,
  identifier: string,
  matches: (integration: IntegrationRecord) => boolean = () => true,
): IntegrationRecord | undefined {
  return tables.integrations
    .withIdentifier(data, identifier)
    .find(
      (integration) =>
        !integration.deleted && integration.channel === 'chat' && matches(integration),
    );
}

/** The environment's chat integration with this identifier among `providers`, or the service's 404. */
function chatIntegration(
  scope: EngineScope,
  identifier: string,
  providers: readonly string[],
): IntegrationRecord {
  const found = liveChatIntegration(scope.data, identifier, (integration) =>
    providers.includes(integration.providerId),
  );
  if (!found) {
    throw ServiceError.http(
      404,
      `Integration not found: ${identifier} in environment ${scope.environment._id}`,
    );
  }
  return found;
}

function credential(integration: IntegrationRecord, name: string): string | undefined {
  const value = (integration.credentials as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface OAuthRequest {
  subscriberId?: string | undefined;
  connectionIdentifier?: string | undefined;
  context?: unknown;
  scope?: string[] | undefined;
  userScope?: string[] | undefined;
  mode: 'connect' | 'link_user';
  connectionMode?: 'subscriber' | 'shared' | undefined;
  autoLinkUser?: boolean | undefined;
}

function stateOf(scope: EngineScope, integration: IntegrationRecord, request: OAuthRequest) {
  return encodeState({
    identifier: request.connectionIdentifier,
    subscriberId: request.subscriberId,
    context: request.context,
    environmentId: scope.environment._id,
    organizationId: scope.environment._organizationId,
    integrationIdentifier: integration.identifier,
    providerId: integration.providerId,
    timestamp: scope.now(),
    mode: request.mode,
    connectionMode: request.connectionMode,
    autoLinkUser: request.autoLinkUser,
  });
}

function checkConnectionMode(request: OAuthRequest): void {
  if (request.scope?.includes('incoming-webhook') && !request.subscriberId) {
    throw ServiceError.http(400, 'subscriberId is required for incoming webhook');
  }
  if (request.connectionMode === 'shared' && request.context === undefined) {
    throw ServiceError.http(400, 'context is required when connectionMode is "shared"');
  }
}

function slackUrl(scope: EngineScope, integration: IntegrationRecord, request: OAuthRequest) {
  checkConnectionMode(request);
  const clientId =
    integration.providerId === 'svc-slack'
      ? DEMO_SLACK_CLIENT_ID
      : credential(integration, 'clientId');
  if (!clientId) {
    throw ServiceError.http(
      404,
      'Slack integration missing required OAuth credentials (clientId) ',
    );
  }
  const params = new URLSearchParams({
    state: stateOf(scope, integration, request),
    client_id: clientId,
    redirect_uri: OAUTH_CALLBACK,
  });
  if (request.mode === 'link_user') {
    params.set('user_scope', (request.userScope ?? SLACK_LINK_USER_SCOPES).join(','));
  } else {
    params.set('scope', (request.scope ?? SLACK_DEFAULT_SCOPES).join(','));
  }
  return `${SLACK_AUTHORIZE}${params.toString()}`;
}

function teamsUrl(scope: EngineScope, integration: IntegrationRecord, request: OAuthRequest) {
  checkConnectionMode(request);
  const clientId = credential(integration, 'clientId');
  if (!clientId) {
    throw ServiceError.http(
      404,
      'MS Teams integration missing required OAuth credentials (clientId)',
    );
  }
  const state = stateOf(scope, integration, request);
  if (request.mode === 'link_user') {
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: OAUTH_CALLBACK,
      scope: 'openid profile User.Read',
      state,
    });
    return `https://login.microsoftonline.com/common/oauth2/v2.0/authorize?${params.toString()}`;
  }
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: OAUTH_CALLBACK, state });
  return `https://login.microsoftonline.com/organizations/adminconsent?${params.toString()}`;
}

function oauthUrl(
  scope: EngineScope,
  identifier: string,
  providers: readonly string[],
  request: OAuthRequest,
): { url: string } {
  const integration = chatIntegration(scope, identifier, providers);
  const url =
    integration.providerId === 'msteams'
      ? teamsUrl(scope, integration, request)
      : slackUrl(scope, integration, request);
  return { url };
}

/** `POST /v1/integrations/chat/oauth` (deprecated): Slack (or the demo Slack) only. */
export function chatOAuthUrl(scope: EngineScope, body: unknown): { url: string } {
  const input = validateBody(ChatOAuthUrlBody, body);
  return oauthUrl(scope, input.integrationIdentifier, ['slack', 'svc-slack'], {
    ...input,
    mode: input.mode ?? 'connect',
  });
}

/** `POST /v1/integrations/channel-connections/oauth`: Slack, the demo Slack or MS Teams. */
export function connectOAuthUrl(scope: EngineScope, body: unknown): { url: string } {
  const input = validateBody(ConnectOAuthUrlBody, body);
  return oauthUrl(scope, input.integrationIdentifier, ['slack', 'svc-slack', 'msteams'], {
    ...input,
    mode: 'connect',
  });
}

/** `POST /v1/integrations/channel-endpoints/oauth`: Slack, the demo Slack or MS Teams. */
export function linkUserOAuthUrl(scope: EngineScope, body: unknown): { url: string } {
  const input = validateBody(LinkUserOAuthUrlBody, body);
  return oauthUrl(scope, input.integrationIdentifier, ['slack', 'svc-slack', 'msteams'], {
    ...input,
    mode: 'link_user',
  });
}

/**
 * `POST /v1/integrations/{integrationId}/auto-configure`: found by `_id` in the organization
 * (404 `Integration not found, id: <id>`). A provider whose SDK configures inbound webhooks gets
 * them turned on with a new signing key, answered with the integration (credentials `{}`); any
 * other answers `success: false` and changes nothing.
 */
export function autoConfigureIntegration(
  scope: EngineScope,
  integrationId: string,
): AutoConfigureResultDto {
  const id = isObjectId(integrationId) ? integrationId.toLowerCase() : undefined;
  let owner: EnvironmentData | undefined;
  let integration: IntegrationRecord | undefined;
  for (const data of scope.organizationData()) {
    integration = liveIn(data, (candidate) => candidate._id === id);
    if (integration) {
      owner = data;
      break;
    }
  }
  if (!owner || !integration) {
    throw ServiceError.http(404, `Integration not found, id: ${integrationId}`);
  }
  if (!AUTO_CONFIGURABLE.has(integration.providerId)) {
    return { success: false, message: NOT_AUTO_CONFIGURABLE };
  }
  tables.integrations.edit(owner, integration);
  integration.configurations = {
    ...integration.configurations,
    inboundWebhookEnabled: true,
    inboundWebhookSigningKey: scope.ids.shortId(32),
  };
  integration.updatedAt = scope.iso();
  const { credentials: _credentials, ...rest } = structuredClone(integration);
  return {
    success: true,
    message: 'Integration auto-configured successfully',
    integration: { ...rest, credentials: {} },
  };
}

/** The environment's Telegram integration with this identifier, with its bot token. */
function telegramIntegration(
  scope: EngineScope,
  identifier: string,
): { integration: IntegrationRecord; botUsername: string } {
  const integration = liveChatIntegration(scope.data, identifier);
  if (!integration) {
    throw ServiceError.http(
      404,
      `Integration not found: ${identifier} in environment ${scope.environment._id}`,
    );
  }
  if (integration.providerId !== 'telegram') {
    throw ServiceError.http(
      400,
      `Provider ${integration.providerId} is not supported; only telegram is supported`,
    );
  }
  const token = credential(integration, 'apiToken');
  const botId = token?.split(':')[0];
  if (!token || !botId) {
    throw ServiceError.http(400, 'Telegram integration is missing its bot token (apiToken)');
  }
  return { integration, botUsername: `bot${botId}` };
}

/**
 * `POST /v1/integrations/{integrationIdentifier}/webhook/configure`: the webhook URL the service
 * registers with Telegram for the integration, now; nothing is called.
 */
export function configureChatWebhook(scope: EngineScope, identifier: string) {
  const { integration, botUsername } = telegramIntegration(scope, identifier);
  return {
    webhookUrl: `${ENGINE_API_ROOT}/v1/integrations/telegram/webhook/${integration._id}`,
    configuredAt: scope.iso(),
    botUsername,
  };
}

/** `POST /v1/integrations/{integrationIdentifier}/mobile-link`: a single-use setup link. */
export function createMobileLink(scope: EngineScope, identifier: string, body: unknown) {
  const input = validateBody(MobileLinkBody, body ?? {});
  telegramIntegration(scope, identifier);
  if (input.subscriberId !== undefined && !findSubscriber(scope.data, input.subscriberId)) {
    throw ServiceError.http(404, `Subscriber not found: ${input.subscriberId}`);
  }
  const token = scope.ids.shortId(32);
  return {
    token,
    url: `${DASHBOARD_ROOT}/integrations/telegram/connect/${token}`,
    expiresAt: new Date(scope.now() + MOBILE_LINK_TTL_MS).toISOString(),
  };
}

/**
 * `POST /v1/integrations/channel-endpoints/link`: Telegram's `/start` deep link for the
 * subscriber, or for Slack and MS Teams the link-user OAuth URL.
 */
export function linkChannelEndpoint(scope: EngineScope, body: unknown) {
  const input = validateBody(LinkChannelEndpointBody, body);
  if (!findSubscriber(scope.data, input.subscriberId)) {
    throw ServiceError.http(404, `Subscriber not found: ${input.subscriberId}`);
  }
  const integration = liveChatIntegration(scope.data, input.integrationIdentifier);
  if (integration && integration.providerId !== 'telegram') {
    const { url } = oauthUrl(
      scope,
      input.integrationIdentifier,
      ['slack', 'svc-slack', 'msteams'],
      {
        subscriberId: input.subscriberId,
        mode: 'link_user',
      },
    );
    return { url, providerMetadata: { providerId: integration.providerId } };
  }
  const { botUsername } = telegramIntegration(scope, input.integrationIdentifier);
  // Telegram's start parameter: at most 64 characters of [A-Za-z0-9_-].
  const start = scope.ids.shortId(32);
  return {
    url: `https://t.me/${botUsername}?start=${start}`,
    providerMetadata: { providerId: 'telegram', botUsername },
  };
}
