/**
 * How `perform` tells who a request comes from, one authenticator per way a route declares
 * (`OperationRoute.auth`), plus the trusted one of in-process callers (`engine.operations`, the
 * inspector): each finds the environment (and, for an Inbox session, the subscriber), says what
 * the commit entry keeps to find the same caller on playback, and whether its requests take
 * rate-limit tokens.
 *
 * @module
 */

import type { InboxHub } from './inbox/inbox-hub';
import { environmentByIdentifier } from './inbox/session';
import { type InboxSessionRef, refOfSession, sessionOfRef } from './inbox/sessions';
import type { Authentication } from './operations/operation';
import { authenticate } from './policy/auth';
import type { OperationCommit } from './store/commit-log';
import type { EngineState, EnvironmentRecord, SubscriberRecord } from './store/state';
import { tables } from './store/tables';
import { ServiceError } from './wire/service-error';

/**
 * Who a request comes from.
 *
 * @internal
 */
export interface Caller {
  environment: EnvironmentRecord;
  /** The subscriber of an Inbox session. */
  subscriber?: SubscriberRecord;
  /** What the commit entry keeps instead of a secret it must not (an Inbox token). */
  credential: Pick<OperationCommit, 'authorization' | 'session' | 'environmentId'>;
}

/**
 * What an authenticator reads of a request.
 *
 * @internal
 */
export interface AuthenticationRequest {
  state: EngineState;
  inbox: InboxHub;
  /** The `Authorization` header, `null` when absent. */
  authorization: string | null;
  /** The parsed body (read once, however often it is asked for). */
  body(): Promise<unknown>;
  /** The session of the journal entry being played back (its token is not kept). */
  playbackSession: InboxSessionRef | undefined;
  /** The decoded path parameters. */
  params: Readonly<Record<string, string>>;
}

/**
 * One way of authenticating.
 *
 * @internal
 */
export interface Authenticator {
  /**
   * Whether its requests take rate-limit tokens: the service throttles API keys and the keyless
   * session route, and skips every other scheme (an Inbox session's bearer token).
   */
  readonly rateLimited: boolean;
  authenticate(request: AuthenticationRequest): Caller | Promise<Caller>;
}

const BEARER = /^Bearer\s+(\S+)$/;

/**
 * The authenticator of each way a route declares.
 *
 * @internal
 */
export const AUTHENTICATORS: Readonly<Record<Authentication, Authenticator>> = {
  'api-key': {
    rateLimited: true,
    authenticate: ({ state, authorization }) => ({
      environment: authenticate(state, authorization),
      credential: { authorization },
    }),
  },
  'inbox-session': {
    rateLimited: false,
    authenticate({ state, inbox, authorization, playbackSession }) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      const session =
        playbackSession !== undefined
          ? sessionOfRef(state, playbackSession)
          : token === undefined
            ? undefined
            : inbox.sessions.resolve(token);
      if (session === undefined) throw ServiceError.http(401, 'Unauthorized');
      return {
        environment: session.environment,
        subscriber: session.subscriber,
        // The session, not the token: tokens are not kept across a restart.
        credential: { authorization: null, session: refOfSession(session) },
      };
    },
  },
  'environment-path': {
    rateLimited: true,
    authenticate({ state, params }) {
      const environment = tables.environments.get(state, params['environmentId'] ?? '');
      // The service looks the integration up in that environment, and finds none.
      if (environment === undefined) {
        throw ServiceError.http(
          404,
          `Integration for ${params['integrationId'] ?? ''} was not found`,
        );
      }
      return { environment, credential: { authorization: null, environmentId: environment._id } };
    },
  },
  'application-identifier': {
    rateLimited: true,
    async authenticate({ state, body }) {
      return {
        environment: environmentByIdentifier(state, await body()),
        credential: { authorization: null },
      };
    },
  },
};

/**
 * The caller of an in-process call: the engine's owner, acting in `environment` without a key.
 * Its entries keep the environment's `_id`, so playback acts in the same one.
 *
 * @internal
 */
export function trustedCaller(environment: EnvironmentRecord): Caller {
  return { environment, credential: { authorization: null, environmentId: environment._id } };
}
