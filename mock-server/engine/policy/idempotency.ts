/**
 * Idempotency of POST and PATCH requests (docs/behaviour/cross-cutting.md#idempotency): keys scoped per organization,
 * cached 24 h on the engine clock, replayed with `Idempotency-Replay: true`.
 *
 * @module
 */

import type { EngineState, IdempotencyEntry } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';

/** How long a finished response is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a key stays "in progress" if its request never finishes. */
export const IN_PROGRESS_TTL_MS = 5 * 60 * 1000;
/**
 * The most idempotency entries kept (all organizations together). Expired entries are dropped
 * first; past the cap the oldest entries go, so a retry of a request that old runs again
 * instead of replaying (docs/http-server.md, "Caps and budgets").
 */
export const MAX_IDEMPOTENCY_ENTRIES = 10_000;
/** The longest key accepted. */
export const MAX_KEY_LENGTH = 255;
const DOCS_LINK = 'https://docs.svc.co/additional-resources/idempotency';

/** What to do with a request carrying an idempotency key. */
export type IdempotencyDecision =
  | { kind: 'run' }
  | { kind: 'replay'; status: number; body: unknown; headers: Record<string, string> };

/**
 * Checks a key before running a request: a new (or expired) key is marked in progress and the
 * request runs; a finished one replays; a running one is 409; another body is 422.
 */
export function beginIdempotent(
  state: EngineState,
  organizationId: string,
  key: string,
  fingerprint: string,
  now: number,
): IdempotencyDecision {
  const echo = { 'Idempotency-Key': key };
  if (key.length > MAX_KEY_LENGTH) {
    throw new ServiceError(
      400,
      `idempotencyKey "${key}" has exceeded the maximum allowed length of ${MAX_KEY_LENGTH} characters`,
      { ctx: { error: 'Bad Request', statusCode: 400 }, headers: echo },
    );
  }
  const cacheKey = `${organizationId}-${key}`;
  const entry = tables.idempotency.get(state, cacheKey);
  if (!entry || entry.expiresAt <= now) {
    tables.idempotency.delete(state, cacheKey);
    evictIdempotency(state, now, MAX_IDEMPOTENCY_ENTRIES - 1);
    tables.idempotency.set(state, cacheKey, {
      state: 'in-progress',
      fingerprint,
      expiresAt: now + IN_PROGRESS_TTL_MS,
    });
    return { kind: 'run' };
  }
  if (entry.fingerprint !== fingerprint) {
    throw ServiceError.httpWithHeaders(
      422,
      `Request with key "${key}" is being reused for a different body`,
      { ...echo, Link: DOCS_LINK },
    );
  }
  if (entry.state === 'in-progress') {
    throw ServiceError.httpWithHeaders(
      409,
      `Request with key "${key}" is currently being processed. Please retry after 1 second`,
      { ...echo, 'Retry-After': '1', Link: DOCS_LINK },
    );
  }
  return {
    kind: 'replay',
    status: entry.status ?? 200,
    body: structuredClone(entry.body),
    headers: { ...entry.headers, ...echo, 'Idempotency-Replay': 'true' },
  };
}

/** Stores the outcome of a request that ran (success or error) for 24 hours. */
export function finishIdempotent(
  state: EngineState,
  organizationId: string,
  key: string,
  outcome: { status: number; body: unknown; headers?: Record<string, string> },
  now: number,
): void {
  const cacheKey = `${organizationId}-${key}`;
  const entry = tables.idempotency.get(state, cacheKey);
  if (!entry) return;
  const done: IdempotencyEntry = {
    state: 'done',
    fingerprint: entry.fingerprint,
    expiresAt: now + IDEMPOTENCY_TTL_MS,
    status: outcome.status,
    body: structuredClone(outcome.body),
    headers: { ...outcome.headers },
  };
  // Re-inserted so the map stays in expiry order (every finished entry lives the same 24 h).
  tables.idempotency.delete(state, cacheKey);
  tables.idempotency.set(state, cacheKey, done);
}

/**
 * Drops expired entries, oldest first, and then the oldest live ones until at most `keep`
 * remain. The map is kept in expiry order (entries are re-inserted when they finish), so the
 * sweep stops at the first live entry: its cost is what it removes.
 */
export function evictIdempotency(state: EngineState, now: number, keep: number): void {
  for (const [cacheKey, entry] of tables.idempotency.entries(state)) {
    if (entry.expiresAt > now && tables.idempotency.size(state) <= keep) return;
    tables.idempotency.delete(state, cacheKey);
  }
}

/** Forgets a key whose request failed unexpectedly, so a retry runs again. */
export function releaseIdempotent(state: EngineState, organizationId: string, key: string): void {
  tables.idempotency.delete(state, `${organizationId}-${key}`);
}

/** An answer of the engine: status, JSON body and headers (what a replay gives back). */
export interface EngineAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The whole idempotency protocol around one request: a new key runs `run` and stores its
 * answer, or its refusal (a `ServiceError`, answered by `refusal`), for 24 hours; a finished key
 * replays; a bug frees the key so a retry runs again. Every answer echoes the key.
 */
export function runIdempotent(
  request: {
    state: EngineState;
    organizationId: string;
    key: string;
    fingerprint: string;
    now: () => number;
  },
  run: () => EngineAnswer,
  refusal: (error: ServiceError) => EngineAnswer,
): EngineAnswer {
  const { state, organizationId, key } = request;
  const decision = beginIdempotent(state, organizationId, key, request.fingerprint, request.now());
  if (decision.kind === 'replay') {
    return { status: decision.status, body: decision.body, headers: decision.headers };
  }
  let answer: EngineAnswer;
  try {
    answer = run();
  } catch (error) {
    if (!(error instanceof ServiceError)) {
      // A bug is not an answer of the service: free the key so a retry runs again.
      releaseIdempotent(state, organizationId, key);
      throw error;
    }
    answer = refusal(error);
  }
  finishIdempotent(state, organizationId, key, answer, request.now());
  return { ...answer, headers: { ...answer.headers, 'Idempotency-Key': key } };
}
