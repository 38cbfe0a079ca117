/**
 * `engine.perform` for the Inbox routes: the session token (or, for the session route, the
 * `applicationIdentifier` of the body) instead of an API key, then the handler in a journal, all
 * or nothing, with the service's error body for every refusal.
 *
 * @module
 */

import type { OperationRequest, OperationResponse } from '../perform';
import type { EngineScope } from '../scope';
import { journaled } from '../store/journal';
import type { EngineState, EnvironmentRecord } from '../store/state';
import { errorBody } from '../wire/error-body';
import { ServiceError } from '../wire/service-error';
import type { InboxHub } from './inbox-hub';
import { type InboxOperation, inboxAnswer } from './inbox-routes';
import { environmentByIdentifier } from './session';

/** What the Inbox's perform needs from the engine. @internal */
export interface InboxPerformDeps {
  state(): EngineState;
  scopeOf(environment: EnvironmentRecord): EngineScope;
  iso(): string;
  hub: InboxHub;
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
    if (operation.route.auth === 'session') {
      const token = BEARER.exec(request.authorization ?? '')?.[1];
      const session = token === undefined ? undefined : deps.hub.sessions.resolve(token);
      if (session === undefined) throw ServiceError.http(401, 'Unauthorized');
      body = request.readBody ? await request.readBody() : undefined;
      scope = deps.scopeOf(session.environment);
      subscriber = session.subscriber;
    } else {
      body = request.readBody ? await request.readBody() : undefined;
      scope = deps.scopeOf(environmentByIdentifier(deps.state(), body));
    }
    performed = true;
    const input = { params: request.params, query: request.query, body };
    const result = journaled(() => operation.handle(scope, subscriber, input));
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
