import * as z from 'zod/mini';
import { CHANNEL_TYPES, JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { MARK_AS_VALUES, MESSAGE_STATUSES, MessageCTA } from './message';

/** The most items one feed page holds (its DTO's `@Max(100)`). */
export const FEED_LIMIT_MAX = 100;

/**
 * Query of `GET /v1/subscribers/{subscriberId}/notifications/feed`: the page (`page` from 0,
 * `limit` 1 to 100, default 10), `read` and `seen`, and `payload`, a partial trigger payload as
 * base64 JSON that each message's payload must contain.
 */
export const FeedQuery = z.object({
  page: z.optional(z.number()),
  limit: z.optional(z.number()),
  read: z.optional(z.boolean()),
  seen: z.optional(z.boolean()),
  /** Base64 of a JSON object the messages' trigger payload must contain. */
  payload: z.optional(z.string()),
  /** Feed identifiers (a v0 concept the engine has no records of: any selects nothing). */
  feedIdentifier: z.optional(z.union([z.string(), z.array(z.string())])),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** The subscriber of a feed item, as the service populates it. */
export const FeedSubscriber = z.looseObject({
  /** The subscriber's internal id. */
  _id: z.optional(z.string()),
  /** Its external id (your user's id). */
  subscriberId: z.string(),
  /** First name, when set. */
  firstName: z.optional(z.nullable(z.string())),
  /** Last name, when set. */
  lastName: z.optional(z.nullable(z.string())),
  /** Avatar URL, when set. */
  avatar: z.optional(z.nullable(z.string())),
});
/** The subscriber a feed item was sent to (`FeedItem.subscriber`). */
export interface FeedSubscriber extends WireShape<typeof FeedSubscriber> {}

/** The workflow of a feed item, as the service populates it (`_id tags`). */
export const FeedWorkflow = z.looseObject({
  /** The workflow's internal id. */
  _id: z.string(),
  /** The workflow's tags. */
  tags: z.array(z.string()),
});
/** The workflow a feed item was sent by (`FeedItem.template`). */
export interface FeedWorkflow extends WireShape<typeof FeedWorkflow> {}

/**
 * One in-app message of the v1 feed: the service answers the stored message (its
 * `NotificationFeedItemDto` and the message entity's further fields), with its subscriber and
 * workflow populated.
 */
export const FeedItem = z.looseObject({
  /** The message's id. */
  _id: z.string(),
  /** The workflow's internal id. */
  _templateId: z.string(),
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The step template's internal id. */
  _messageTemplateId: z.optional(z.nullable(z.string())),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** The notification (one run for one subscriber) it belongs to. */
  _notificationId: z.string(),
  /** The subscriber's internal `_id`. */
  _subscriberId: z.string(),
  /** The feed, if any. */
  _feedId: z.optional(z.nullable(z.string())),
  /** The job that sent it. */
  _jobId: z.string(),
  /** When it was created (ISO 8601). */
  createdAt: z.optional(z.nullable(Timestamp)),
  /** When it last changed (ISO 8601). */
  updatedAt: z.optional(z.nullable(Timestamp)),
  /** The recipient. */
  subscriber: z.optional(FeedSubscriber),
  /** The transaction of the trigger that sent it. */
  transactionId: z.string(),
  /** The workflow's identifier. */
  templateIdentifier: z.optional(z.nullable(z.string())),
  /** The rendered body. */
  content: z.string(),
  /** The subject, when the step has one. */
  subject: z.optional(z.nullable(z.string())),
  /** `in_app`. */
  channel: openEnum(CHANNEL_TYPES),
  /** Whether the subscriber read it. */
  read: z.boolean(),
  /** Whether the subscriber saw it. */
  seen: z.boolean(),
  /** Whether it is archived. */
  archived: z.boolean(),
  /** The redirect and the buttons, and which button was clicked. */
  cta: MessageCTA,
  /** `sent`, `warning` or `error`. */
  status: openEnum(MESSAGE_STATUSES),
  /** The trigger's payload. */
  payload: z.optional(JsonObject),
  /** The step's custom data. */
  data: z.optional(z.nullable(JsonObject)),
  /** The trigger's overrides. */
  overrides: z.optional(JsonObject),
  /** The workflow's tags. */
  tags: z.optional(z.nullable(z.array(z.string()))),
  /** The workflow, when it still exists. */
  template: z.optional(FeedWorkflow),
  /** The provider that sent it. */
  providerId: z.optional(z.string()),
  /** The device tokens of a push message. */
  deviceTokens: z.optional(z.array(z.string())),
  /** When it was delivered: the first delivery, then each return from a snooze. */
  deliveredAt: z.optional(z.array(Timestamp)),
  /** The first time the subscriber saw it. */
  firstSeenDate: z.optional(Timestamp),
  /** The last time the subscriber saw it. */
  lastSeenDate: z.optional(Timestamp),
  /** The last read; `null` once marked unread from the Inbox. */
  lastReadDate: z.optional(z.nullable(Timestamp)),
  /** When it was archived; `null` once unarchived. */
  archivedAt: z.optional(z.nullable(Timestamp)),
  /** Until when it is snoozed. */
  snoozedUntil: z.optional(Timestamp),
  /** The in-app avatar URL. */
  avatar: z.optional(z.string()),
  /** The title of a push message. */
  title: z.optional(z.string()),
  /** The address of an email. */
  email: z.optional(z.string()),
  /** The number of an SMS. */
  phone: z.optional(z.string()),
  /** The webhook of a chat message. */
  directWebhookUrl: z.optional(z.string()),
  /** Why it was not delivered, as an id. */
  errorId: z.optional(z.string()),
  /** Why it was not delivered, in words. */
  errorText: z.optional(z.string()),
  /** The trigger's context (`type:id` keys) it was sent in. */
  contextKeys: z.optional(z.array(z.string())),
});
/** One in-app message of a subscriber's v1 feed. */
export interface FeedItem extends WireShape<typeof FeedItem> {}

/** A page of the v1 feed. */
export const FeedPage = z.looseObject({
  /** The page's messages, newest first. */
  data: z.array(FeedItem),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  /** Messages from this page on, at most `pageSize` (0 for an empty page). */
  totalCount: z.optional(z.number()),
  /** The `limit` asked. */
  pageSize: z.number(),
  /** The page number asked, from 0. */
  page: z.number(),
});
/** A page of a subscriber's v1 feed: ask the next with `page + 1` while `hasMore`. */
export interface FeedPage extends WireShape<typeof FeedPage> {}

/**
 * Body of `POST /v1/subscribers/{subscriberId}/messages/mark-all`: mark every in-app message
 * `read`, `unread`, `seen` or `unseen` (optionally of some feeds).
 */
export const MarkAllBody = z.object({
  markAs: z.enum(MARK_AS_VALUES),
  feedIdentifier: z.optional(z.union([z.string(), z.array(z.string())])),
});
export type MarkAllBody = z.infer<typeof MarkAllBody>;

/** The answer of mark-all: how many messages changed. */
export const MarkedCount = z.number();

/** Statuses of a message's action (its buttons). */
export const MESSAGE_ACTION_STATUSES = ['pending', 'done'] as const;

/**
 * Body of `POST /v1/subscribers/{subscriberId}/messages/{messageId}/actions/{type}`: the action's
 * new `status` and an optional payload stored with the click.
 */
export const MessageActionBody = z.object({
  status: z.enum(MESSAGE_ACTION_STATUSES),
  payload: z.optional(JsonObject),
});
export type MessageActionBody = z.infer<typeof MessageActionBody>;

/** Body of `PATCH /v1/subscribers/{subscriberId}/online-status`. */
export const OnlineStatusBody = z.object({ isOnline: z.boolean() });
export type OnlineStatusBody = z.infer<typeof OnlineStatusBody>;
