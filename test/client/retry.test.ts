// Retries under fake timers: attempt counts, backoff bounds, Retry-After forms, idempotency.
import {
  APIConnectionError,
  APIUserAbortError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  Svc,
} from '@svc/api';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, retryAfterDelay } from '../../src/core/retry';
import { clientWith, errorBody, json, subscriber } from './helpers';

const ok = () => json({ data: subscriber });
const triggered = () => json({ data: { acknowledged: true, status: 'processed' } }, 201);
const failing = (status: number, headers: Record<string, string> = {}) =>
  json(errorBody(status, `failure ${status}`), status, headers);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: delays are exactly 500, 1000, ...
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Settles `promise` while advancing fake time; returns its outcome. */
async function settle<T>(promise: PromiseLike<T>, ms = 120_000): Promise<T | unknown> {
  const outcome = Promise.resolve(promise).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('what is retried', () => {
  it('retries 500 twice by default (3 attempts), then throws', async () => {
    const { svc, requests } = clientWith(() => failing(500));
    expect(await settle(svc.subscribers.retrieve('x'))).toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(3);
  });

  it.each([408, 429, 500, 502, 503, 504])('retries %i and succeeds', async (status) => {
    const { svc, requests } = clientWith((_r, index) => (index === 0 ? failing(status) : ok()));
    expect(await settle(svc.subscribers.retrieve('x'))).toEqual(subscriber);
    expect(requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry %i', async (status) => {
    const { svc, requests } = clientWith(() => failing(status));
    await settle(svc.subscribers.retrieve('x'));
    expect(requests).toHaveLength(1);
  });

  it('retries connection errors and timeouts', async () => {
    const { svc, requests } = clientWith(
      (_r, index) => {
        if (index === 0) throw new TypeError('fetch failed');
        if (index === 1) return new Promise<Response>(() => undefined); // times out
        return ok();
      },
      { timeout: 1_000 },
    );
    expect(await settle(svc.subscribers.retrieve('x'))).toEqual(subscriber);
    expect(requests).toHaveLength(3);
  });

  it('honours maxRetries from the client and from the call', async () => {
    const client = clientWith(() => failing(503), { maxRetries: 4 });
    await settle(client.svc.subscribers.retrieve('x'));
    expect(client.requests).toHaveLength(5);
    const call = clientWith(() => failing(503), { maxRetries: 4 });
    await settle(call.svc.subscribers.retrieve('x', { maxRetries: 0 }));
    expect(call.requests).toHaveLength(1);
  });

  it('retries POST with its idempotency key, the same key on every attempt', async () => {
    const { svc, requests } = clientWith((_r, index) => (index < 2 ? failing(503) : triggered()));
    await settle(svc.events.trigger({ name: 'w', to: 'u' }));
    expect(requests).toHaveLength(3);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps the caller's key on every PATCH attempt", async () => {
    const { svc, requests } = clientWith((_r, index) => (index < 2 ? failing(500) : ok()));
    await settle(svc.subscribers.update('u', { firstName: 'A' }, { idempotencyKey: 'k-1' }));
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual([
      'k-1',
      'k-1',
      'k-1',
    ]);
  });

  it('never retries a keyless POST (idempotencyKey: null)', async () => {
    const { svc, requests } = clientWith(() => failing(503));
    const error = await settle(
      svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: null }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('idempotency-key')).toBeNull();
  });

  it('never retries a keyless POST after a connection error either', async () => {
    const { svc, requests } = clientWith(() => {
      throw new TypeError('socket hang up');
    });
    const error = await settle(
      svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: null }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(requests).toHaveLength(1);
  });

  it('stops when the answer is an idempotent replay (Idempotency-Replay: true)', async () => {
    const { svc, requests } = clientWith(() =>
      failing(500, { 'idempotency-replay': 'true', 'idempotency-key': 'k' }),
    );
    const error = await settle(svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: 'k' }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(1);
  });

  it('sends a conflict a retry cannot change once (409 without Retry-After)', async () => {
    const { svc, requests } = clientWith(
      () => failing(409, { 'idempotency-key': 'k' }), // the service echoes the key on every answer
    );
    const error = await settle(
      svc.subscribers.create(
        { subscriberId: 'ada' },
        { failIfExists: true },
        { idempotencyKey: 'k' },
      ),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(requests).toHaveLength(1);
  });

  it('retries the idempotency 409 "still being processed" and then gets the result', async () => {
    const { svc, requests } = clientWith((_r, index) =>
      index === 0 ? failing(409, { 'retry-after': '1' }) : triggered(),
    );
    const pending = svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: 'k' });
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await expect(pending).resolves.toMatchObject({ status: 'processed' });
  });
});

describe("the mock engine's conflicts", () => {
  it('an existing subscriber with failIfExists is one request, then ConflictError', async () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const handler = createFetchHandler(engine);
    let calls = 0;
    const svc = new Svc({
      secretKey: engine.environment('Development').apiKey,
      fetch: (input, init) => {
        calls++;
        return handler(new Request(input, init));
      },
    });
    const error = await settle(
      svc.subscribers.create({ subscriberId: 'ada' }, { failIfExists: true }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ message: 'Subscriber with id "ada" already exists' });
    expect(calls).toBe(1);
  });
});

describe('how long it waits', () => {
  it('backs off 500 ms then 1000 ms (no jitter)', async () => {
    const { svc, requests } = clientWith(() => failing(503));
    const outcome = svc.subscribers.retrieve('x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(await outcome).toBeInstanceOf(InternalServerError);
  });

  it('keeps every backoff within 0.5 s x 2^n minus up to 25 % jitter, capped at 8 s', () => {
    for (let retry = 0; retry < 10; retry++) {
      const ceiling = Math.min(500 * 2 ** retry, 8_000);
      expect(backoffDelay(retry, () => 0)).toBe(ceiling);
      expect(backoffDelay(retry, () => 1)).toBe(ceiling * 0.75);
      const sampled = backoffDelay(retry);
      expect(sampled).toBeGreaterThanOrEqual(ceiling * 0.75);
      expect(sampled).toBeLessThanOrEqual(ceiling);
    }
  });

  it('applies jitter from Math.random', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { svc, requests } = clientWith((_r, index) => (index === 0 ? failing(500) : ok()));
    const pending = svc.subscribers.retrieve('x');
    await vi.advanceTimersByTimeAsync(374);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await expect(pending).resolves.toEqual(subscriber);
  });

  it.each([
    ['retry-after-ms', '1234', 1234],
    ['retry-after', '3', 3000],
    ['retry-after', '120', 60_000],
  ])('waits what %s: %s asks (capped at 60 s)', async (header, value, wait) => {
    const { svc, requests } = clientWith((_r, index) =>
      index === 0 ? failing(429, { [header]: value }) : ok(),
    );
    const pending = svc.subscribers.retrieve('x');
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await expect(pending).resolves.toEqual(subscriber);
  });

  it('waits until the HTTP date of Retry-After', async () => {
    const date = new Date(Date.now() + 5_000).toUTCString();
    expect(retryAfterDelay(new Headers({ 'retry-after': date }))).toBeGreaterThan(4_000);
    const { svc, requests } = clientWith((_r, index) =>
      index === 0 ? failing(503, { 'retry-after': date }) : ok(),
    );
    const pending = svc.subscribers.retrieve('x');
    await vi.advanceTimersByTimeAsync(3_900);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(requests).toHaveLength(2);
    await expect(pending).resolves.toEqual(subscriber);
  });

  it('falls back to backoff for an unreadable Retry-After', () => {
    expect(retryAfterDelay(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterDelay(new Headers({ 'retry-after': '-1' }))).toBeUndefined();
    expect(retryAfterDelay(new Headers())).toBeUndefined();
  });

  it('gives up with RateLimitError once the retries are spent', async () => {
    const { svc, requests } = clientWith(() => failing(429, { 'retry-after': '1' }));
    expect(await settle(svc.subscribers.retrieve('x'))).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(3);
  });
});

describe('aborting', () => {
  it('ends the wait between attempts at once and makes no further attempt', async () => {
    const controller = new AbortController();
    const { svc, requests } = clientWith(() => failing(503, { 'retry-after': '30' }));
    const outcome = svc.subscribers
      .retrieve('x', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(1);
    controller.abort();
    expect(await outcome).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not retry after the caller aborted an attempt', async () => {
    const controller = new AbortController();
    const { svc, requests } = clientWith(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
          void request;
        }),
    );
    const outcome = svc.subscribers.retrieve('x', { signal: controller.signal }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await settle(outcome)).toBeInstanceOf(APIUserAbortError);
    expect(requests).toHaveLength(1);
  });
});

describe('non-retried errors keep their class', () => {
  it('404 stays NotFoundError after one attempt, a 409 in progress ConflictError after three', async () => {
    const notFound = clientWith(() => failing(404));
    expect(await settle(notFound.svc.subscribers.retrieve('x'))).toBeInstanceOf(NotFoundError);
    const conflict = clientWith(() => failing(409, { 'retry-after': '1' }));
    expect(
      await settle(conflict.svc.integrations.create({ providerId: 'p', channel: 'email' })),
    ).toBeInstanceOf(ConflictError);
    expect(conflict.requests).toHaveLength(3);
  });
});
