/**
 * The engine's one entry for a transport: an operation request in, the service's answer out.
 * It authenticates, takes rate-limit tokens, reads the body, runs the operation's handler in a
 * journal (all or nothing) and keeps the idempotency protocol, in the service's order.
 *
 * @module
 */

import type { OperationName } from '../../src/routes/index';
import type { InboxHub } from './inbox/inbox-hub';
import { INBOX_OPERATIONS, type InboxOperation } from './inbox/inbox-routes';
import { performInbox } from './inbox/perform-inbox';
import type { OperationDefinition } from './operation';
import { StatusAnswer } from './operation';
import { OPERATIONS } from './operations/index';
import { authenticate } from './policy/auth';
import { type EngineAnswer, runIdempotent } from './policy/idempotency';
import { type RateLimitOptions, takeTokens } from './policy/rate-limit';
import { type FanOutAllowance, type FanOutRun, withFanOut } from './run/fan-out';
import type { EngineScope } from './scope';
import type { OperationCommit } from './store/commit-log';
import { journaled } from './store/journal';
import type { EngineState, EnvironmentRecord } from './store/state';
import { envelope } from './wire/envelope';
import { errorBody } from './wire/error-body';
import { textHash } from './wire/excerpt';
import { ServiceError } from './wire/service-error';

/**
 * One request for an operation, as a transport read it.
 *
 * @example
 * ```ts
 * const request: OperationRequest = {
 *   operation: 'subscribers.retrieve',
 *   authorization: `ApiKey ${engine.environment('Development').apiKey}`,
 *   params: { subscriberId: 'user-1' },
 *   query: new URLSearchParams(),
 *   path: '/v2/subscribers/user-1',
 * };
 * ```
 */
export interface OperationRequest {
  /** An operation of the route table, or of the Inbox's (`inbox.*`, `inbox/inbox-routes.ts`). */
  operation: OperationName | `inbox.${string}`;
  /** The `Authorization` header, `null` when absent. */
  authorization: string | null;
  /** The decoded path parameters. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The request's path with its query, as error bodies name it. */
  path: string;
  /** The `Idempotency-Key` header (honoured on POST and PATCH). */
  idempotencyKey?: string | undefined;
  /**
   * Reads the parsed JSON body (`undefined` for none); called after authentication and the rate
   * limit, as the service reads a body only for a caller it admitted. Omit it for a GET.
   */
  readBody?: () => Promise<unknown>;
}

/**
 * The engine's answer: status, JSON body (`undefined` for a 204) and headers; `performed` is
 * false when the request was refused before its operation ran (key, rate limit, body).
 *
 * @example
 * ```ts
 * const { status, body } = await engine.perform({
 *   operation: 'subscribers.retrieve',
 *   authorization: `ApiKey ${engine.environment('Development').apiKey}`,
 *   params: { subscriberId: 'user-1' },
 *   query: new URLSearchParams(),
 *   path: '/v2/subscribers/user-1',
 * }); // 200, { data: { subscriberId: 'user-1', ... } }
 * ```
 */
export interface OperationResponse extends EngineAnswer {
  performed: boolean;
}

/** What {@link createPerform} needs from the engine that owns it. @internal */
export interface PerformDeps {
  state(): EngineState;
  scopeOf(environment: EnvironmentRecord): EngineScope;
  now(): number;
  iso(): string;
  idempotency: boolean;
  rateLimit: RateLimitOptions | undefined;
  /** The Inbox's sessions and change announcements. */
  inbox: InboxHub;
  /** The Inbox session of the journal entry being played back (store/commit-log.ts). */
  playbackSession(): OperationCommit['session'];
  /** The commit log's hooks while one is attached and not playing back (store/commit-log.ts). */
  commits(): OperationCommits | undefined;
  /** Fan-outs that go on in chunks after the operation (run/fan-out.ts, fan-out-pump.ts). */
  fanOut: {
    /** How many recipients an operation reaches itself: the time slice, or a played-back count. */
    allowance(): FanOutAllowance;
    /** Resolves once the pending fan-outs `seqs` reached every recipient. */
    done(seqs: readonly number[]): Promise<void>;
  };
}

/** How `perform` tells an attached commit log about an operation that may change state. @internal */
export interface OperationCommits {
  /** Runs `operation` as one commit: tasks it runs on the way belong to it. */
  around<T>(operation: () => T): T;
  /** Writes the operation's entry (its generated ids are added); throws to refuse the change. */
  write(entry: Omit<OperationCommit, 'kind' | 'ids'>): void;
  /** Resolves once the entry survives a crash. */
  durable(): Promise<void>;
}

const IDEMPOTENT_METHODS = new Set(['POST', 'PATCH']);

/** The status and body of a handler's result: the route's status unless it chose another. */
function answerOf(routeStatus: number, result: unknown): EngineAnswer {
  return result instanceof StatusAnswer
    ? { status: result.status, body: envelope(result.value), headers: {} }
    : { status: routeStatus, body: envelope(result), headers: {} };
}

/**
 * Builds the engine's `perform`.
 *
 * @internal
 */
export function createPerform(deps: PerformDeps) {
  const { state, scopeOf, now, iso, idempotency, rateLimit, commits } = deps;

  return async function perform(request: OperationRequest): Promise<OperationResponse> {
    if (Object.hasOwn(INBOX_OPERATIONS, request.operation)) {
      const operation = INBOX_OPERATIONS[request.operation] as InboxOperation;
      return performInbox({ ...deps, hub: deps.inbox }, operation, request);
    }
    // `perform` is public: an operation name outside the route table is the service's 404.
    if (!Object.hasOwn(OPERATIONS, request.operation)) {
      const error = ServiceError.http(404, `No operation ${String(request.operation)}`);
      return {
        status: 404,
        body: errorBody(error, request.path, iso()),
        headers: {},
        performed: false,
      };
    }
    const { route, handle, prepare } = OPERATIONS[
      request.operation as OperationName
    ] as OperationDefinition;
    const refusal = (error: ServiceError): EngineAnswer => ({
      status: error.status,
      body: errorBody(error, request.path, iso()),
      headers: { ...error.headers },
    });
    let limits: Record<string, string> = {};
    let performed = false;
    try {
      const environment = authenticate(state(), request.authorization);
      if (rateLimit) {
        const cost = route.cost ?? 1;
        limits = takeTokens(state(), rateLimit, environment._id, route.category, cost, now());
      }
      const body = request.readBody ? await request.readBody() : undefined;
      const scope = scopeOf(environment);
      const read = { params: request.params, query: request.query, body };
      // Gathered before the journal opens (it awaits the network); replayed from the journal.
      const prepared =
        prepare === undefined
          ? undefined
          : 'prepared' in request
            ? request.prepared
            : await prepare(scope, read);
      const input = prepare === undefined ? read : { ...read, prepared };
      const run = () =>
        answerOf(
          route.status,
          journaled(() => handle(scope, input)),
        );
      const key = request.idempotencyKey;
      performed = true;
      const answerOnce = (): EngineAnswer => {
        if (!idempotency || key === undefined || !IDEMPOTENT_METHODS.has(route.method)) {
          return run();
        }
        const fingerprint = textHash(JSON.stringify(body ?? {}));
        const organizationId = environment._organizationId;
        const answer = runIdempotent(
          { state: state(), organizationId, key, fingerprint, now },
          run,
          refusal,
        );
        // A replayed refusal names this request's time and path, as the service's filter does.
        const replayed =
          answer.status >= 400
            ? { ...(answer.body as object), timestamp: iso(), path: request.path }
            : answer.body;
        return { ...answer, body: replayed };
      };
      const log = route.method === 'GET' ? undefined : commits();
      // A trigger reaches its recipients for a slice of time; the rest goes on in chunks between
      // other requests, and the answer waits for them (its meaning does not change).
      const fanOut: FanOutRun = { delivered: 0, deferred: false, created: [] };
      const allowance = deps.fanOut.allowance();
      if (log === undefined) {
        const answer = withFanOut(allowance, fanOut, answerOnce);
        await deps.fanOut.done(fanOut.created);
        return { ...answer, headers: { ...limits, ...answer.headers }, performed };
      }
      // With a commit log, the entry is written inside the operation's journal: a log that
      // cannot write (a full disk) undoes the whole operation, idempotency record included.
      const at = now();
      const answer = log.around(() =>
        journaled(() => {
          const computed = withFanOut(allowance, fanOut, answerOnce);
          log.write({
            at,
            operation: request.operation,
            authorization: request.authorization,
            params: request.params,
            query: request.query.toString(),
            path: request.path,
            ...(key === undefined ? {} : { idempotencyKey: key }),
            ...(body === undefined ? {} : { body }),
            ...(prepared === undefined ? {} : { prepared }),
            ...(fanOut.deferred ? { fanOutInline: fanOut.delivered } : {}),
          });
          return computed;
        }),
      );
      // The answer leaves only once its entry survives a crash (group commit).
      await log.durable();
      await deps.fanOut.done(fanOut.created);
      return { ...answer, headers: { ...limits, ...answer.headers }, performed };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const answer = refusal(error);
      return { ...answer, headers: { ...limits, ...answer.headers }, performed };
    }
  };
}
