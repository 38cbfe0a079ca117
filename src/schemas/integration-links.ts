import * as z from 'zod/mini';
import type { WireShape } from './common';

/** A trigger-style context: each key a type, each value an id or `{ id, data? }`. */
const ContextPayload = z.record(
  z.string(),
  z.union([
    z.string(),
    z.object({ id: z.string(), data: z.optional(z.record(z.string(), z.unknown())) }),
  ]),
);

/**
 * Answer of `POST /v1/integrations/{integrationId}/auto-configure`: whether the provider's inbound
 * webhooks were configured, why not, and the integration (credentials left out) when they were.
 */
export const AutoConfigureIntegrationResult = z.looseObject({
  /** Whether the auto-configuration succeeded. */
  success: z.boolean(),
  /** What happened, or why it failed. */
  message: z.optional(z.string()),
  /** The integration after the change, its `credentials` an empty object. */
  integration: z.optional(z.record(z.string(), z.unknown())),
});
export interface AutoConfigureIntegrationResult
  extends WireShape<typeof AutoConfigureIntegrationResult> {}

/** Answer of `POST /v1/integrations/{integrationIdentifier}/webhook/configure` (Telegram). */
export const ConfiguredChatWebhook = z.looseObject({
  /** The URL registered with the provider for incoming updates. */
  webhookUrl: z.string(),
  /** When it was configured (ISO 8601). */
  configuredAt: z.string(),
  /** The bot's username. */
  botUsername: z.string(),
});
export interface ConfiguredChatWebhook extends WireShape<typeof ConfiguredChatWebhook> {}

/** Body of `POST /v1/integrations/{integrationIdentifier}/mobile-link`. */
export const MobileLinkBody = z.object({
  /** A subscriber to link through the bot's `/start` deep link once setup completes. */
  subscriberId: z.optional(z.string()),
});
export type MobileLinkBody = z.infer<typeof MobileLinkBody>;

/**
 * Answer of `POST /v1/integrations/{integrationIdentifier}/mobile-link`: a single-use token and
 * the URL that opens the mobile setup.
 */
export const MobileLink = z.looseObject({
  /** Opaque single-use token of the setup session. */
  token: z.string(),
  /** URL to open on a mobile device. */
  url: z.string(),
  /** When the token expires (ISO 8601). */
  expiresAt: z.string(),
});
export interface MobileLink extends WireShape<typeof MobileLink> {}

/** Body of the deprecated `POST /v1/integrations/chat/oauth`. */
export const ChatOAuthUrlBody = z.object({
  integrationIdentifier: z.string(),
  subscriberId: z.optional(z.string()),
  connectionIdentifier: z.optional(z.string()),
  context: z.optional(ContextPayload),
  scope: z.optional(z.array(z.string())),
  userScope: z.optional(z.array(z.string())),
  mode: z.optional(z.enum(['connect', 'link_user'])),
  connectionMode: z.optional(z.enum(['subscriber', 'shared'])),
  autoLinkUser: z.optional(z.boolean()),
});
export type ChatOAuthUrlBody = z.infer<typeof ChatOAuthUrlBody>;

/** Body of `POST /v1/integrations/channel-connections/oauth` (a workspace or tenant connection). */
export const ConnectOAuthUrlBody = z.object({
  integrationIdentifier: z.string(),
  subscriberId: z.optional(z.string()),
  connectionIdentifier: z.optional(z.string()),
  context: z.optional(ContextPayload),
  scope: z.optional(z.array(z.string())),
  connectionMode: z.optional(z.enum(['subscriber', 'shared'])),
  autoLinkUser: z.optional(z.boolean()),
});
export type ConnectOAuthUrlBody = z.infer<typeof ConnectOAuthUrlBody>;

/**
 * Body of `POST /v1/integrations/channel-endpoints/oauth` (links one subscriber's chat identity).
 */
export const LinkUserOAuthUrlBody = z.object({
  subscriberId: z.string(),
  integrationIdentifier: z.string(),
  connectionIdentifier: z.optional(z.string()),
  context: z.optional(ContextPayload),
  userScope: z.optional(z.array(z.string())),
});
export type LinkUserOAuthUrlBody = z.infer<typeof LinkUserOAuthUrlBody>;

/** Answer of the OAuth URL operations: the provider's authorization URL (valid 5 minutes). */
export const ChatOAuthUrl = z.looseObject({
  /** The provider's authorization URL to show the user. */
  url: z.string(),
});
export interface ChatOAuthUrl extends WireShape<typeof ChatOAuthUrl> {}

/** Body of `POST /v1/integrations/channel-endpoints/link`. */
export const LinkChannelEndpointBody = z.object({
  integrationIdentifier: z.string(),
  subscriberId: z.string(),
});
export type LinkChannelEndpointBody = z.infer<typeof LinkChannelEndpointBody>;

/**
 * Answer of `POST /v1/integrations/channel-endpoints/link`: the URL the subscriber opens (an
 * OAuth URL, or Telegram's deep link) and provider metadata.
 */
export const ChannelEndpointLink = z.looseObject({
  /** The URL the subscriber opens. */
  url: z.string(),
  /** Provider-specific details of the link. */
  providerMetadata: z.optional(z.record(z.string(), z.unknown())),
});
export interface ChannelEndpointLink extends WireShape<typeof ChannelEndpointLink> {}
