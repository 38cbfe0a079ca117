import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  integrationsAutoConfigure,
  integrationsConfigureWebhook,
  integrationsCreate,
  integrationsCreateMobileLink,
  integrationsDelete,
  integrationsGenerateChatOAuthUrl,
  integrationsGenerateConnectOAuthUrl,
  integrationsGenerateLinkUserOAuthUrl,
  integrationsLinkChannelEndpoint,
  integrationsList,
  integrationsListActive,
  integrationsSetPrimary,
  integrationsUpdate,
} from '../funcs/integrations';
import type {
  ActiveIntegration,
  Integration,
  IntegrationCreateBody,
  IntegrationUpdateBody,
} from '../schemas/integration';
import type {
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

/**
 * The `svc.integrations` namespace: provider integrations of the channels.
 *
 * @example
 * ```ts
 * const integrations = await svc.integrations.list();
 * ```
 */
export class Integrations {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a provider integration in the key's environment (`POST /v1/integrations`).
   *
   * @throws {@link ConflictError} when the `identifier` is already used.
   *
   * @example
   * ```ts
   * const integration = await svc.integrations.create({
   *   providerId: 'sendgrid',
   *   channel: 'email',
   *   credentials: { apiKey: 'SG.xxx' },
   *   active: true,
   * });
   * ```
   */
  create(body: IntegrationCreateBody, options?: RequestOptions): APIPromise<Integration> {
    return integrationsCreate(this.#core, body, options);
  }

  /**
   * Lists the channel integrations (`GET /v1/integrations`).
   *
   * @example
   * ```ts
   * const integrations = await svc.integrations.list();
   * const primaryEmail = integrations.find((i) => i.channel === 'email' && i.primary);
   * ```
   */
  list(options?: RequestOptions): APIPromise<Integration[]> {
    return integrationsList(this.#core, options);
  }

  /**
   * Lists the organization's active integrations (`GET /v1/integrations/active`), each marked
   * `selected` when its environment's steps of its channel deliver through it.
   *
   * @example
   * ```ts
   * const active = await svc.integrations.listActive();
   * const sending = active.filter((integration) => integration.selected);
   * ```
   */
  listActive(options?: RequestOptions): APIPromise<ActiveIntegration[]> {
    return integrationsListActive(this.#core, options);
  }

  /**
   * Makes an email or SMS integration the primary one of its channel (`POST
   * /v1/integrations/{integrationId}/set-primary`).
   *
   * @throws {@link BadRequestError} for channels without a primary (in_app, chat, push).
   *
   * @example
   * ```ts
   * const integration = await svc.integrations.setPrimary('64da692e9a94fb2e6449ad10');
   * ```
   */
  setPrimary(integrationId: string, options?: RequestOptions): APIPromise<Integration> {
    return integrationsSetPrimary(this.#core, integrationId, options);
  }

  /**
   * Changes an integration of the organization (`PUT /v1/integrations/{integrationId}`): the
   * given fields only; `credentials` and `conditions` replace the stored ones. Turning `hmac` on
   * in the in-app integration's credentials makes the Inbox require a `subscriberHash`.
   *
   * @throws {@link NotFoundError} when the organization has no such integration.
   * @throws {@link ConflictError} when the new `identifier` is already used.
   * @throws {@link BadRequestError} when the body changes nothing.
   *
   * @example
   * ```ts
   * const inApp = (await svc.integrations.list()).find((i) => i.channel === 'in_app');
   * if (inApp?._id) await svc.integrations.update(inApp._id, { credentials: { hmac: true } });
   * ```
   */
  update(
    integrationId: string,
    body: IntegrationUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Integration> {
    return integrationsUpdate(this.#core, integrationId, body, options);
  }

  /**
   * Deletes an integration of the organization (`DELETE /v1/integrations/{integrationId}`) and
   * answers the integrations left.
   *
   * @throws {@link NotFoundError} when the organization has no such integration.
   *
   * @example
   * ```ts
   * const remaining = await svc.integrations.delete('64da692e9a94fb2e6449ad10');
   * ```
   */
  delete(integrationId: string, options?: RequestOptions): APIPromise<Integration[]> {
    return integrationsDelete(this.#core, integrationId, options);
  }

  /**
   * Auto-configures the provider's inbound webhooks (`POST
   * /v1/integrations/{integrationId}/auto-configure`): `success: false` with the reason when the
   * provider needs a manual setup.
   *
   * @example
   * ```ts
   * const { success, message } = await svc.integrations.autoConfigure(integration._id);
   * ```
   */
  autoConfigure(
    integrationId: string,
    options?: RequestOptions,
  ): APIPromise<AutoConfigureIntegrationResult> {
    return integrationsAutoConfigure(this.#core, integrationId, options);
  }

  /**
   * Registers the service's webhook URL with the chat provider (`POST
   * /v1/integrations/{integrationIdentifier}/webhook/configure`; Telegram).
   *
   * @example
   * ```ts
   * const { webhookUrl, botUsername } = await svc.integrations.configureWebhook('telegram-bot');
   * ```
   */
  configureWebhook(
    integrationIdentifier: string,
    options?: RequestOptions,
  ): APIPromise<ConfiguredChatWebhook> {
    return integrationsConfigureWebhook(this.#core, integrationIdentifier, options);
  }

  /**
   * Issues a short-lived, single-use mobile setup link for a chat integration (`POST
   * /v1/integrations/{integrationIdentifier}/mobile-link`; Telegram).
   *
   * @example
   * ```ts
   * const { url, expiresAt } = await svc.integrations.createMobileLink('telegram-bot', { subscriberId: 'user-1' });
   * ```
   */
  createMobileLink(
    integrationIdentifier: string,
    body: MobileLinkBody,
    options?: RequestOptions,
  ): APIPromise<MobileLink> {
    return integrationsCreateMobileLink(this.#core, integrationIdentifier, body, options);
  }

  /**
   * The chat provider's OAuth URL (`POST /v1/integrations/chat/oauth`, deprecated: use
   * {@link Integrations.generateConnectOAuthUrl} or {@link Integrations.generateLinkUserOAuthUrl}).
   *
   * @example
   * ```ts
   * const { url } = await svc.integrations.generateChatOAuthUrl({ integrationIdentifier: 'slack' });
   * ```
   */
  generateChatOAuthUrl(body: ChatOAuthUrlBody, options?: RequestOptions): APIPromise<ChatOAuthUrl> {
    return integrationsGenerateChatOAuthUrl(this.#core, body, options);
  }

  /**
   * The OAuth URL that creates a workspace or tenant connection (`POST
   * /v1/integrations/channel-connections/oauth`; Slack or MS Teams). Valid 5 minutes.
   *
   * @example
   * ```ts
   * const { url } = await svc.integrations.generateConnectOAuthUrl({ integrationIdentifier: 'slack', subscriberId: 'user-1' });
   * ```
   */
  generateConnectOAuthUrl(
    body: ConnectOAuthUrlBody,
    options?: RequestOptions,
  ): APIPromise<ChatOAuthUrl> {
    return integrationsGenerateConnectOAuthUrl(this.#core, body, options);
  }

  /**
   * The OAuth URL that links one subscriber to their chat identity (`POST
   * /v1/integrations/channel-endpoints/oauth`; Slack or MS Teams). Valid 5 minutes.
   *
   * @example
   * ```ts
   * const { url } = await svc.integrations.generateLinkUserOAuthUrl({ integrationIdentifier: 'slack', subscriberId: 'user-1' });
   * ```
   */
  generateLinkUserOAuthUrl(
    body: LinkUserOAuthUrlBody,
    options?: RequestOptions,
  ): APIPromise<ChatOAuthUrl> {
    return integrationsGenerateLinkUserOAuthUrl(this.#core, body, options);
  }

  /**
   * The URL a subscriber opens to link their chat identity (`POST
   * /v1/integrations/channel-endpoints/link`): Telegram's deep link, or the OAuth URL.
   *
   * @example
   * ```ts
   * const { url } = await svc.integrations.linkChannelEndpoint({ integrationIdentifier: 'telegram-bot', subscriberId: 'user-1' });
   * ```
   */
  linkChannelEndpoint(
    body: LinkChannelEndpointBody,
    options?: RequestOptions,
  ): APIPromise<ChannelEndpointLink> {
    return integrationsLinkChannelEndpoint(this.#core, body, options);
  }
}
