/**
 * Announcing an Inbox change from inside an operation: queued until the operation commits
 * (`store/journal.ts` `afterCommit`), then built from the state as it stands.
 *
 * @module
 */

import type { EngineScope } from '../scope';
import { afterCommit } from '../store/journal';
import type { MessageRecord, SubscriberRecord } from '../store/state';
import { inboxCounts } from './inbox-counts';
import { toInboxNotification, toSocketMessage } from './notification-view';

/**
 * Tells the Inbox listeners, once the operation committed, that `message` was delivered to its
 * subscriber (`received`) or that the subscriber's counts may have changed (`counts`).
 */
export function announceInbox(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  kind: 'received' | 'counts',
  message?: MessageRecord,
): void {
  if (!scope.inbox.changes.listening()) return;
  const { environment, data } = scope;
  afterCommit(() =>
    scope.inbox.changes.announce(() => {
      const now = scope.now();
      const counts = inboxCounts(data, subscriber, now);
      const base = { environment, subscriberId: subscriber.subscriberId, ...counts };
      if (kind === 'counts' || message === undefined) return { ...base, kind: 'counts' };
      return {
        ...base,
        kind: 'received',
        message: toSocketMessage(data, message, subscriber, now),
        notification: toInboxNotification(data, message, subscriber, now),
      };
    }),
  );
}
