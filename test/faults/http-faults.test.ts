// Injected HTTP faults through the client in mock mode: statuses with the service's error bodies
// and headers, network errors, latency, commit-then-fail, matching, and the registry's lifecycle.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

const noRetry = () => mock.client('Development', { maxRetries: 0 });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('status faults', () => {
  it('answers 429 with the rate limiter body, Retry-After and RateLimit-* headers', async () => {
    mock.engine.faults.add({ match: { operation: 'events.trigger' }, respond: { status: 429 } });
    const error = await failure(noRetry().events.trigger({ name: 'welcome', to: 'ada' }));
    expect(error).toBeInstanceOf(RateLimitError);
    const apiError = error as RateLimitError;
    expect(apiError.body).toMatchObject({
      statusCode: 429,
      message: 'API rate limit exceeded',
      path: '/v1/events/trigger',
      ctx: {},
    });
    expect(apiError.headers.get('retry-after')).toBe('1');
    expect(apiError.headers.get('ratelimit-limit')).toBe('300');
    expect(apiError.headers.get('ratelimit-remaining')).toBe('0');
    expect(apiError.headers.get('ratelimit-policy')).toContain('category="trigger"');
    // Answered before the operation: nothing was triggered.
    expect(mock.engine.outbox.count()).toBe(0);
  });

  it('answers 500 with an errorId and 503 as a Nest HttpException', async () => {
    mock.engine.faults.add({ match: { method: 'GET' }, times: 1, respond: { status: 500 } });
    const error = (await failure(noRetry().subscribers.retrieve('ada'))) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain('Internal server error');

    mock.engine.faults.add({ times: 1, respond: { status: 503 } });
    const unavailable = (await failure(noRetry().subscribers.retrieve('ada'))) as APIError;
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({
      statusCode: 503,
      message: 'Service Unavailable',
      error: 'Service Unavailable',
      path: '/v2/subscribers/ada',
    });
  });

  it('sends a given body and headers instead of the defaults', async () => {
    mock.engine.faults.add({
      times: 1,
      respond: { status: 502, headers: { 'x-upstream': 'lb-1' }, body: { oops: true } },
    });
    const error = (await failure(noRetry().subscribers.retrieve('ada'))) as APIError;
    expect(error.status).toBe(502);
    expect(error.body).toEqual({ oops: true });
    expect(error.headers.get('x-upstream')).toBe('lb-1');
  });

  it('lets the client retry past a fault with `times`, using retry-after-ms', async () => {
    const fault = mock.engine.faults.add({
      match: { operation: 'subscribers.retrieve' },
      times: 2,
      respond: { status: 503, headers: { 'retry-after-ms': '0' } },
    });
    const subscriber = await mock.client().subscribers.retrieve('ada');
    expect(subscriber.firstName).toBe('Ada');
    expect(mock.engine.faults.list()).toEqual([{ ...fault, remaining: 0, hits: 2 }]);
  });
});

describe('network errors and latency', () => {
  it('drops the connection: the client sees an APIConnectionError', async () => {
    mock.engine.faults.add({ times: 1, respond: 'network-error' });
    const error = await failure(noRetry().subscribers.retrieve('ada'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(await mock.client().subscribers.retrieve('ada')).toMatchObject({ firstName: 'Ada' });
  });

  it('delays the answer, then answers normally', async () => {
    const fault = mock.engine.faults.add({ times: 1, respond: { delayMs: 20 } });
    expect((await noRetry().subscribers.retrieve('ada')).firstName).toBe('Ada');
    expect(mock.engine.faults.list()[0]).toMatchObject({ id: fault.id, hits: 1, remaining: 0 });
  });

  it('a delay longer than the client timeout is a timeout', async () => {
    mock.engine.faults.add({ times: 1, respond: { delayMs: 2_000 } });
    const error = await failure(noRetry().subscribers.retrieve('ada', { timeout: 50 }));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });
});

describe('commit-then-fail', () => {
  it('performs the trigger, then answers the fault', async () => {
    mock.engine.faults.add({
      match: { operation: 'events.trigger' },
      times: 1,
      after: 'commit',
      respond: { status: 503 },
    });
    const error = (await failure(
      noRetry().events.trigger({ name: 'welcome', to: 'ada', transactionId: 't-1' }),
    )) as APIError;
    expect(error.status).toBe(503);
    const page = await mock.client().notifications.list({ transactionId: 't-1' });
    expect(page.data).toHaveLength(1);
  });

  it('a retry with the same idempotency key replays the stored answer: one notification', async () => {
    mock.engine.faults.add({
      match: { operation: 'events.trigger' },
      times: 1,
      after: 'commit',
      respond: 'network-error',
    });
    const result = await mock.client().events.trigger({ name: 'welcome', to: 'ada' });
    expect(result.status).toBe('processed');
    expect(mock.engine.outbox.count({ transactionId: result.transactionId ?? '' })).toBe(1);
    const page = await mock.client().notifications.list({});
    expect(page.data).toHaveLength(1);
  });

  it('applies after an operation that failed too, but not when authentication failed', async () => {
    mock.engine.faults.add({ after: 'commit', times: 1, respond: { status: 500 } });
    const missing = await failure(noRetry().subscribers.retrieve('nobody'));
    expect(missing).toBeInstanceOf(InternalServerError);

    mock.engine.faults.add({ after: 'commit', times: 1, respond: { status: 500 } });
    const svc = mock.client('Development', { maxRetries: 0, secretKey: 'wrong' });
    expect((await failure(svc.subscribers.retrieve('ada'))) as APIError).toMatchObject({
      status: 401,
    });
    expect(mock.engine.faults.list().map((fault) => fault.hits)).toEqual([1, 0]);
  });
});

describe('matching', () => {
  it('matches operation, method, path glob and headers; others pass', async () => {
    mock.engine.faults.add({
      match: { operation: 'subscribers.search' },
      respond: { status: 500 },
    });
    mock.engine.faults.add({ match: { method: 'patch' }, respond: { status: 500 } });
    mock.engine.faults.add({ match: { path: '/v1/integ*' }, respond: { status: 500 } });
    mock.engine.faults.add({ match: { headers: { 'X-Test': 'fail' } }, respond: { status: 500 } });
    const svc = noRetry();

    expect((await svc.subscribers.retrieve('ada')).firstName).toBe('Ada');
    await expect(svc.subscribers.search({})).rejects.toBeInstanceOf(InternalServerError);
    await expect(svc.subscribers.update('ada', { lastName: 'L' })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    await expect(svc.integrations.list()).rejects.toBeInstanceOf(InternalServerError);
    await expect(
      svc.subscribers.retrieve('ada', { headers: { 'x-test': 'fail' } }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect((await svc.workflows.list()).totalCount).toBe(1);
    expect(mock.engine.faults.list().map((fault) => fault.hits)).toEqual([1, 1, 1, 1]);
  });

  it('the first live fault wins; spent ones stay listed', async () => {
    mock.engine.faults.add({ times: 1, respond: { status: 404 } });
    mock.engine.faults.add({ times: 1, respond: { status: 500 } });
    await expect(noRetry().subscribers.retrieve('ada')).rejects.toBeInstanceOf(NotFoundError);
    await expect(noRetry().subscribers.retrieve('ada')).rejects.toBeInstanceOf(InternalServerError);
    expect((await noRetry().subscribers.retrieve('ada')).firstName).toBe('Ada');
    expect(mock.engine.faults.list().map((fault) => fault.remaining)).toEqual([0, 0]);
  });
});

describe('the registry', () => {
  it('rejects bad input with a TypeError naming the field', () => {
    const bad = (input: unknown) => () =>
      mock.engine.faults.add(input as Parameters<typeof mock.engine.faults.add>[0]);
    expect(bad({ respond: { status: 200 } })).toThrow(/respond/);
    expect(bad({ respond: 'boom' })).toThrow(TypeError);
    expect(bad({ match: { operation: 'subscribers.fetch' }, respond: 'network-error' })).toThrow(
      /match\.operation/,
    );
    expect(bad({ times: 0, respond: 'network-error' })).toThrow(/times/);
    expect(bad({ respond: 'network-error', after: 'later' })).toThrow(/after/);
    expect(mock.engine.faults.list()).toEqual([]);
  });

  it('removes one fault, clears all; reset() clears, restore() keeps them', () => {
    const { faults } = mock.engine;
    const first = faults.add({ respond: 'network-error' });
    faults.add({ respond: { status: 500 } });
    expect(faults.remove(first.id)).toBe(true);
    expect(faults.remove(first.id)).toBe(false);
    expect(faults.list()).toHaveLength(1);
    faults.clear();
    expect(faults.list()).toEqual([]);

    const snapshot = mock.engine.snapshot();
    faults.add({ respond: { status: 500 } });
    mock.engine.restore(snapshot);
    expect(faults.list()).toHaveLength(1);
    mock.engine.reset();
    expect(faults.list()).toEqual([]);
  });

  it('a fault added in one test is gone in the next (setupSvcMock resets the engine)', () => {
    expect(mock.engine.faults.list()).toEqual([]);
  });
});
