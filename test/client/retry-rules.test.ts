// The client's retry rules at their bounds, unit by unit (the mutation run's survivors,
// docs/benchmarks.md "Mutation score"): which statuses and requests retry, how long a
// Retry-After asks to wait, and how the wait between attempts ends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  isIdempotentReplay,
  isRetryableRequest,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  MAX_RETRY_DELAY_MS,
  requestedWait,
  retryAfterDelay,
  sleep,
} from '../../src/core/retry';

afterEach(() => {
  vi.useRealTimers();
});

describe('retry rules', () => {
  it('retries 408, 429 and every 5xx, nothing else, when the answer names no wait', () => {
    const retried = [400, 401, 403, 404, 408, 409, 410, 422, 429, 499, 500, 502, 503, 599].filter(
      (status) => isRetryableStatus(status, undefined),
    );
    expect(retried).toEqual([408, 429, 500, 502, 503, 599]);
  });

  it('retries a 409 only as the idempotency "in progress" answer, the one that asks to wait', () => {
    const inProgress = retryAfterDelay(new Headers({ 'retry-after': '1', 'idempotency-key': 'k' }));
    // "already exists" echoes the key too, and names no wait.
    const conflict = retryAfterDelay(new Headers({ 'idempotency-key': 'k' }));
    expect(isRetryableStatus(409, inProgress)).toBe(true);
    expect(isRetryableStatus(409, conflict)).toBe(false);
    expect(isRetryableStatus(409, 0)).toBe(true);
    expect(isRetryableStatus(400, inProgress)).toBe(false);
  });

  it('retries POST and PATCH only with an idempotency key, other methods always', () => {
    expect(isRetryableRequest('POST', undefined)).toBe(false);
    expect(isRetryableRequest('PATCH', undefined)).toBe(false);
    expect(isRetryableRequest('POST', 'key')).toBe(true);
    expect(isRetryableRequest('PATCH', '')).toBe(true);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect(isRetryableRequest(method, undefined)).toBe(true);
    }
  });

  it('reads Idempotency-Replay without regard to case or spaces', () => {
    expect(isIdempotentReplay(new Headers({ 'idempotency-replay': ' TRUE ' }))).toBe(true);
    expect(isIdempotentReplay(new Headers({ 'idempotency-replay': 'false' }))).toBe(false);
    expect(isIdempotentReplay(new Headers())).toBe(false);
  });

  it('backs off 500 ms doubling up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, () => 0))).toEqual([
      500,
      1_000,
      2_000,
      4_000,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
    ]);
  });
});

describe('Retry-After', () => {
  const wait = (headers: Record<string, string>, now = 0) =>
    requestedWait(new Headers(headers), now);

  it('prefers retry-after-ms, from 0 on, and falls back to retry-after otherwise', () => {
    expect(wait({ 'retry-after-ms': '0', 'retry-after': '5' })).toBe(0);
    expect(wait({ 'retry-after-ms': '1500.5' })).toBe(1500.5);
    expect(wait({ 'retry-after-ms': '-1', 'retry-after': '2' })).toBe(2_000);
    expect(wait({ 'retry-after-ms': 'soon', 'retry-after': '2' })).toBe(2_000);
  });

  it('reads seconds (0 included, spaces trimmed) and refuses negative ones', () => {
    expect(wait({ 'retry-after': ' 3 ' })).toBe(3_000);
    expect(wait({ 'retry-after': '0' })).toBe(0);
    expect(wait({ 'retry-after': '-1' })).toBeUndefined();
    expect(wait({ 'retry-after': '   ' })).toBeUndefined();
  });

  it('reads an HTTP date relative to now, never below 0', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(wait({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now)).toBe(5_000);
    expect(wait({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now)).toBe(0);
  });

  it('caps what the client honours at 60 s', () => {
    expect(retryAfterDelay(new Headers({ 'retry-after': '120' }), 0)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterDelay(new Headers({ 'retry-after': '59' }), 0)).toBe(59_000);
  });
});

describe('sleep between attempts', () => {
  it('resolves after the wait and leaves no listener on the signal', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    let done = false;
    const pending = sleep(1_000, controller.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(done).toBe(true);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('rejects with the reason at once when the signal aborts, and clears its timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects without waiting when the signal was already aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort(new Error('before'));
    await expect(sleep(10_000, controller.signal)).rejects.toThrow('before');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits without a signal', async () => {
    vi.useFakeTimers();
    const pending = sleep(10);
    await vi.advanceTimersByTimeAsync(10);
    await expect(pending).resolves.toBeUndefined();
  });
});
