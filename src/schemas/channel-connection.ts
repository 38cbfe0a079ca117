import * as z from 'zod/mini';
import { CHANNEL_TYPES, openEnum, Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { type CursorPageResponse, cursorPage } from './pagination';
import { TriggerContext } from './trigger-context';

/** The workspace a chat connection reaches (a Slack team, a Teams tenant). */
export const ChannelWorkspace = z.looseObject({
  /** The workspace's id at the provider. */
  id: z.string(),
  /** Its display name. */
  name: z.optional(z.string()),
  /** The bot user the app acts as in it. */
  botUserId: z.optional(z.string()),
});
export interface ChannelWorkspace extends WireShape<typeof ChannelWorkspace> {}

/** The credentials a connection holds for its workspace. */
export const ChannelAuth = z.looseObject({
  /** The workspace access token. */
  accessToken: z.string(),
  /** The token that renews it. */
  refreshToken: z.optional(z.string()),
  /** When the access token expires (ISO 8601). */
  expiresAt: z.optional(z.string()),
  /** When the refresh token expires (ISO 8601). */
  refreshTokenExpiresAt: z.optional(z.string()),
});
export interface ChannelAuth extends WireShape<typeof ChannelAuth> {}

/**
 * A channel connection: one subscriber's (or one context's) authorised link to a chat
 * workspace through an integration, which its channel endpoints deliver through.
 */
export const ChannelConnection = z.looseObject({
  /** The connection's unique identifier in its environment. */
  identifier: z.string(),
  /** The channel of its integration. */
  channel: z.nullable(openEnum([...CHANNEL_TYPES, 'tool'])),
  /** The provider of its integration (`slack`, `msteams`, ...). */
  providerId: z.nullable(z.string()),
  /** The integration it goes through. */
  integrationIdentifier: z.nullable(z.string()),
  /** The subscriber it belongs to; `null` for a shared (context-scoped) connection. */
  subscriberId: z.nullable(z.string()),
  /** The `type:id` keys of its context (`[]` when none). */
  contextKeys: z.array(z.string()),
  /** The chat workspace it reaches (a Slack team, a Teams tenant). */
  workspace: ChannelWorkspace,
  /** The credentials it holds for that workspace. */
  auth: ChannelAuth,
  /** When the connection was created (ISO 8601). */
  createdAt: Timestamp,
  /** When the connection was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
export interface ChannelConnection extends WireShape<typeof ChannelConnection> {}

const WorkspaceInput = z.object({
  id: z.string(),
  name: z.optional(z.string()),
  botUserId: z.optional(z.string()),
});

const AuthInput = z.object({
  accessToken: z.string(),
  refreshToken: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
  refreshTokenExpiresAt: z.optional(z.string()),
});

/**
 * Body of `POST /v1/channel-connections`: a `subscriberId`, a `context`, or both; with
 * `connectionMode: 'shared'` the subscriber is not stored on the connection.
 */
export const ChannelConnectionCreateBody = z.object({
  /** Its identifier; generated (`chconn-…`) when absent. */
  identifier: z.optional(z.string()),
  subscriberId: z.optional(z.string()),
  /** Its context: up to 5 `type → id | {id, data}` entries. */
  context: z.optional(TriggerContext),
  /** `subscriber` (default) or `shared` (scoped to the context only). */
  connectionMode: z.optional(z.enum(['subscriber', 'shared'])),
  integrationIdentifier: z.string(),
  workspace: WorkspaceInput,
  auth: AuthInput,
});
export type ChannelConnectionCreateBody = z.input<typeof ChannelConnectionCreateBody>;

/** Body of `PATCH /v1/channel-connections/{identifier}`: the new workspace and credentials. */
export const ChannelConnectionUpdateBody = z.object({
  workspace: WorkspaceInput,
  auth: AuthInput,
});
export type ChannelConnectionUpdateBody = z.input<typeof ChannelConnectionUpdateBody>;

/** Query of `GET /v1/channel-connections`: the cursor options and exact-match filters. */
export const ChannelConnectionListQuery = z.object({
  ...CURSOR_QUERY,
  /** Only this subscriber's connections. */
  subscriberId: z.optional(z.string()),
  /** Only connections of this channel. */
  channel: z.optional(z.enum(CHANNEL_TYPES)),
  /** Only connections of this provider. */
  providerId: z.optional(z.string()),
  /** Only connections through this integration. */
  integrationIdentifier: z.optional(z.string()),
  /** Only connections with exactly these context keys, in any order (`[]`: without context). */
  contextKeys: z.optional(z.array(z.string())),
});
export type ChannelConnectionListQuery = z.infer<typeof ChannelConnectionListQuery>;

/** Response of `GET /v1/channel-connections` (cursor page). */
export const ChannelConnectionListResponse = cursorPage(ChannelConnection);
/** Response of `GET /v1/channel-connections`: a cursor page of connections. */
export interface ChannelConnectionListResponse extends CursorPageResponse<ChannelConnection> {}
