/**
 * The socket events one Inbox change becomes, in the payloads and the order the service's socket
 * sends them (docs/inbox.md#events).
 *
 * @module
 */

import type { InboxCounts, InboxSocketChange } from './inbox-changes';

// The service caps the counts it sends: it counts at most 101 unread or unseen messages and 99
// per severity, and reports 100 with `hasMore` past 100.
const COUNT_SHOWN = 100;
const COUNT_LIMIT = 101;
const SEVERITY_COUNT_LIMIT = 99;

/** The payload of `unseen_count_changed`. */
function unseenPayload(counts: InboxCounts) {
  return {
    unseenCount: Math.min(counts.unseen, COUNT_SHOWN),
    hasMore: counts.unseen > COUNT_SHOWN,
  };
}

/** The payload of `unread_count_changed`: `counts` is what the Inbox UI reads. */
function unreadPayload(counts: InboxCounts) {
  const { high, medium, low, none } = counts.unreadBySeverity;
  const cap = (count: number) => Math.min(count, SEVERITY_COUNT_LIMIT);
  return {
    unreadCount: Math.min(counts.unread, COUNT_SHOWN),
    counts: {
      total: Math.min(counts.unread, COUNT_LIMIT),
      severity: { high: cap(high), medium: cap(medium), low: cap(low), none: cap(none) },
    },
    hasMore: counts.unread > COUNT_SHOWN,
  };
}

/**
 * The events of a change: `notification_received` for a delivery, then `unseen_count_changed`
 * and `unread_count_changed`.
 *
 * @example
 * ```ts
 * for (const [event, payload] of inboxSocketEvents(change)) io.to(room).emit(event, payload);
 * ```
 */
export function inboxSocketEvents(
  change: InboxSocketChange,
): Array<[event: string, payload: unknown]> {
  return [
    ...(change.kind === 'received'
      ? [['notification_received', { message: change.notification }] as [string, unknown]]
      : []),
    ['unseen_count_changed', unseenPayload(change.counts)],
    ['unread_count_changed', unreadPayload(change.counts)],
  ];
}
