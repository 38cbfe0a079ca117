/**
 * What the engine keeps for the Inbox beside its state: the sessions and the change
 * announcements, and the public face of both (`engine.inbox`).
 *
 * @module
 */

import type { EngineState } from '../store/state';
import { createInboxChanges, type InboxChangeListener, type InboxChanges } from './inbox-changes';
import { createInboxSessions, type InboxSession, type InboxSessions } from './sessions';

/** The Inbox parts of an engine, as its scopes carry them. @internal */
export interface InboxHub {
  sessions: InboxSessions;
  /** Where the changes read from committed writes are announced (inbox/inbox-announcer.ts). */
  changes: InboxChanges;
}

/**
 * The Inbox of an engine for a real-time layer: resolve a session token the client connects
 * with, and hear what changed in a subscriber's Inbox.
 *
 * @example
 * ```ts
 * const session = engine.inbox.resolveSession(socket.handshake.query.token);
 * const stop = engine.inbox.onChange((change) => {
 *   if (change.environment._id === session?.environment._id && change.subscriberId === session.subscriberId) {
 *     socket.emit('unseen_count_changed', { unseenCount: change.unseenCount });
 *   }
 * });
 * ```
 */
export interface EngineInbox {
  /**
   * The environment, subscriber and context keys of a session token from
   * `POST /v1/inbox/session`; `undefined` when the token is malformed, unknown, expired (15 days
   * on the engine's clock) or its subscriber was deleted.
   */
  resolveSession(token: string): Omit<InboxSession, 'subscriber'> | undefined;
  /**
   * Calls `listener` after each committed operation or clock run that delivered an in-app
   * message or changed a subscriber's counts; answers the function that stops it.
   */
  onChange(listener: InboxChangeListener): () => void;
}

/**
 * The Inbox parts of one engine.
 *
 * @internal
 */
export function createInboxHub(state: () => EngineState, now: () => number): InboxHub {
  return {
    sessions: createInboxSessions(state, now),
    changes: createInboxChanges(),
  };
}

/**
 * The public face of an engine's Inbox parts.
 *
 * @internal
 */
export function engineInbox(hub: InboxHub): EngineInbox {
  return {
    resolveSession(token) {
      if (typeof token !== 'string') return undefined;
      const session = hub.sessions.resolve(token);
      if (session === undefined) return undefined;
      const { subscriber: _subscriber, ...visible } = session;
      return visible;
    },
    onChange: (listener) => hub.changes.onChange(listener),
  };
}
