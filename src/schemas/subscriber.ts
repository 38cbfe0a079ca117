import * as z from 'zod/mini';
import { CHAT_PUSH_PROVIDER_IDS, JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';

export type { ChatPushProviderId } from './common';
export { CHAT_PUSH_PROVIDER_IDS };

/** Per-provider credentials stored on a subscriber (all optional). */
export const ChannelCredentials = z.looseObject({
  /** Incoming webhook URL of a chat provider (Slack, Discord, Teams...). */
  webhookUrl: z.optional(z.string()),
  /** Chat channel to post to, where the provider takes one. */
  channel: z.optional(z.string()),
  /** Push device tokens (FCM, APNs, Expo...). */
  deviceTokens: z.optional(z.array(z.string())),
  /** Grafana OnCall alert group id. */
  alertUid: z.optional(z.string()),
  /** Grafana OnCall alert title. */
  title: z.optional(z.string()),
  /** Grafana OnCall alert image URL. */
  imageUrl: z.optional(z.string()),
  /** Grafana OnCall alert state. */
  state: z.optional(z.string()),
  /** Grafana OnCall link back to the source. */
  externalUrl: z.optional(z.string()),
});
/**
 * The provider credentials a subscriber's channel entry stores (`Subscriber.channels[].credentials`).
 */
export interface ChannelCredentials extends WireShape<typeof ChannelCredentials> {}

/** A subscriber's channel entry: provider, integration and credentials. */
export const ChannelSettings = z.looseObject({
  /** The chat or push provider (`slack`, `fcm`, ...). */
  providerId: openEnum(CHAT_PUSH_PROVIDER_IDS),
  /** The integration's identifier, when the subscriber's credentials target one integration. */
  integrationIdentifier: z.optional(z.string()),
  /** The provider credentials stored for this subscriber. */
  credentials: ChannelCredentials,
  /** The `_id` of the integration the credentials belong to. */
  _integrationId: z.string(),
});
/** A subscriber's channel entry: provider, integration and credentials (`Subscriber.channels`). */
export interface ChannelSettings extends WireShape<typeof ChannelSettings> {}

/** A subscriber (notification recipient) as the service returns it. */
export const Subscriber = z.looseObject({
  /** The service's internal id (24 hex characters). */
  _id: z.optional(z.string()),
  /** First name; `null` when cleared. */
  firstName: z.optional(z.nullable(z.string())),
  /** Last name; `null` when cleared. */
  lastName: z.optional(z.nullable(z.string())),
  /** Email address the email steps deliver to; `null` when cleared. */
  email: z.optional(z.nullable(z.string())),
  /** Phone number (E.164) the SMS steps deliver to; `null` when cleared. */
  phone: z.optional(z.nullable(z.string())),
  /** Avatar image URL; `null` when cleared. */
  avatar: z.optional(z.nullable(z.string())),
  /** Locale of the content (`en-US`); `null` when cleared. */
  locale: z.optional(z.nullable(z.string())),
  /** Chat and push provider credentials, one entry per provider and integration. */
  channels: z.optional(z.array(ChannelSettings)),
  /** @deprecated Deprecated by the service. */
  topics: z.optional(z.array(z.string())),
  /** Whether an Inbox of the subscriber is connected now. */
  isOnline: z.optional(z.nullable(z.boolean())),
  /** When an Inbox of the subscriber was last connected. */
  lastOnlineAt: z.optional(z.nullable(Timestamp)),
  /** Document version (the service's storage). */
  __v: z.optional(z.number()),
  /** Custom data, free-form; templates read it as `subscriber.data.*`. */
  data: z.optional(z.nullable(JsonObject)),
  /** IANA time zone (`Europe/London`); `null` when cleared. */
  timezone: z.optional(z.nullable(z.string())),
  /** Your id of the subscriber: what triggers, inboxes and the API address it by. */
  subscriberId: z.string(),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** The environment's `_id` (the API key's environment). */
  _environmentId: z.string(),
  /** Whether the subscriber was deleted. */
  deleted: z.boolean(),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
export interface Subscriber extends WireShape<typeof Subscriber> {}

/** The short subscriber form embedded in topic subscriptions. */
export const SubscriberSummary = z.looseObject({
  /** The service's internal id. */
  _id: z.string(),
  /** Your id of the subscriber. */
  subscriberId: z.string(),
  /** Avatar image URL. */
  avatar: z.optional(z.nullable(z.string())),
  /** First name. */
  firstName: z.optional(z.nullable(z.string())),
  /** Last name. */
  lastName: z.optional(z.nullable(z.string())),
  /** Email address. */
  email: z.optional(z.nullable(z.string())),
});
/** The short subscriber form in a topic subscription (`TopicSubscription.subscriber`). */
export interface SubscriberSummary extends WireShape<typeof SubscriberSummary> {}

/** Body of `PATCH /v2/subscribers/{subscriberId}`: each field optional, `null` clears it. */
export const SubscriberUpdateBody = z.object({
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  timezone: z.optional(z.nullable(z.string())),
  locale: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(JsonObject)),
});
export type SubscriberUpdateBody = z.infer<typeof SubscriberUpdateBody>;

/** Body of `PATCH /v1/subscribers/{subscriberId}/credentials`. */
export const CredentialsUpsertBody = z.object({
  providerId: z.enum(CHAT_PUSH_PROVIDER_IDS),
  integrationIdentifier: z.optional(z.string()),
  credentials: ChannelCredentials,
});
export type CredentialsUpsertBody = z.infer<typeof CredentialsUpsertBody>;

/** Query of `GET /v2/subscribers` (search, cursor-paginated). */
export const SubscriberSearchQuery = z.object({
  ...CURSOR_QUERY,
  email: z.optional(z.string()),
  name: z.optional(z.string()),
  phone: z.optional(z.string()),
  subscriberId: z.optional(z.string()),
});
export type SubscriberSearchQuery = z.infer<typeof SubscriberSearchQuery>;

/** Query of `GET /v2/subscribers/{subscriberId}/subscriptions`. */
export const SubscriptionsListQuery = z.object({
  ...CURSOR_QUERY,
  key: z.optional(z.string()),
});
export type SubscriptionsListQuery = z.infer<typeof SubscriptionsListQuery>;

/**
 * Body of `POST /v2/subscribers` (and one item of `POST /v1/subscribers/bulk`): `subscriberId`
 * required, each profile field optional and nullable.
 */
export const CreateSubscriberBody = z.object({
  subscriberId: z.string(),
  ...SubscriberUpdateBody.shape,
});
export type CreateSubscriberBody = z.infer<typeof CreateSubscriberBody>;

/**
 * Query of `POST /v2/subscribers`: `failIfExists` answers 409 instead of updating an existing
 * subscriber.
 */
export const CreateSubscriberQuery = z.object({
  failIfExists: z.optional(z.boolean()),
});
export type CreateSubscriberQuery = z.infer<typeof CreateSubscriberQuery>;

/** Answer of `DELETE /v2/subscribers/{subscriberId}`. */
export const RemoveSubscriberResponse = z.looseObject({
  /** `true` once the service has removed it. */
  acknowledged: z.boolean(),
  /** `deleted`. */
  status: z.string(),
});
export interface RemoveSubscriberResponse extends WireShape<typeof RemoveSubscriberResponse> {}

/** Most subscribers one `POST /v1/subscribers/bulk` takes. */
export const BULK_SUBSCRIBER_LIMIT = 500;

/** Body of `POST /v1/subscribers/bulk`: 1 to {@link BULK_SUBSCRIBER_LIMIT} subscribers. */
export const BulkCreateSubscribersBody = z.object({
  subscribers: z
    .array(CreateSubscriberBody)
    .check(z.minLength(1), z.maxLength(BULK_SUBSCRIBER_LIMIT)),
});
export type BulkCreateSubscribersBody = z.infer<typeof BulkCreateSubscribersBody>;

/**
 * Answer of `POST /v1/subscribers/bulk`: which subscribers were created, which updated, and the
 * items that failed.
 */
export const BulkCreateSubscribersResponse = z.looseObject({
  /** Subscribers that existed and were updated. */
  updated: z.array(
    z.looseObject({
      /** Your id of the subscriber. */
      subscriberId: z.string(),
    }),
  ),
  /** Subscribers that were created. */
  created: z.array(
    z.looseObject({
      /** Your id of the subscriber. */
      subscriberId: z.string(),
    }),
  ),
  /** Items that failed, each with why. */
  failed: z.array(
    z.looseObject({
      /** Why the item failed. */
      message: z.optional(z.string()),
      /** Your id of the subscriber, when the item had one. */
      subscriberId: z.optional(z.string()),
    }),
  ),
});
export interface BulkCreateSubscribersResponse
  extends WireShape<typeof BulkCreateSubscribersResponse> {}

/** Body of `PUT /v1/subscribers/{subscriberId}/credentials` (the same fields as the PATCH). */
export const CredentialsUpdateBody = CredentialsUpsertBody;
/** Body of `PUT /v1/subscribers/{subscriberId}/credentials`. */
export type CredentialsUpdateBody = CredentialsUpsertBody;
