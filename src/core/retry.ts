/**
 * The retry policy: which failures are retried, and how long to wait between attempts.
 *
 * @module
 */

/** @internal First backoff delay (before jitter). */
export const INITIAL_RETRY_DELAY_MS = 500;
/** @internal Largest backoff delay (before jitter). */
export const MAX_RETRY_DELAY_MS = 8_000;
/** @internal Largest wait taken from `retry-after-ms` / `Retry-After`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Exponential backoff with jitter: 0.5 s × 2^retryIndex, capped at 8 s, then reduced by up to
 * 25 % so that clients that failed together do not retry together.
 *
 * @internal
 */
export function backoffDelay(retryIndex: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retryIndex, MAX_RETRY_DELAY_MS);
  return base * (1 - 0.25 * random());
}

/**
 * The wait the server asked for, in milliseconds: `retry-after-ms` first, then `Retry-After`
 * (seconds or an HTTP date), capped at 60 s. `undefined` when absent or unreadable.
 *
 * @internal
 */
export function retryAfterDelay(headers: Headers, now: number = Date.now()): number | undefined {
  const requested = requestedWait(headers, now);
  return requested === undefined ? undefined : Math.min(requested, MAX_RETRY_AFTER_MS);
}

/**
 * The wait the server asked for, in milliseconds and uncapped: `retry-after-ms` first, then
 * `Retry-After` (seconds or an HTTP date). `undefined` when absent, negative or unreadable.
 *
 * @internal
 */
export function requestedWait(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Statuses worth another attempt: 408, 429, 5xx, and a 409 only when the service asked to wait
 * (`delay`, from `Retry-After`): that is its idempotency "key still in progress" answer, while an
 * "already exists" conflict names no wait and would conflict again (docs/behaviour/cross-cutting.md).
 *
 * @internal
 */
export function isRetryableStatus(status: number, delay: number | undefined): boolean {
  return (
    status === 408 || status === 429 || status >= 500 || (status === 409 && delay !== undefined)
  );
}

/**
 * Whether a request may be sent again at all: GET, PUT and DELETE always; POST and PATCH only
 * with an idempotency key, so the service can recognise the repeat.
 *
 * @internal
 */
export function isRetryableRequest(method: string, idempotencyKey: string | undefined): boolean {
  if (method === 'POST' || method === 'PATCH') return idempotencyKey !== undefined;
  return true;
}

/**
 * True when the service replayed a stored answer: sending the same key again would only replay
 * the same answer.
 *
 * @internal
 */
export function isIdempotentReplay(headers: Headers): boolean {
  return headers.get('idempotency-replay')?.trim().toLowerCase() === 'true';
}

/**
 * Waits `ms` milliseconds; ends at once (rejecting with the abort reason) when `signal` aborts.
 *
 * @internal
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
