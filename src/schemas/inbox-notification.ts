// The service's `InboxNotificationDto`: what the Inbox and the admin API's
// `/v2/subscribers/{subscriberId}/notifications` routes answer.
import * as z from 'zod/mini';
import { CHANNEL_TYPES, JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { SEVERITIES } from './workflow-common';

const REDIRECT_TARGETS = ['_self', '_blank', '_parent', '_top', '_unfencedTop'] as const;

/** Where a notification or its action leads. */
export const InboxRedirect = z.looseObject({
  /** The address it leads to. */
  url: z.string(),
  /** Where the link opens (`_self` when absent). */
  target: z.optional(openEnum(REDIRECT_TARGETS)),
});
/** Where a notification or its action leads (`InboxNotification.redirect`). */
export interface InboxRedirect extends WireShape<typeof InboxRedirect> {}

/** A notification's primary or secondary action. */
export const InboxAction = z.looseObject({
  /** The button's text. */
  label: z.string(),
  /** Whether the subscriber completed the action. */
  isCompleted: z.boolean(),
  /** Where the button leads, when it does. */
  redirect: z.optional(InboxRedirect),
});
/** A notification's primary or secondary action. */
export interface InboxAction extends WireShape<typeof InboxAction> {}

/** The subscriber a notification was sent to. */
export const InboxSubscriber = z.looseObject({
  /** The subscriber's internal id. */
  id: z.string(),
  /** Its external id (your user's id). */
  subscriberId: z.string(),
  /** First name, when set. */
  firstName: z.optional(z.string()),
  /** Last name, when set. */
  lastName: z.optional(z.string()),
  /** Avatar URL, when set. */
  avatar: z.optional(z.string()),
});
/** The subscriber a notification was sent to (`InboxNotification.to`). */
export interface InboxSubscriber extends WireShape<typeof InboxSubscriber> {}

/** The workflow a notification came from. */
export const InboxWorkflow = z.looseObject({
  /** The workflow's internal id. */
  id: z.string(),
  /** Its identifier (what a trigger names). */
  identifier: z.string(),
  /** Its name. */
  name: z.string(),
  /** Whether it is critical (a subscriber cannot turn it off). */
  critical: z.boolean(),
  /** Its tags. */
  tags: z.optional(z.array(z.string())),
  /** Its custom data. */
  data: z.optional(JsonObject),
  /** Its severity (`high`, `medium`, `low` or `none`). */
  severity: openEnum(SEVERITIES),
});
/** The workflow a notification came from (`InboxNotification.workflow`). */
export interface InboxWorkflow extends WireShape<typeof InboxWorkflow> {}

/** One in-app notification as the Inbox lists it. */
export const InboxNotification = z.looseObject({
  /** The notification's (in-app message's) id. */
  id: z.string(),
  /** The transaction of the trigger that sent it. */
  transactionId: z.string(),
  /** Subject, when the step has one. */
  subject: z.optional(z.string()),
  /** The rendered body. */
  body: z.string(),
  /** The subscriber it was sent to. */
  to: InboxSubscriber,
  /** Whether it was read. */
  isRead: z.boolean(),
  /** Whether it was seen. */
  isSeen: z.boolean(),
  /** Whether it is archived. */
  isArchived: z.boolean(),
  /** Whether it is snoozed now. */
  isSnoozed: z.boolean(),
  /** When the snooze ends (ISO 8601), when snoozed. */
  snoozedUntil: z.optional(z.nullable(Timestamp)),
  /** When it was delivered (ISO 8601), again after each snooze. */
  deliveredAt: z.optional(z.array(Timestamp)),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was read (ISO 8601), when read. */
  readAt: z.optional(z.nullable(Timestamp)),
  /** When it was first seen (ISO 8601), when seen. */
  firstSeenAt: z.optional(z.nullable(Timestamp)),
  /** When it was archived (ISO 8601), when archived. */
  archivedAt: z.optional(z.nullable(Timestamp)),
  /** The avatar the step shows, when set. */
  avatar: z.optional(z.string()),
  /** The primary button, when the step has one. */
  primaryAction: z.optional(InboxAction),
  /** The secondary button, when the step has one. */
  secondaryAction: z.optional(InboxAction),
  /** Its channel (`in_app`). */
  channelType: openEnum(CHANNEL_TYPES),
  /** The workflow's tags. */
  tags: z.optional(z.array(z.string())),
  /** The step's custom data. */
  data: z.optional(JsonObject),
  /** Where a click on it leads, when set. */
  redirect: z.optional(InboxRedirect),
  /** The workflow it came from. */
  workflow: z.optional(InboxWorkflow),
  /** The workflow's severity. */
  severity: openEnum(SEVERITIES),
});
/** One in-app notification of a subscriber, as the Inbox shows it. */
export interface InboxNotification extends WireShape<typeof InboxNotification> {}

/** A page of `GET /v2/subscribers/{subscriberId}/notifications`. */
export const InboxNotificationList = z.looseObject({
  /** The page's notifications, newest first. */
  data: z.array(InboxNotification),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  /** The filter applied, as the service echoes it. */
  filter: JsonObject,
});
/**
 * A page of a subscriber's notifications: `hasMore` says whether a next page exists (ask it with
 * `after` the last notification's `id`).
 */
export interface InboxNotificationList extends WireShape<typeof InboxNotificationList> {}

/** One count of `GET /v2/subscribers/{subscriberId}/notifications/count`. */
export const InboxNotificationCount = z.looseObject({
  /** Notifications matching the filter, at most 99. */
  count: z.number(),
  /** The filter counted, as given. */
  filter: JsonObject,
});
/** The count of one filter (at most 99, as the service caps it). */
export interface InboxNotificationCount extends WireShape<typeof InboxNotificationCount> {}

/** The answer of the count route: one count per filter, in the filters' order. */
export const InboxNotificationCounts = z.array(InboxNotificationCount);

const booleanQuery = z.optional(z.boolean());

/**
 * Query of `GET /v2/subscribers/{subscriberId}/notifications`: the page (`limit` 1 to 100,
 * default 10; `after`, a notification id; `offset`) and the filter.
 */
export const InboxNotificationListQuery = z.object({
  limit: z.optional(z.number()),
  after: z.optional(z.string()),
  offset: z.optional(z.number()),
  tags: z.optional(z.array(z.string())),
  read: booleanQuery,
  archived: booleanQuery,
  snoozed: booleanQuery,
  seen: booleanQuery,
  /** Conditions on the notifications' `data`, as JSON text. */
  data: z.optional(z.string()),
  severity: z.optional(z.array(z.enum(SEVERITIES))),
  /** Created at or after, epoch milliseconds. */
  createdGte: z.optional(z.number()),
  /** Created at or before, epoch milliseconds. */
  createdLte: z.optional(z.number()),
  contextKeys: z.optional(z.array(z.string())),
});
export type InboxNotificationListQuery = z.infer<typeof InboxNotificationListQuery>;

/**
 * Query of `GET /v2/subscribers/{subscriberId}/notifications/count`: `filters`, a JSON array of 1
 * to 30 filters.
 */
export const InboxNotificationCountQuery = z.object({ filters: z.string() });
export type InboxNotificationCountQuery = z.infer<typeof InboxNotificationCountQuery>;

/** Query of the one-notification routes: the context the notification belongs to. */
export const ContextKeysQuery = z.object({ contextKeys: z.optional(z.array(z.string())) });
export type ContextKeysQuery = z.infer<typeof ContextKeysQuery>;

/**
 * Body of `PATCH .../notifications/{notificationId}/snooze`: when the snooze ends (at least a
 * minute ahead, at most 90 days).
 */
export const SnoozeBody = z.object({ snoozeUntil: Timestamp });
export type SnoozeBody = z.infer<typeof SnoozeBody>;

/** The button an action route completes or reverts. */
export const ACTION_TYPES = ['primary', 'secondary'] as const;
/** `primary` or `secondary`: the button an action route completes or reverts. */
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * Body of the bulk routes (`POST .../notifications/{read,archive,read-archive,delete}`): which
 * notifications, by workflow tags and `data` conditions (JSON text); none selects all.
 */
export const BulkNotificationsBody = z.object({
  tags: z.optional(z.union([z.array(z.string()), JsonObject])),
  data: z.optional(z.string()),
  contextKeys: z.optional(z.array(z.string())),
});
export type BulkNotificationsBody = z.infer<typeof BulkNotificationsBody>;

/**
 * Body of `POST .../notifications/seen`: the given `notificationIds` (at most 100), or those the
 * tags and data select.
 */
export const MarkSeenBody = z.object({
  notificationIds: z.optional(z.array(z.string())),
  tags: z.optional(z.union([z.array(z.string()), JsonObject])),
  data: z.optional(z.string()),
  contextKeys: z.optional(z.array(z.string())),
});
export type MarkSeenBody = z.infer<typeof MarkSeenBody>;

/**
 * Query of `GET /v1/subscribers/{subscriberId}/notifications/unseen`: `seen` (default `false`)
 * and the most to count (`limit`, 1 to 1000, default 100).
 */
export const UnseenCountQuery = z.object({
  seen: z.optional(z.boolean()),
  limit: z.optional(z.number()),
});
export type UnseenCountQuery = z.infer<typeof UnseenCountQuery>;

/** The answer of the v1 unseen count. */
export const UnseenCount = z.looseObject({
  /** How many, at most the query's `limit`. */
  count: z.number(),
});
/** How many in-app notifications are unseen (or seen, with `seen: true`), at most `limit`. */
export interface UnseenCount extends WireShape<typeof UnseenCount> {}
