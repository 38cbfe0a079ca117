/**
 * Inbox sessions: the token `POST /v1/inbox/session` answers and every other Inbox route reads
 * from `Authorization: Bearer <token>`. A token is random and opaque (the service's is a JWT the
 * client never decodes), bound to one environment, one subscriber and the session's context
 * keys, and expires on the engine's clock. Sessions live beside the state, not in it: a snapshot
 * or reset does not carry tokens, and a token whose subscriber is gone no longer resolves.
 *
 * @module
 */

import type { EngineState, EnvironmentRecord, SubscriberRecord } from '../store/state';

/** How long a session token lives (the service's widget token: 15 days). */
export const SESSION_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;

/** Most sessions kept at once; the oldest goes first (svc-mock is a network service). */
export const MAX_SESSIONS = 10_000;

/** A session as the engine keeps it. @internal */
interface SessionRecord {
  environmentId: string;
  /** The subscriber's internal `_id`: a subscriber deleted and created again is another one. */
  subscriberObjectId: string;
  contextKeys: string[];
  expiresAt: number;
}

/**
 * Where a session points, without its token: what `svc-mock --data` journals with an Inbox
 * change, so playing it back needs no token (tokens are not kept across a restart).
 *
 * @internal
 */
export interface InboxSessionRef {
  environmentId: string;
  /** The subscriber's internal `_id`. */
  subscriberObjectId: string;
  contextKeys: string[];
}

/**
 * What a session token stands for: the environment, the subscriber and the session's context
 * keys (`type:id`, e.g. `tenant:acme`).
 *
 * @example
 * ```ts
 * const session = engine.inbox.resolveSession(token);
 * if (session) console.log(session.environment.name, session.subscriberId, session.contextKeys);
 * ```
 */
export interface InboxSession {
  environment: EnvironmentRecord;
  /** The subscriber's `subscriberId`. */
  subscriberId: string;
  /** The subscriber record the session is bound to. @internal */
  subscriber: SubscriberRecord;
  contextKeys: string[];
}

/** The session store of one engine. @internal */
export interface InboxSessions {
  issue(
    environment: EnvironmentRecord,
    subscriber: SubscriberRecord,
    contextKeys: string[],
  ): string;
  /** The live session of a token, `undefined` when unknown, expired or its subscriber is gone. */
  resolve(token: string): InboxSession | undefined;
}

const TOKEN = /^[0-9a-f]{64}$/;

function randomToken(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The session store of an engine, reading the state and the clock through the engine.
 *
 * @internal
 */
export function createInboxSessions(state: () => EngineState, now: () => number): InboxSessions {
  const sessions = new Map<string, SessionRecord>();
  return {
    issue(environment, subscriber, contextKeys) {
      const token = randomToken();
      if (sessions.size >= MAX_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
      sessions.set(token, {
        environmentId: environment._id,
        subscriberObjectId: subscriber._id,
        contextKeys: [...contextKeys],
        expiresAt: now() + SESSION_LIFETIME_MS,
      });
      return token;
    },
    resolve(token) {
      if (!TOKEN.test(token)) return undefined;
      const record = sessions.get(token);
      if (record === undefined) return undefined;
      if (now() >= record.expiresAt) {
        sessions.delete(token);
        return undefined;
      }
      return sessionOfRef(state(), record);
    },
  };
}

/**
 * The session a reference points to, `undefined` when its environment or subscriber is gone.
 *
 * @internal
 */
export function sessionOfRef(
  state: EngineState,
  record: InboxSessionRef,
): InboxSession | undefined {
  const environment = state.environments.get(record.environmentId);
  const data = state.data.get(record.environmentId);
  const subscriberId = data?.subscriberKeys.get(record.subscriberObjectId);
  const subscriber = subscriberId === undefined ? undefined : data?.subscribers.get(subscriberId);
  if (!environment || !subscriber) return undefined;
  return {
    environment,
    subscriberId: subscriber.subscriberId,
    subscriber,
    contextKeys: [...record.contextKeys],
  };
}

/**
 * A session's reference (what the data directory's journal keeps instead of the token).
 *
 * @internal
 */
export function refOfSession(session: InboxSession): InboxSessionRef {
  return {
    environmentId: session.environment._id,
    subscriberObjectId: session.subscriber._id,
    contextKeys: [...session.contextKeys],
  };
}
