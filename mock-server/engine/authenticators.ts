/**
 * How `perform` tells who a request comes from, one authenticator per way a route declares
 * (`OperationRoute.auth`): each finds the environment (and, for an Inbox session, the subscriber),
 * and says whether its requests take rate-limit tokens. An in-process caller (`engine.operations`,
 * the inspector) is trusted: it acts in the environment of the scope it passes, and takes none.
 *
 * @module
 */

import type { InboxHub } from './inbox/inbox-hub';
import { environmentByIdentifier } from './inbox/session';
import type { Authentication } from './operations/operation';
import { authenticate } from './policy/auth';
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
    }),
  },
  'inbox-session': {
    rateLimited: false,
    authenticate({ inbox, authorization }) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      const session = token === undefined ? undefined : inbox.sessions.resolve(token);
      if (session === undefined) throw ServiceError.http(401, 'Unauthorized');
      return { environment: session.environment, subscriber: session.subscriber };
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
      return { environment };
    },
  },
  'application-identifier': {
    rateLimited: true,
    async authenticate({ state, body }) {
      return {
        environment: environmentByIdentifier(state, await body()),
      };
    },
  },
};
