import type { EngineScope } from '../scope';
/**
 * Messages of subscribers and the mark-as rules (docs/behaviour/messages.md#mark-as).
 *
 * @module
 */

import { MarkAsBody } from '../../../src/schemas/message';
import { isObjectId } from '../store/ids';
import type { MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findSubscriber } from './subscribers';

/**
 * A message in the wire shape.
 *
 * @example
 * ```ts
 * const messages: MessageDto[] = engine.operations['subscribers.messages.markAs'](engine.scope('Development'), {
 *   params: { subscriberId: 'user-1' },
 *   body: { messageId: ['64da692e9a94fb2e6449ad09'], markAs: 'read' },
 * });
 * ```
 */
export type MessageDto = Omit<MessageRecord, 'tags' | 'updatedAt'>;

const BAD_MESSAGE_ID =
  'messageId must be a valid MongoDB ObjectId or an array of valid MongoDB ObjectIds';

/** A stored message in the wire shape. */
export function toMessageDto(record: MessageRecord): MessageDto {
  const { tags: _tags, updatedAt: _updatedAt, ...rest } = record;
  return structuredClone(rest);
}

/**
 * `POST /v1/subscribers/{subscriberId}/messages/mark-as` (docs/behaviour/messages.md#mark-as): applies the mark-as table to the
 * subscriber's own messages among the ids; other ids are silently ignored.
 */
export function markMessagesAs(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): MessageDto[] {
  const { data } = scope;
  const at = scope.iso();
  const input = validateBody(MarkAsBody, body, { messageId: BAD_MESSAGE_ID });
  const ids = Array.isArray(input.messageId) ? input.messageId : [input.messageId];
  if (!ids.every(isObjectId)) throw ServiceError.dtoValidation([BAD_MESSAGE_ID]);
  const subscriber = findSubscriber(data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber ${subscriberId} not found`);
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const updated: MessageDto[] = [];
  for (const message of tables.messages.values(data)) {
    if (message._subscriberId !== subscriber._id || !wanted.has(message._id)) continue;
    tables.messages.edit(data, message);
    switch (input.markAs) {
      case 'read':
        Object.assign(message, { read: true, seen: true, lastReadDate: at, lastSeenDate: at });
        break;
      case 'unread':
        Object.assign(message, { read: false, seen: true, lastReadDate: at, lastSeenDate: at });
        break;
      case 'seen':
        Object.assign(message, { seen: true, lastSeenDate: at });
        break;
      case 'unseen':
        Object.assign(message, { seen: false, lastSeenDate: at });
        break;
    }
    message.updatedAt = at;
    updated.push(toMessageDto(message));
  }
  return updated;
}
