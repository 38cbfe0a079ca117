/**
 * A subscriber's in-app messages and the counts the Inbox shows (unread by severity, unseen).
 *
 * @module
 */

import type { EnvironmentData, MessageRecord, SubscriberRecord } from '../store/state';
import { tables } from '../store/tables';
import type { UnreadCount } from './notification-shapes';
import { isSnoozed, severityOf } from './notification-view';

/** The subscriber's in-app messages, in stored (`_id`, oldest first) order. */
export function inAppMessagesOf(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
): MessageRecord[] {
  return tables.messages.where(
    data,
    (message) => message.channel === 'in_app' && message._subscriberId === subscriber._id,
  );
}

/**
 * The counts the Inbox shows: messages neither archived nor snoozed that are unread (in total
 * and by severity), and those unseen.
 */
export function inboxCounts(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  now: number,
): { unreadCount: UnreadCount; unseenCount: number } {
  const unreadCount: UnreadCount = { total: 0, severity: { high: 0, medium: 0, low: 0, none: 0 } };
  let unseenCount = 0;
  for (const message of inAppMessagesOf(data, subscriber)) {
    if (message.archived || isSnoozed(message, now)) continue;
    if (!message.seen) unseenCount += 1;
    if (message.read) continue;
    unreadCount.total += 1;
    const severity = severityOf(data, message);
    unreadCount.severity[severity] = (unreadCount.severity[severity] ?? 0) + 1;
  }
  return { unreadCount, unseenCount };
}
