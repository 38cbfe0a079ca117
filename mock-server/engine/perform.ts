/**
 * The engine's one port: every operation of every surface (the admin API, the Inbox, the
 * in-process `engine.operations`) runs through the same protocol, in the service's order:
 * authentication (the authenticator the route declares, `authenticators.ts`), rate limit, body,
 * idempotency (where the route has it), the handler in a journal (all or nothing), the commit
 * entry, the fan-out in chunks (docs/decisions/0146-one-operation-kind.md). Each request runs in
 * a transaction of its own (store/transaction.ts, docs/decisions/0149-transaction-per-request.md).
 *
 * @module
 */

import type { OperationName } from '../../src/routes/index';
import { AUTHENTICATORS, type AuthenticationRequest, type Caller } from './authenticators';
import type { InboxHub } from './inbox/inbox-hub';
import { INBOX_OPERATIONS, type InboxOperationName } from './operations/inbox';
import { OPERATIONS } from './operations/index';
import {
  type AnswerShape,
  answerShapeOf,
  type OperationDefinition,
  StatusAnswer,
} from './operations/operation';
import { type EngineAnswer, runIdempotent } from './policy/idempotency';
import { type RateLimitOptions, takeTokens } from './policy/rate-limit';
import { type FanOutAllowance, type FanOutRun, withFanOut } from './run/fan-out';
import { type EngineScope, requestScope } from './scope';
import { journaled } from './store/journal';
import type { EngineState, EnvironmentRecord } from './store/state';
import {
  createTransaction,
  inTransactionOf,
  runTransaction,
  type Transaction,
} from './store/transaction';
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
  /** An operation of the route table, or of the Inbox's (`inbox.*`, `operations/inbox.ts`). */
  operation: OperationName | InboxOperationName;
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

/** What an in-process caller passes (`engine.operations`): no key, no headers. @internal */
export interface InProcessCall {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  body: unknown;
  /** What an operation with a `prepare` answers from (in-process callers gather it themselves). */
  prepared?: unknown;
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
  /** Whose transactions the requests are (store/transaction.ts): the engine's token. */
  owner: object;
  /** The commit log's hooks while one is attached (store/commit-log.ts). */
  commits(): OperationCommits | undefined;
  /** Fan-outs that go on in chunks after the operation (run/fan-out.ts, fan-out-pump.ts). */
  fanOut: {
    /** How many recipients an operation reaches itself (a played-back one: its recorded count). */
    inline: FanOutAllowance;
    /** Resolves once the pending fan-outs `seqs` reached every recipient. */
    done(seqs: readonly number[]): Promise<void>;
  };
}

/** How `perform` tells an attached commit log about an operation that may change state. @internal */
export interface OperationCommits {
  /** Runs `operation` as one commit of `transaction`: the ids and tasks on the way belong to it. */
  around<T>(transaction: Transaction, operation: () => T): T;
  /** Writes the rows the operation changed, at `at`; throws to refuse the change. */
  write(transaction: Transaction, at: number): void;
  /** Resolves once the entry survives a crash. */
  durable(): Promise<void>;
}

/** An operation as `perform` runs it: its definition, and its route's answer shape read once. */
interface PerformedOperation {
  readonly definition: OperationDefinition;
  readonly answer: AnswerShape;
}

/** Every operation of every surface, by name. */
const PERFORMED: ReadonlyMap<string, PerformedOperation> = new Map(
  [
    ...(Object.entries(OPERATIONS) as [string, OperationDefinition][]),
    ...(Object.entries(INBOX_OPERATIONS) as [string, OperationDefinition][]),
  ].map(([name, definition]) => [name, { definition, answer: answerShapeOf(definition.route) }]),
);

const IDEMPOTENT_METHODS = new Set(['POST', 'PATCH']);

// An in-process call reaches every recipient before it returns (its caller reads the result).
const EVERY_RECIPIENT: FanOutAllowance = { sliceMs: Number.POSITIVE_INFINITY };

/** The body of a result, in the answer shape of its route. */
function bodyOf(shape: AnswerShape, value: unknown): unknown {
  if (shape === 'interceptor') return envelope(value);
  return shape === 'whole' ? value : { data: value };
}

/** The status and body of a handler's result, shaped as its route declares. */
function answerOf({ definition, answer }: PerformedOperation, result: unknown): EngineAnswer {
  const [status, value] =
    result instanceof StatusAnswer
      ? [result.status, result.value]
      : [definition.route.status, result];
  if (status === 204 || value === undefined) return { status, body: undefined, headers: {} };
  return { status, body: bodyOf(answer, value), headers: {} };
}

/**
 * Builds the engine's `perform` and its in-process face.
 *
 * @internal
 */
export function createPerform(deps: PerformDeps) {
  const { state, scopeOf, now, iso, idempotency, rateLimit, commits } = deps;

  /**
   * Runs an admitted operation's `work` (sync) in its `transaction`: the fan-out context, the
   * journal and, for a change while a commit log is attached, its entry written inside the
   * journal (a log that cannot write undoes the whole operation).
   */
  function execute<T>(
    transaction: Transaction,
    changes: boolean,
    allowance: FanOutAllowance,
    work: () => T,
  ): { value: T; fanOut: FanOutRun; log: OperationCommits | undefined } {
    // A trigger reaches its recipients for a slice of time; the rest goes on in chunks between
    // other requests, and the answer waits for them (its meaning does not change).
    const fanOut: FanOutRun = { delivered: 0, deferred: false, created: [] };
    const log = changes ? commits() : undefined;
    if (log === undefined) {
      return {
        value: runTransaction(transaction, () => withFanOut(allowance, fanOut, work)),
        fanOut,
        log,
      };
    }
    const at = now();
    const value = runTransaction(transaction, () =>
      log.around(transaction, () =>
        journaled(() => {
          const computed = withFanOut(allowance, fanOut, work);
          log.write(transaction, at);
          return computed;
        }),
      ),
    );
    return { value, fanOut, log };
  }

  /** Answers one request in a transaction of its own. */
  function perform(request: OperationRequest): Promise<OperationResponse> {
    return performIn(createTransaction({ owner: deps.owner }), request);
  }

  async function performIn(
    transaction: Transaction,
    request: OperationRequest,
  ): Promise<OperationResponse> {
    const operation = PERFORMED.get(request.operation);
    // `perform` is public: an operation name outside the route tables is the service's 404.
    if (operation === undefined) {
      const error = ServiceError.http(404, `No operation ${String(request.operation)}`);
      return {
        status: 404,
        body: errorBody(error, request.path, iso()),
        headers: {},
        performed: false,
      };
    }
    const { route, handle, prepare } = operation.definition;
    const refusal = (error: ServiceError): EngineAnswer => ({
      status: error.status,
      body: errorBody(error, request.path, iso()),
      headers: { ...error.headers },
    });
    let limits: Record<string, string> = {};
    let performed = false;
    let body: Promise<unknown> | undefined;
    const readBody = () => {
      body ??= request.readBody ? request.readBody() : Promise.resolve(undefined);
      return body;
    };
    try {
      const authenticator = AUTHENTICATORS[route.auth ?? 'api-key'];
      const admission: AuthenticationRequest = {
        state: state(),
        inbox: deps.inbox,
        authorization: request.authorization,
        body: readBody,
        params: request.params,
      };
      const caller: Caller = await authenticator.authenticate(admission);
      if (rateLimit && authenticator.rateLimited) {
        const cost = route.cost ?? 1;
        limits = takeTokens(
          state(),
          rateLimit,
          caller.environment._id,
          route.category,
          cost,
          now(),
        );
      }
      const parsed = await readBody();
      const scope = requestScope(scopeOf(caller.environment), transaction);
      const read = {
        params: request.params,
        query: request.query,
        body: parsed,
        ...(caller.subscriber === undefined ? {} : { subscriber: caller.subscriber }),
      };
      // Gathered before the journal opens (it awaits the network).
      const prepared = prepare === undefined ? undefined : await prepare(scope, read as never);
      const input = (prepare === undefined ? read : { ...read, prepared }) as Parameters<
        typeof handle
      >[1];
      const run = () =>
        answerOf(
          operation,
          journaled(() => handle(scope, input)),
        );
      const key = request.idempotencyKey;
      performed = true;
      const answerOnce = (): EngineAnswer => {
        if (
          !idempotency ||
          route.idempotent === false ||
          key === undefined ||
          !IDEMPOTENT_METHODS.has(route.method)
        ) {
          return run();
        }
        const fingerprint = textHash(JSON.stringify(parsed ?? {}));
        const organizationId = caller.environment._organizationId;
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
      const {
        value: answer,
        fanOut,
        log,
      } = execute(transaction, route.method !== 'GET', deps.fanOut.inline, answerOnce);
      // The answer leaves only once its entry survives a crash (group commit).
      await log?.durable();
      await deps.fanOut.done(fanOut.created);
      return { ...answer, headers: { ...limits, ...answer.headers }, performed };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const answer = refusal(error);
      return { ...answer, headers: { ...limits, ...answer.headers }, performed };
    }
  }

  /**
   * The same protocol for a trusted in-process caller acting in `environment`: no key, no rate
   * limit, no `Idempotency-Key`; its change is journaled and its rows written to the commit log,
   * and it reaches every recipient at once (a synchronous caller cannot wait for chunks).
   * Answers the handler's value; a refusal throws. Called inside a request of the same engine
   * (or a bare journal), it is part of that transaction.
   */
  function performInProcess(
    operation: string,
    environment: EnvironmentRecord,
    call: InProcessCall,
  ): unknown {
    const definition = PERFORMED.get(operation)?.definition;
    if (definition === undefined) throw ServiceError.http(404, `No operation ${operation}`);
    const { route, handle } = definition;
    // Synchronous, so no scope of its own: the shared scope answers the transaction joined here.
    const scope = scopeOf(environment);
    const input = call as Parameters<typeof handle>[1];
    const { value, log } = inTransactionOf(deps.owner, (transaction) =>
      execute(transaction, route.method !== 'GET', EVERY_RECIPIENT, () =>
        journaled(() => handle(scope, input)),
      ),
    );
    // The entry is written already; its sync is shared with the requests around it.
    log?.durable().catch((error: unknown) => {
      console.error('[svc-mock] an in-process change may not reach the data directory:', error);
    });
    return value;
  }

  return { perform, performInProcess };
}
