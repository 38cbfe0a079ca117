import * as z from 'zod/mini';
import { CHANNEL_TYPES, type WireShape } from './common';
import { Message } from './message';
import { Subscriber } from './subscriber';

/**
 * The subscriber a listed message carries: the service's published schema declares the whole
 * subscriber (the engine sends it); the fields every answer holds are required, the others
 * optional.
 */
export const MessageSubscriber = z.extend(z.partial(Subscriber), {
  _id: z.string(),
  /** Your id of the subscriber. */
  subscriberId: z.string(),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
});
export interface MessageSubscriber extends WireShape<typeof MessageSubscriber> {}

/** A message as `GET /v1/messages` lists it: the message with its subscriber. */
export const ListedMessage = z.extend(Message, { subscriber: z.optional(MessageSubscriber) });
export interface ListedMessage extends WireShape<typeof ListedMessage> {}

/** The largest page `GET /v1/messages` answers. */
export const MESSAGE_LIST_LIMIT = 1000;

/**
 * Query of `GET /v1/messages`: filters and page-number paging (`page` from 0, `limit` 10 by
 * default, at most 1000).
 */
export const MessageListQuery = z.object({
  channel: z.optional(z.enum(CHANNEL_TYPES)),
  subscriberId: z.optional(z.string()),
  /** One transactionId or several (a message of any of them matches). */
  transactionId: z.optional(z.union([z.string(), z.array(z.string())])),
  /** Messages sent in exactly these contexts (`type:id`, any order); `[]`: sent without one. */
  contextKeys: z.optional(z.array(z.string())),
  page: z.optional(z.int().check(z.minimum(0))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MESSAGE_LIST_LIMIT))),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

/** Response of `GET /v1/messages`: one page; `hasMore` is true when the page is full. */
export const MessageListResponse = z.looseObject({
  /** The messages of this page. */
  data: z.array(ListedMessage),
  /** The page number (0-based). */
  page: z.number(),
  /** The page size. */
  pageSize: z.number(),
  /** Whether the page is full (more messages may follow). */
  hasMore: z.boolean(),
  /** Number of messages matching the query, when the service counts them. */
  totalCount: z.optional(z.number()),
});
export interface MessageListResponse extends WireShape<typeof MessageListResponse> {}

/** Response of `DELETE /v1/messages/{messageId}`. */
export const DeleteMessageResponse = z.looseObject({
  /** Whether the service acknowledged the deletion. */
  acknowledged: z.boolean(),
  /** Always `deleted`. */
  status: z.literal('deleted'),
});
export interface DeleteMessageResponse extends WireShape<typeof DeleteMessageResponse> {}

/**
 * Query of `DELETE /v1/messages/transaction/{transactionId}`: only that channel's messages when
 * given.
 */
export const DeleteMessagesByTransactionQuery = z.object({
  channel: z.optional(z.enum(CHANNEL_TYPES)),
});
export type DeleteMessagesByTransactionQuery = z.infer<typeof DeleteMessagesByTransactionQuery>;
