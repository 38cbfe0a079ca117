import * as z from 'zod/mini';
import { CHANNEL_TYPES, JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { type CursorPageResponse, cursorPage } from './pagination';
import { TriggerContext } from './trigger-context';

/** The kinds of channel endpoint the service knows. */
export const CHANNEL_ENDPOINT_TYPES = [
  'slack_channel',
  'slack_user',
  'webhook',
  'phone',
  'ms_teams_channel',
  'ms_teams_user',
  'telegram_chat',
  'webex_room',
  'webex_person',
  'line_user',
  'pagerduty_service',
  'opsgenie_integration',
  'grafana_oncall_integration',
  'tool_webhook',
] as const;

/** A kind of channel endpoint (`slack_channel`, `webhook`, `phone`, ...). */
export type ChannelEndpointType = (typeof CHANNEL_ENDPOINT_TYPES)[number];

/**
 * A channel endpoint: one destination of a subscriber (a Slack channel, a webhook URL, a phone
 * number), reached through an integration and, for chat workspaces, a channel connection.
 */
export const ChannelEndpoint = z.looseObject({
  /** The endpoint's unique identifier in its environment. */
  identifier: z.string(),
  /** The channel of its integration. */
  channel: z.nullable(openEnum([...CHANNEL_TYPES, 'tool'])),
  /** The provider of its integration. */
  providerId: z.nullable(z.string()),
  /** The integration it is reached through. */
  integrationIdentifier: z.nullable(z.string()),
  /** The connection it is reached through, `null` when none. */
  connectionIdentifier: z.nullable(z.string()),
  /** The subscriber it belongs to. */
  subscriberId: z.nullable(z.string()),
  /** The `type:id` keys of its context (`[]` when none). */
  contextKeys: z.array(z.string()),
  /** Its kind. */
  type: openEnum(CHANNEL_ENDPOINT_TYPES),
  /** The destination, shaped by `type` (`{ channelId }`, `{ url }`, `{ phoneNumber }`, ...). */
  endpoint: JsonObject,
  /** When the endpoint was created (ISO 8601). */
  createdAt: Timestamp,
  /** When the endpoint was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
export interface ChannelEndpoint extends WireShape<typeof ChannelEndpoint> {}

/**
 * Body of `POST /v1/channel-endpoints`: `endpoint` must hold what `type` requires (checked by
 * the server, which answers 422 otherwise).
 */
export const ChannelEndpointCreateBody = z.object({
  /** Its identifier; generated when absent. */
  identifier: z.optional(z.string()),
  subscriberId: z.string(),
  /** Create the subscriber when it does not exist (default false). */
  createSubscriberIfMissing: z.optional(z.boolean()),
  /** Its context: up to 5 `type → id | {id, data}` entries. */
  context: z.optional(TriggerContext),
  integrationIdentifier: z.string(),
  /** The connection it is reached through (chat workspaces). */
  connectionIdentifier: z.optional(z.string()),
  type: z.enum(CHANNEL_ENDPOINT_TYPES),
  endpoint: JsonObject,
});
export type ChannelEndpointCreateBody = z.input<typeof ChannelEndpointCreateBody>;

/**
 * Body of `PATCH /v1/channel-endpoints/{identifier}`: the new destination, of the endpoint's type.
 */
export const ChannelEndpointUpdateBody = z.object({ endpoint: JsonObject });
export type ChannelEndpointUpdateBody = z.input<typeof ChannelEndpointUpdateBody>;

/** Query of `GET /v1/channel-endpoints`: the cursor options and exact-match filters. */
export const ChannelEndpointListQuery = z.object({
  ...CURSOR_QUERY,
  /** Only this subscriber's endpoints. */
  subscriberId: z.optional(z.string()),
  /** Only endpoints with exactly these context keys, in any order (`[]`: without context). */
  contextKeys: z.optional(z.array(z.string())),
  /** Only endpoints of this channel. */
  channel: z.optional(z.enum(CHANNEL_TYPES)),
  /** Only endpoints of this provider. */
  providerId: z.optional(z.string()),
  /** Only endpoints through this integration. */
  integrationIdentifier: z.optional(z.string()),
  /** Only endpoints through this connection. */
  connectionIdentifier: z.optional(z.string()),
});
export type ChannelEndpointListQuery = z.infer<typeof ChannelEndpointListQuery>;

/** Response of `GET /v1/channel-endpoints` (cursor page). */
export const ChannelEndpointListResponse = cursorPage(ChannelEndpoint);
/** Response of `GET /v1/channel-endpoints`: a cursor page of endpoints. */
export interface ChannelEndpointListResponse extends CursorPageResponse<ChannelEndpoint> {}
