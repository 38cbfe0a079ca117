/**
 * What the Inbox socket announces: a subscriber-visible change (a delivery, or new counts after a
 * read, seen, archive or delete), and the source it listens to (docs/inbox.md#real-time).
 *
 * @module
 */

/**
 * Unread counts by the workflow's severity, as the Inbox's bell shows them.
 *
 * @example
 * ```ts
 * const bySeverity: SeverityCounts = { high: 1, medium: 0, low: 0, none: 2 };
 * ```
 */
export interface SeverityCounts {
  high: number;
  medium: number;
  low: number;
  none: number;
}

/**
 * A subscriber's Inbox counts after a change: the socket turns them into
 * `unseen_count_changed` and `unread_count_changed`.
 *
 * @example
 * ```ts
 * const counts: InboxCounts = {
 *   unseen: 2,
 *   unread: 3,
 *   unreadBySeverity: { high: 1, medium: 0, low: 0, none: 2 },
 * };
 * ```
 */
export interface InboxCounts {
  /** In-app messages not seen yet. */
  unseen: number;
  /** In-app messages not read yet. */
  unread: number;
  /** The unread ones by their workflow's severity. */
  unreadBySeverity: SeverityCounts;
}

/**
 * One change a subscriber's open Inboxes should hear about. `environment` is the environment's
 * `_id` and `subscriberId` the subscriber's own id: the pair an Inbox session is bound to.
 * `received` is a new in-app message (the socket sends it, then both counts, as the service
 * does); `counts` is a read, seen, archive or delete that changed them.
 *
 * @example
 * ```ts
 * const counts: InboxCounts = { unseen: 1, unread: 1, unreadBySeverity: { high: 0, medium: 0, low: 0, none: 1 } };
 * const change: InboxSocketChange = { kind: 'counts', environment: env._id, subscriberId: 'user-1', counts };
 * ```
 */
export type InboxSocketChange =
  | {
      kind: 'received';
      environment: string;
      subscriberId: string;
      /** The stored message as the service's socket sends it (`_id`, `content`, `read`, `cta`, ...). */
      notification: unknown;
      counts: InboxCounts;
    }
  | { kind: 'counts'; environment: string; subscriberId: string; counts: InboxCounts };

/**
 * Where the Inbox socket hears of changes: anything with a `subscribe` that calls the listener
 * for each change and returns a function that stops it.
 *
 * @example
 * ```ts
 * const changes: InboxChangeSource = createInboxChangeHub();
 * const stop = changes.subscribe((change) => console.log(change.kind, change.subscriberId));
 * stop();
 * ```
 */
export interface InboxChangeSource {
  /** Calls `listener` with every later change; returns the function that stops it. */
  subscribe(listener: (change: InboxSocketChange) => void): () => void;
}

/**
 * A change source that whoever makes a change publishes to.
 *
 * @example
 * ```ts
 * const hub = createInboxChangeHub();
 * hub.publish({ kind: 'counts', environment: env._id, subscriberId: 'user-1', counts });
 * ```
 */
export interface InboxChangeHub extends InboxChangeSource {
  /** Hands the change to every listener, in the order they subscribed. */
  publish(change: InboxSocketChange): void;
}

/**
 * Creates an {@link InboxChangeHub}. A listener that throws does not stop the others.
 *
 * @example
 * ```ts
 * const hub = createInboxChangeHub();
 * const server = await startMockServer({ inboxSocket: { resolveSession, changes: hub } });
 * ```
 */
export function createInboxChangeHub(): InboxChangeHub {
  const listeners = new Set<(change: InboxSocketChange) => void>();
  return {
    subscribe(listener) {
      // A wrapper per subscription, so the same function subscribed twice stops one at a time.
      const entry = (change: InboxSocketChange) => listener(change);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error('[svc-mock] an Inbox change listener failed:', error);
        }
      }
    },
  };
}
