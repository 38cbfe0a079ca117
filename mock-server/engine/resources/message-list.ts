import type { EngineScope } from '../scope';
/**
 * The environment's messages: `GET /v1/messages`, `DELETE /v1/messages/{messageId}` and
 * `DELETE /v1/messages/transaction/{transactionId}` (docs/behaviour/messages.md).
 *
 * @module
 */

import { isObjectId } from '../store/ids';
import type { EnvironmentData, MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import type { MessageSearch } from '../wire/message-query';
import { ServiceError } from '../wire/service-error';
import { type MessageDto, toMessageDto } from './messages';
import { findSubscriber, type SubscriberDto, toSubscriberDto } from './subscribers';

/**
 * A message as the list answers it: with its subscriber.
 *
 * @example
 * ```ts
 * const { data } = engine.operations['messages.list'](engine.scope('Development'), { query: { limit: 10 } });
 * const first: ListedMessageDto | undefined = data[0];
 * ```
 */
export type ListedMessageDto = MessageDto & { subscriber?: SubscriberDto };

/**
 * One page of `GET /v1/messages`.
 *
 * @example
 * ```ts
 * const page: MessagePage = engine.operations['messages.list'](engine.scope('Development'));
 * ```
 */
export interface MessagePage {
  data: ListedMessageDto[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

function listed(data: EnvironmentData, message: MessageRecord): ListedMessageDto {
  const subscriberId = tables.subscribers.subscriberIdOf(data, message._subscriberId);
  const subscriber =
    subscriberId === undefined ? undefined : tables.subscribers.get(data, subscriberId);
  const dto: ListedMessageDto = toMessageDto(message);
  // The whole subscriber, as the service's published response schema declares it (its own SDK
  // rejects a shorter one); see docs/behaviour/messages.md#list.
  if (subscriber) dto.subscriber = toSubscriberDto(subscriber);
  return dto;
}

/** The message's context keys are exactly `wanted`, in any order (none for `[]`). */
function sameKeys(keys: readonly string[], wanted: ReadonlySet<string>): boolean {
  const own = new Set(keys);
  return own.size === wanted.size && [...own].every((key) => wanted.has(key));
}

/**
 * `GET /v1/messages` (docs/behaviour/messages.md#list): the environment's messages in stored
 * (oldest first) order, filtered by `channel`, `subscriberId` (404 when unknown), any of the
 * `transactionId`s and the exact set of `contextKeys`; `page × limit` skipped; `hasMore` when the
 * page is full.
 */
export function listMessages(scope: EngineScope, search: MessageSearch): MessagePage {
  const { data } = scope;
  let subscriberKey: string | undefined;
  if (search.subscriberId !== undefined) {
    const subscriber = findSubscriber(data, search.subscriberId);
    if (!subscriber) {
      throw ServiceError.http(404, `Subscriber not found for id ${search.subscriberId}`);
    }
    subscriberKey = subscriber._id;
  }
  const transactions = search.transactionIds ? new Set(search.transactionIds) : undefined;
  const contextKeys = search.contextKeys ? new Set(search.contextKeys) : undefined;
  const { rows } = tables.messages.page(data, {
    offset: search.page * search.limit,
    limit: search.limit,
    fullPageMeansMore: true,
    match: (message) =>
      (search.channel === undefined || message.channel === search.channel) &&
      (subscriberKey === undefined || message._subscriberId === subscriberKey) &&
      (transactions === undefined || transactions.has(message.transactionId)) &&
      (contextKeys === undefined || sameKeys(message.contextKeys ?? [], contextKeys)),
  });
  const page: ListedMessageDto[] = rows.map((message) => listed(data, message));
  return {
    hasMore: page.length === search.limit,
    page: search.page,
    pageSize: search.limit,
    data: page,
  };
}

/**
 * `DELETE /v1/messages/{messageId}` (docs/behaviour/messages.md#delete): 422 for an id that is
 * not an ObjectId, 404 `Message with id <id> not found` for one the environment does not hold.
 */
export function deleteMessage(
  scope: EngineScope,
  messageId: string,
): { acknowledged: true; status: 'deleted' } {
  const { data } = scope;
  if (!isObjectId(messageId)) throw ServiceError.dtoValidation(['messageId must be a mongodb id']);
  const index = tables.messages
    .values(data)
    .findIndex((message) => message._id === messageId.toLowerCase());
  if (index < 0) throw ServiceError.http(404, `Message with id ${messageId} not found`);
  tables.messages.removeAt(scope.state, data, index);
  return { acknowledged: true, status: 'deleted' };
}

/**
 * `DELETE /v1/messages/transaction/{transactionId}` (docs/behaviour/messages.md#delete-by-transaction):
 * deletes the transaction's messages of `channel` (all when absent). 404
 * `Invalid transactionId or channel` when the transaction has no message at all; as the service
 * looks for the transaction's messages without the channel, a channel it has none of deletes
 * nothing and still succeeds.
 */
export function deleteMessagesByTransaction(
  scope: EngineScope,
  transactionId: string,
  channel: string | undefined,
): void {
  const { data } = scope;
  if (!tables.messages.some(data, (message) => message.transactionId === transactionId)) {
    throw ServiceError.http(404, 'Invalid transactionId or channel');
  }
  const drop = (message: MessageRecord) =>
    message.transactionId === transactionId &&
    (channel === undefined || message.channel === channel);
  tables.messages.removeWhere(scope.state, data, drop);
}
