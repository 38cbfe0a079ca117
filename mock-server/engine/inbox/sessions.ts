/**
 * Inbox sessions: the token `POST /v1/inbox/session` answers and every other Inbox route reads
 * from `Authorization: Bearer <token>`. A token is a JWT signed by the engine, as the service's is
 * (`session-token.ts`), bound to one environment, one subscriber and the session's context keys,
 * and expires on the engine's clock. The engine keeps no session table: a token is verified by
 * its signature, so opening sessions costs no memory and never signs anyone else out. A token
 * whose subscriber is gone (deleted, or a reset) no longer resolves; another engine, or a
 * restarted server, signs with another secret.
 *
 * @module
 */

import type { EngineState, EnvironmentRecord, SubscriberRecord } from '../store/state';
import { tables } from '../store/tables';
import { newSessionSecret, signSessionToken, verifySessionToken } from './session-token';

/** How long a session token lives (the service's widget token: 15 days). */
export const SESSION_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;

/**
 * Where a session points: the claims its token carries.
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

/**
 * The session store of an engine, reading the state and the clock through the engine.
 *
 * @internal
 */
export function createInboxSessions(state: () => EngineState, now: () => number): InboxSessions {
  const secret = newSessionSecret();
  return {
    issue(environment, subscriber, contextKeys) {
      return signSessionToken(secret, {
        environmentId: environment._id,
        subscriberObjectId: subscriber._id,
        contextKeys: [...contextKeys],
        expiresAt: now() + SESSION_LIFETIME_MS,
      });
    },
    resolve(token) {
      const claims = verifySessionToken(secret, token);
      if (claims === undefined || now() >= claims.expiresAt) return undefined;
      return sessionOfRef(state(), claims);
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
  const environment = tables.environments.get(state, record.environmentId);
  const data = tables.environments.dataOf(state, record.environmentId);
  const subscriber = data && tables.subscribers.byObjectId(data, record.subscriberObjectId);
  if (!environment || !subscriber) return undefined;
  return {
    environment,
    subscriberId: subscriber.subscriberId,
    subscriber,
    contextKeys: [...record.contextKeys],
  };
}
