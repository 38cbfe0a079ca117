import * as z from 'zod/mini';
import { CHAT_PUSH_PROVIDER_IDS, JsonObject, openEnum, Timestamp } from './common';
import { CURSOR_QUERY } from './order';

export type { ChatPushProviderId } from './common';
export { CHAT_PUSH_PROVIDER_IDS };

/** Per-provider credentials stored on a subscriber (all optional). */
export const ChannelCredentials = z.looseObject({
  webhookUrl: z.optional(z.string()),
  channel: z.optional(z.string()),
  deviceTokens: z.optional(z.array(z.string())),
  alertUid: z.optional(z.string()),
  title: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  state: z.optional(z.string()),
  externalUrl: z.optional(z.string()),
});
export type ChannelCredentials = z.infer<typeof ChannelCredentials>;

/** A subscriber's channel entry: provider, integration and credentials. */
export const ChannelSettings = z.looseObject({
  providerId: openEnum(CHAT_PUSH_PROVIDER_IDS),
  integrationIdentifier: z.optional(z.string()),
  credentials: ChannelCredentials,
  _integrationId: z.string(),
});
export type ChannelSettings = z.infer<typeof ChannelSettings>;

/**
 * A subscriber (notification recipient) as the service returns it.
 *
 * @example
 * ```ts
 * Subscriber.parse({
 *   _id: '64da692e9a94fb2e6449ad07',
 *   subscriberId: 'user-123',
 *   firstName: 'John',
 *   _organizationId: '64da692e9a94fb2e6449ad00',
 *   _environmentId: '64da692e9a94fb2e6449ad01',
 *   deleted: false,
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const Subscriber = z.looseObject({
  _id: z.optional(z.string()),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  locale: z.optional(z.nullable(z.string())),
  channels: z.optional(z.array(ChannelSettings)),
  /** @deprecated Deprecated by the service. */
  topics: z.optional(z.array(z.string())),
  isOnline: z.optional(z.nullable(z.boolean())),
  lastOnlineAt: z.optional(z.nullable(Timestamp)),
  __v: z.optional(z.number()),
  data: z.optional(z.nullable(JsonObject)),
  timezone: z.optional(z.nullable(z.string())),
  subscriberId: z.string(),
  _organizationId: z.string(),
  _environmentId: z.string(),
  deleted: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Subscriber = z.infer<typeof Subscriber>;

/** The short subscriber form embedded in topic subscriptions. */
export const SubscriberSummary = z.looseObject({
  _id: z.string(),
  subscriberId: z.string(),
  avatar: z.optional(z.nullable(z.string())),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
});
export type SubscriberSummary = z.infer<typeof SubscriberSummary>;

/**
 * Body of `PATCH /v2/subscribers/{subscriberId}`: each field optional, `null` clears it.
 *
 * @example
 * ```ts
 * SubscriberUpdateBody.parse({ firstName: 'Jane', phone: null, data: { plan: 'pro' } });
 * ```
 */
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

/**
 * Body of `PATCH /v1/subscribers/{subscriberId}/credentials`.
 *
 * @example
 * ```ts
 * CredentialsUpsertBody.parse({ providerId: 'fcm', credentials: { deviceTokens: ['t1'] } });
 * ```
 */
export const CredentialsUpsertBody = z.object({
  providerId: z.enum(CHAT_PUSH_PROVIDER_IDS),
  integrationIdentifier: z.optional(z.string()),
  credentials: ChannelCredentials,
});
export type CredentialsUpsertBody = z.infer<typeof CredentialsUpsertBody>;

/**
 * Query of `GET /v2/subscribers` (search, cursor-paginated).
 *
 * @example
 * ```ts
 * SubscriberSearchQuery.parse({ email: '@example.com', limit: 20, orderDirection: 'ASC' });
 * ```
 */
export const SubscriberSearchQuery = z.object({
  ...CURSOR_QUERY,
  email: z.optional(z.string()),
  name: z.optional(z.string()),
  phone: z.optional(z.string()),
  subscriberId: z.optional(z.string()),
});
export type SubscriberSearchQuery = z.infer<typeof SubscriberSearchQuery>;

/**
 * Query of `GET /v2/subscribers/{subscriberId}/subscriptions`.
 *
 * @example
 * ```ts
 * SubscriptionsListQuery.parse({ key: 'product-updates', limit: 100 });
 * ```
 */
export const SubscriptionsListQuery = z.object({
  ...CURSOR_QUERY,
  key: z.optional(z.string()),
});
export type SubscriptionsListQuery = z.infer<typeof SubscriptionsListQuery>;

/**
 * Body of `POST /v2/subscribers` (and one item of `POST /v1/subscribers/bulk`): `subscriberId`
 * required, each profile field optional and nullable.
 *
 * @example
 * ```ts
 * CreateSubscriberBody.parse({ subscriberId: 'user-1', email: 'ada@example.com', data: { plan: 'pro' } });
 * ```
 */
export const CreateSubscriberBody = z.object({
  subscriberId: z.string(),
  ...SubscriberUpdateBody.shape,
});
export type CreateSubscriberBody = z.infer<typeof CreateSubscriberBody>;

/**
 * Query of `POST /v2/subscribers`: `failIfExists` answers 409 instead of updating an existing
 * subscriber.
 *
 * @example
 * ```ts
 * CreateSubscriberQuery.parse({ failIfExists: true });
 * ```
 */
export const CreateSubscriberQuery = z.object({
  failIfExists: z.optional(z.boolean()),
});
export type CreateSubscriberQuery = z.infer<typeof CreateSubscriberQuery>;

/**
 * Answer of `DELETE /v2/subscribers/{subscriberId}`.
 *
 * @example
 * ```ts
 * RemoveSubscriberResponse.parse({ acknowledged: true, status: 'deleted' });
 * ```
 */
export const RemoveSubscriberResponse = z.looseObject({
  acknowledged: z.boolean(),
  status: z.string(),
});
export type RemoveSubscriberResponse = z.infer<typeof RemoveSubscriberResponse>;

/** Most subscribers one `POST /v1/subscribers/bulk` takes. */
export const BULK_SUBSCRIBER_LIMIT = 500;

/**
 * Body of `POST /v1/subscribers/bulk`: 1 to {@link BULK_SUBSCRIBER_LIMIT} subscribers.
 *
 * @example
 * ```ts
 * BulkCreateSubscribersBody.parse({ subscribers: [{ subscriberId: 'user-1' }, { subscriberId: 'user-2' }] });
 * ```
 */
export const BulkCreateSubscribersBody = z.object({
  subscribers: z
    .array(CreateSubscriberBody)
    .check(z.minLength(1), z.maxLength(BULK_SUBSCRIBER_LIMIT)),
});
export type BulkCreateSubscribersBody = z.infer<typeof BulkCreateSubscribersBody>;

/**
 * Answer of `POST /v1/subscribers/bulk`: which subscribers were created, which updated, and the
 * items that failed.
 *
 * @example
 * ```ts
 * BulkCreateSubscribersResponse.parse({
 *   created: [{ subscriberId: 'user-2' }],
 *   updated: [{ subscriberId: 'user-1' }],
 *   failed: [],
 * });
 * ```
 */
export const BulkCreateSubscribersResponse = z.looseObject({
  updated: z.array(z.looseObject({ subscriberId: z.string() })),
  created: z.array(z.looseObject({ subscriberId: z.string() })),
  failed: z.array(
    z.looseObject({ message: z.optional(z.string()), subscriberId: z.optional(z.string()) }),
  ),
});
export type BulkCreateSubscribersResponse = z.infer<typeof BulkCreateSubscribersResponse>;

/**
 * Body of `PUT /v1/subscribers/{subscriberId}/credentials` (the same fields as the PATCH).
 *
 * @example
 * ```ts
 * CredentialsUpdateBody.parse({ providerId: 'fcm', credentials: { deviceTokens: ['t1'] } });
 * ```
 */
export const CredentialsUpdateBody = CredentialsUpsertBody;
/** Body of `PUT /v1/subscribers/{subscriberId}/credentials`. */
export type CredentialsUpdateBody = CredentialsUpsertBody;
