/**
 * The engine's Inbox as the Inbox socket's session resolver and change source: what
 * `startMockServer` (and so `svc-mock`) serves the socket with by default
 * (docs/inbox.md#real-time).
 *
 * @module
 */

import type { MockEngine } from '../engine/engine';
import type { InboxChange as EngineInboxChange } from '../engine/inbox/inbox-changes';
import type { InboxChange, InboxChangeSource } from './inbox-changes';
import type { ResolveInboxSession } from './inbox-socket';

/** An engine change as the socket announces it: the environment's `_id`, the counts, the message. */
function toSocketChange(change: EngineInboxChange): InboxChange {
  const base = {
    environment: change.environment._id,
    subscriberId: change.subscriberId,
    counts: {
      unseen: change.unseenCount,
      unread: change.unreadCount.total,
      unreadBySeverity: change.unreadCount.severity,
    },
  };
  return change.kind === 'received'
    ? { ...base, kind: 'received', notification: change.message }
    : { ...base, kind: 'counts' };
}

/**
 * The socket's `resolveSession` and `changes` read from an engine's Inbox: a token is a session
 * `POST /v1/inbox/session` issued (`engine.inbox.resolveSession`), and the changes are the ones
 * `engine.inbox.onChange` hears (deliveries, and reads, seen, archives, deletes and snoozes
 * through the Inbox API, the admin API or the clock). Both go through `engine.inbox` at each
 * call, so a reset or restore of the engine keeps them working.
 *
 * @example
 * ```ts
 * const engine = createMockEngine();
 * const { resolveSession, changes } = engineInboxSocket(engine);
 * const server = await startMockServer({
 *   engine,
 *   inboxSocket: { resolveSession, changes, limits: { maxSockets: 5_000 } },
 * });
 * ```
 */
export function engineInboxSocket(engine: MockEngine): {
  resolveSession: ResolveInboxSession;
  changes: InboxChangeSource;
} {
  return {
    resolveSession(token) {
      const session = engine.inbox.resolveSession(token);
      return (
        session && { environment: session.environment._id, subscriberId: session.subscriberId }
      );
    },
    changes: {
      subscribe: (listener) => engine.inbox.onChange((change) => listener(toSocketChange(change))),
    },
  };
}
