/**
 * `engine.perform` for the Inbox routes: the session token (or, for the session route, the
 * `applicationIdentifier` of the body) instead of an API key, then the handler in a journal, all
 * or nothing, with the service's error body for every refusal.
 *
 * @module
 */

import type { OperationCommits, OperationRequest, OperationResponse } from '../perform';
import type { EngineScope } from '../scope';
import { journaled } from '../store/journal';
import type { EngineState, EnvironmentRecord } from '../store/state';
import { errorBody } from '../wire/error-body';
import { ServiceError } from '../wire/service-error';
import type { InboxHub } from './inbox-hub';
import { type InboxOperation, inboxAnswer } from './inbox-routes';
import { environmentByIdentifier } from './session';
import { type InboxSessionRef, refOfSession, sessionOfRef } from './sessions';

/** What the Inbox's perform needs from the engine. @internal */
export interface InboxPerformDeps {
  state(): EngineState;
  scopeOf(environment: EnvironmentRecord): EngineScope;
  iso(): string;
  hub: InboxHub;
  now(): number;
  /** The commit log's hooks while one is attached and not playing back (store/commit-log.ts). */
  commits(): OperationCommits | undefined;
  /** The session of the journal entry being played back (its token is not kept). */
  playbackSession(): InboxSessionRef | undefined;
}

const BEARER = /^Bearer\s+(\S+)$/;

/**
 * Answers one Inbox request.
 *
 * @internal
 */
export async function performInbox(
  deps: InboxPerformDeps,
  operation: InboxOperation,
  request: OperationRequest,
): Promise<OperationResponse> {
  let performed = false;
  try {
    let scope: EngineScope;
    let body: unknown;
    let subscriber: Parameters<InboxOperation['handle']>[1];
    let sessionRef: InboxSessionRef | undefined;
    if (operation.route.auth === 'session') {
      const replayed = deps.playbackSession();
      const token = BEARER.exec(request.authorization ?? '')?.[1];
      const session =
        replayed !== undefined
          ? sessionOfRef(deps.state(), replayed)
          : token === undefined
            ? undefined
            : deps.hub.sessions.resolve(token);
      if (session === undefined) throw ServiceError.http(401, 'Unauthorized');
      sessionRef = refOfSession(session);
      body = request.readBody ? await request.readBody() : undefined;
      scope = deps.scopeOf(session.environment);
      subscriber = session.subscriber;
    } else {
      body = request.readBody ? await request.readBody() : undefined;
      scope = deps.scopeOf(environmentByIdentifier(deps.state(), body));
    }
    performed = true;
    const input = { params: request.params, query: request.query, body };
    const log = operation.route.method === 'GET' ? undefined : deps.commits();
    let result: unknown;
    if (log === undefined) {
      result = journaled(() => operation.handle(scope, subscriber, input));
    } else {
      // As engine.perform does: the entry is written inside the journal (a full disk undoes the
      // change) and the answer waits until it is durable. It keeps the session, not the token.
      const at = deps.now();
      result = log.around(() =>
        journaled(() => {
          const computed = operation.handle(scope, subscriber, input);
          log.write({
            at,
            operation: request.operation,
            authorization: null,
            params: request.params,
            query: request.query.toString(),
            path: request.path,
            ...(body === undefined ? {} : { body }),
            ...(sessionRef === undefined ? {} : { session: sessionRef }),
          });
          return computed;
        }),
      );
      await log.durable();
    }
    return { ...inboxAnswer(operation.route, result), headers: {}, performed };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      body: errorBody(error, request.path, deps.iso()),
      headers: { ...error.headers },
      performed,
    };
  }
}
