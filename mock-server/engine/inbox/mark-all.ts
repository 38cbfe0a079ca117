/**
 * `POST /v1/subscribers/{subscriberId}/messages/mark-all`: marks every in-app message of a
 * subscriber read, unread, seen or unseen (the service's `MarkAllMessagesAs` usecase), announced
 * on the Inbox socket as an Inbox change is (docs/behaviour/subscribers.md#mark-all).
 *
 * @module
 */

import { MARK_AS_VALUES, type MarkAsValue } from '../../../src/schemas/message';
import { findSubscriber } from '../resources/subscribers';
import type { EngineScope } from '../scope';
import type { MessageRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { inAppMessagesOf } from './inbox-counts';

/** The messages each mark changes (the repository's update query) and what it sets. */
const MARKS: Record<
  MarkAsValue,
  {
    selects: (message: MessageRecord) => boolean;
    apply: (message: MessageRecord, at: string) => void;
  }
> = {
  read: {
    selects: (message) => !message.read,
    apply: (message, at) =>
      Object.assign(message, { read: true, lastReadDate: at, seen: true, lastSeenDate: at }),
  },
  unread: {
    selects: (message) => message.read,
    apply: (message, at) =>
      Object.assign(message, { read: false, lastReadDate: at, seen: true, lastSeenDate: at }),
  },
  seen: {
    selects: (message) => !message.seen,
    apply: (message, at) => Object.assign(message, { seen: true, lastSeenDate: at }),
  },
  unseen: {
    selects: (message) => message.seen,
    apply: (message, at) => Object.assign(message, { seen: false, lastSeenDate: at }),
  },
};

function feedIdentifiersOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value.split(',');
  if (Array.isArray(value)) return value.map(String);
  throw ServiceError.dtoValidation(['feedIdentifier must be a string or an array of strings']);
}

/**
 * Marks the subscriber's in-app messages and answers how many changed. A `markAs` outside the four
 * values changes nothing and answers 0, as the service's DTO does not validate it; a
 * `feedIdentifier` selects nothing (the engine keeps no feeds).
 */
export function markAllMessages(scope: EngineScope, subscriberId: string, body: unknown): number {
  const input = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const feeds = feedIdentifiersOf(input['feedIdentifier']);
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) {
    throw ServiceError.http(
      404,
      `Subscriber ${subscriberId} does not exist in environment ${scope.environment._id}, ` +
        'please provide a valid subscriber identifier',
    );
  }
  const markAs = input['markAs'];
  const mark = MARK_AS_VALUES.find((value) => value === markAs);
  if (mark === undefined) return 0;
  const at = scope.iso();
  const { selects, apply } = MARKS[mark];
  const selected =
    feeds === undefined ? inAppMessagesOf(scope.data, subscriber).filter(selects) : [];
  for (const message of selected) {
    tables.messages.edit(scope.data, message);
    apply(message, at);
    message.updatedAt = at;
  }
  // The usecase sends its socket event whatever the number changed.
  tables.messages.noticeCounts(scope.data, subscriber._id);
  return selected.length;
}
