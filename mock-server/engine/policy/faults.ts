/**
 * Fault injection: rules that make the next matching requests fail (status, network error,
 * latency, before or after the operation commits) and provider failures that make channel
 * deliveries fail. Pure data and matching; the handler layer applies HTTP faults, the channel
 * steps apply provider failures. See docs/fault-injection.md and ADR 0090.
 *
 * @module
 */

import { type OperationName, ROUTES } from '../../../src/routes/index';
import type { RateLimitCategory } from '../../../src/routes/route';
import type { EngineState } from '../store/state';
import { ServiceError } from '../wire/service-error';
import { faultInputProblems, providerFailureProblems } from './fault-spec';
import { compilePathGlob, type PathGlob } from './path-glob';
import { rateLimitExceeded } from './rate-limit';

const OPERATION_NAMES = ROUTES.map((route) => route.operation) as [
  OperationName,
  ...OperationName[],
];

/**
 * Which requests a fault hits; every given field must match (none given: every request).
 *
 * @example
 * ```ts
 * const match: FaultMatch = { operation: 'events.trigger' };
 * ```
 */
export interface FaultMatch {
  /** The client's operation name, e.g. `events.trigger`, `subscribers.retrieve`. */
  operation?: OperationName;
  /** HTTP method, any case. */
  method?: string;
  /** URL path without the query: exact, or with `*` matching any characters (`/v2/subscribers/*`). */
  path?: string;
  /** Request headers that must have exactly these values (names in any case). */
  headers?: Record<string, string>;
}

/**
 * What a fault answers: an error response, a network error (the connection drops, no
 * response), or latency before the normal answer.
 *
 * @example
 * ```ts
 * const respond: FaultRespond = { status: 503 };
 * ```
 */
export type FaultRespond =
  | {
      /** 400-599. */
      status: number;
      /** Added to (and overriding) the default headers (`Retry-After`, `RateLimit-*` for 429). */
      headers?: Record<string, string>;
      /** The body; default: the service's error body for the status. */
      body?: unknown;
    }
  | 'network-error'
  | {
      /** Milliseconds to wait before answering normally (MSW's `delay()`, a real timer). */
      delayMs: number;
    };

/**
 * A fault on the service's HTTP API, for {@link EngineFaults.add}.
 *
 * @example
 * ```ts
 * engine.faults.add({ match: { operation: 'events.trigger' }, times: 1, respond: { status: 429 } });
 * ```
 */
export interface FaultInput {
  match?: FaultMatch;
  /** How many requests it hits; default: every matching request until cleared. */
  times?: number;
  respond: FaultRespond;
  /**
   * `'commit'`: the engine performs the operation first, then answers the fault instead of the
   * result (what idempotency keys exist for). Default: the fault answers before the operation
   * runs, so nothing changes.
   */
  after?: 'commit';
}

/**
 * Channels whose deliveries go through an external provider.
 *
 * @example
 * ```ts
 * const channel: ProviderChannel = 'email';
 * ```
 */
export type ProviderChannel = 'email' | 'sms' | 'chat' | 'push';

/**
 * A provider failure, for {@link EngineFaults.addProviderFailure}: the next deliveries of the
 * channel (optionally of one provider) fail.
 *
 * @example
 * ```ts
 * engine.faults.addProviderFailure({ channel: 'email', times: 1, errorText: 'Mailbox full' });
 * ```
 */
export interface ProviderFailureInput {
  channel: ProviderChannel;
  /** Only deliveries through this provider, e.g. `sendgrid`; default: any provider. */
  providerId?: string;
  /** How many deliveries fail; default: every one until cleared. */
  times?: number;
  /** The message's `errorText`; default `Unexpected provider error`. */
  errorText?: string;
  /** The message's `errorId`; default `<channel>_unexpected_error` (`mail_unexpected_error`). */
  errorId?: string;
}

/**
 * A registered fault as {@link EngineFaults.list} shows it.
 *
 * @example
 * ```ts
 * const [fault] = engine.faults.list();
 * fault?.hits; // requests it answered so far
 * ```
 */
export type FaultView =
  | (FaultInput & { id: string; kind: 'http'; remaining: number | null; hits: number })
  | (ProviderFailureInput & {
      id: string;
      kind: 'provider';
      remaining: number | null;
      hits: number;
    });

/**
 * The request a handler asks about.
 *
 * @internal
 */
export interface FaultRequest {
  operation: string | undefined;
  method: string;
  path: string;
  headers: { get(name: string): string | null };
}

/**
 * The engine's fault rules: add, list, remove, clear. `engine.reset()` clears them; snapshots
 * and `restore()` leave them alone (ADR 0090).
 *
 * @example
 * ```ts
 * engine.faults.add({ match: { operation: 'subscribers.retrieve' }, respond: 'network-error' });
 * engine.faults.clear();
 * ```
 */
export interface EngineFaults {
  /** Adds an HTTP fault; throws a `TypeError` naming the bad field. */
  add(input: FaultInput): FaultView;
  /** Adds a provider failure; throws a `TypeError` naming the bad field. */
  addProviderFailure(input: ProviderFailureInput): FaultView;
  /** Every fault, oldest first, with what is left of it (spent ones stay listed). */
  list(): FaultView[];
  /** Removes one fault; false when the id is unknown. */
  remove(id: string): boolean;
  /** Removes every fault. */
  clear(): void;
  /** @internal Takes the first live HTTP fault of the phase matching the request. */
  take(request: FaultRequest, phase: 'before' | 'commit'): FaultInput | undefined;
  /** @internal Makes the channel steps of runs on `state` see these faults. */
  bind(state: EngineState): void;
}

/**
 * The most fault rules kept at once (spent ones count until removed or cleared); one more is a
 * `RangeError` (a 400 through the control API).
 */
export const MAX_FAULTS = 1_000;

function checkRoom(count: number): void {
  if (count >= MAX_FAULTS) {
    throw new RangeError(
      `At most ${MAX_FAULTS} faults are kept: remove some (DELETE /__svc/faults/:id) or clear them first`,
    );
  }
}

function check(problems: string[], what: string): void {
  if (problems.length > 0) throw new TypeError(`Invalid ${what}: ${problems.join('; ')}`);
}

interface Entry {
  view: FaultView;
  pathPattern: PathGlob | undefined;
}

function matchesRequest(entry: Entry, request: FaultRequest): boolean {
  const match = entry.view.kind === 'http' ? entry.view.match : undefined;
  if (match === undefined) return true;
  if (match.operation !== undefined && match.operation !== request.operation) return false;
  if (match.method !== undefined && match.method.toUpperCase() !== request.method.toUpperCase()) {
    return false;
  }
  if (entry.pathPattern !== undefined && !entry.pathPattern.matches(request.path)) return false;
  for (const [name, value] of Object.entries(match.headers ?? {})) {
    if (request.headers.get(name) !== value) return false;
  }
  return true;
}

const bound = new WeakMap<EngineState, Entry[]>();

function spend(entry: Entry): void {
  entry.view.hits += 1;
  if (entry.view.remaining !== null) entry.view.remaining -= 1;
}

/**
 * Creates an engine's fault registry.
 *
 * @internal
 */
export function createFaults(): EngineFaults {
  // Changed in place only: every bound state shares this one array.
  const entries: Entry[] = [];
  let sequence = 0;
  const copy = (view: FaultView): FaultView => structuredClone(view);

  return {
    add(input) {
      check(faultInputProblems(input, OPERATION_NAMES), 'fault');
      checkRoom(entries.length);
      const parsed = structuredClone(input);
      sequence += 1;
      const view: FaultView = {
        id: `fault-${sequence}`,
        kind: 'http',
        ...parsed,
        remaining: parsed.times ?? null,
        hits: 0,
      };
      const path = parsed.match?.path;
      entries.push({ view, pathPattern: path === undefined ? undefined : compilePathGlob(path) });
      return copy(view);
    },
    addProviderFailure(input) {
      check(providerFailureProblems(input), 'provider failure');
      checkRoom(entries.length);
      const parsed = structuredClone(input);
      sequence += 1;
      const view: FaultView = {
        id: `fault-${sequence}`,
        kind: 'provider',
        ...parsed,
        remaining: parsed.times ?? null,
        hits: 0,
      };
      entries.push({ view, pathPattern: undefined });
      return copy(view);
    },
    list: () => entries.map((entry) => copy(entry.view)),
    remove(id) {
      const index = entries.findIndex((entry) => entry.view.id === id);
      if (index === -1) return false;
      entries.splice(index, 1);
      return true;
    },
    clear() {
      entries.length = 0;
    },
    take(request, phase) {
      for (const entry of entries) {
        const view = entry.view;
        if (view.kind !== 'http' || view.remaining === 0) continue;
        if ((view.after === 'commit') !== (phase === 'commit')) continue;
        if (!matchesRequest(entry, request)) continue;
        spend(entry);
        return structuredClone({
          respond: view.respond,
          ...(view.match ? { match: view.match } : {}),
        });
      }
      return undefined;
    },
    bind(state) {
      bound.set(state, entries);
    },
  };
}

/** A provider failure that hits a delivery: what the failed message records. */
export interface ProviderFailure {
  errorId: string;
  errorText: string;
}

const DEFAULT_ERROR_IDS: Record<ProviderChannel, string> = {
  email: 'mail_unexpected_error',
  sms: 'sms_unexpected_error',
  chat: 'chat_unexpected_error',
  push: 'push_unexpected_error',
};

/**
 * Takes the first live provider failure for a delivery of `channel` through `providerId` in a
 * run on `state`, or `undefined` when the delivery goes through.
 *
 * @internal
 */
export function takeProviderFailure(
  state: EngineState,
  channel: ProviderChannel,
  providerId: string,
): ProviderFailure | undefined {
  for (const entry of bound.get(state) ?? []) {
    const view = entry.view;
    if (view.kind !== 'provider' || view.remaining === 0 || view.channel !== channel) continue;
    if (view.providerId !== undefined && view.providerId !== providerId) continue;
    spend(entry);
    return {
      errorId: view.errorId ?? DEFAULT_ERROR_IDS[channel],
      errorText: view.errorText ?? 'Unexpected provider error',
    };
  }
  return undefined;
}

/**
 * The service's error for an injected status: 429 is the rate limiter's answer (with
 * `Retry-After: 1` and the `RateLimit-*` headers of the route's category), 500 the exception
 * filter's with an `errorId`, anything else a Nest `HttpException` of that status.
 *
 * @internal
 */
export function faultError(
  status: number,
  category: RateLimitCategory,
  newErrorId: () => string,
): ServiceError {
  if (status === 429) return rateLimitExceeded(category);
  if (status === 500) {
    return new ServiceError(
      500,
      'Internal server error, contact support and provide them with the errorId',
      { extra: { errorId: newErrorId() } },
    );
  }
  return ServiceError.http(status, REASON_PHRASES[status] ?? 'Error');
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
