/**
 * The engine's announcements of what changed in a subscriber's Inbox, for a real-time layer (the
 * socket of `svc-mock`) to forward: a delivered in-app message, or new counts after a read, seen,
 * archive, delete or snooze. Read from the writes the operation committed
 * (inbox/inbox-announcer.ts), never from a rolled-back one.
 *
 * @module
 */

import type { EnvironmentRecord } from '../store/state';
import type { InboxNotification, InboxSocketMessage, UnreadCount } from './notification-shapes';

/**
 * One change of a subscriber's in-app messages.
 *
 * - `received`: a message was delivered (or came back from a snooze); `message` is the stored
 *   message in the shape the service's socket sends (`notification_received { message }`) and
 *   `notification` the same as the Inbox API lists it.
 * - `counts`: reading, seeing, archiving, deleting or snoozing changed the counts.
 *
 * Both carry the counts after the change: `unreadCount` as `unread_count_changed { counts }`
 * sends it and `unseenCount` as `unseen_count_changed { unseenCount }` does.
 *
 * @example
 * ```ts
 * engine.inbox.onChange((change) => {
 *   if (change.kind === 'received') console.log(change.subscriberId, change.notification.subject);
 * });
 * ```
 */
export type InboxChange = {
  environment: EnvironmentRecord;
  /** The subscriber's `subscriberId` (not the internal `_id`). */
  subscriberId: string;
  unreadCount: UnreadCount;
  unseenCount: number;
} & (
  | { kind: 'received'; message: InboxSocketMessage; notification: InboxNotification }
  | { kind: 'counts' }
);

/**
 * A listener of {@link InboxChange}s. It runs synchronously after the change committed; what it
 * throws is reported to `console.error` and does not undo the change.
 *
 * @example
 * ```ts
 * const listener: InboxChangeListener = (change) => sockets.to(change.subscriberId).emit(change.kind);
 * ```
 */
export type InboxChangeListener = (change: InboxChange) => void;

/** Where the engine announces changes and listeners register. @internal */
export interface InboxChanges {
  /** Whether anyone listens (a trigger then queues nothing: the hot path stays as it was). */
  listening(): boolean;
  /** Tells every listener; `build` runs only when someone listens. */
  announce(build: () => InboxChange | undefined): void;
  /** Registers a listener; the function returned removes it. */
  onChange(listener: InboxChangeListener): () => void;
}

/**
 * The change hub of one engine.
 *
 * @internal
 */
export function createInboxChanges(): InboxChanges {
  const listeners = new Set<InboxChangeListener>();
  return {
    listening: () => listeners.size > 0,
    announce(build) {
      if (listeners.size === 0) return;
      const change = build();
      if (change === undefined) return;
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          console.error('[svc-mock] an Inbox change listener threw:', error);
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
