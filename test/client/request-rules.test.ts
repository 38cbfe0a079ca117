// The transport's rules, unit by unit (the mutation run's survivors, docs/benchmarks.md
// "Mutation score"): the envelope and the query string, the Authorization and Idempotency-Key
// headers a request carries, and how failures of the fetch, the caller's signal and the timeout
// become the client's errors (with their causes).
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  BadRequestError,
  NotFoundError,
  ResponseValidationError,
} from '@svc/api';
import { TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createSvcCore } from '../../src/core/core';
import { request, unwrapEnvelope } from '../../src/core/request';
import { encodeQuery } from '../../src/routes/route';
import { VERSION } from '../../src/version';
import { clientWith, json, scriptedFetch, subscriber } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

function recorder() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
}

/** A fetch that never answers and rejects with its signal's reason when that signal aborts. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      if (!signal) return;
      signals.push(signal);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { signals, fetch: fetchImpl as typeof fetch };
}

describe('unwrapEnvelope', () => {
  it('unwraps an object whose only key is data', () => {
    expect(unwrapEnvelope({ data: [1, 2] })).toEqual([1, 2]);
    expect(unwrapEnvelope({ data: null })).toBeNull();
  });

  it('keeps any other body as it is', () => {
    const paged = { data: [1], next: null };
    expect(unwrapEnvelope(paged)).toBe(paged);
    const plain = { acknowledged: true };
    expect(unwrapEnvelope(plain)).toBe(plain);
    const list = [{ data: 1 }];
    expect(unwrapEnvelope(list)).toBe(list);
    expect(unwrapEnvelope({})).toEqual({});
    expect(unwrapEnvelope(null)).toBeNull();
    expect(unwrapEnvelope(undefined)).toBeUndefined();
    expect(unwrapEnvelope('data')).toBe('data');
    expect(unwrapEnvelope(0)).toBe(0);
  });
});

describe('encodeQuery', () => {
  it('drops undefined and null values, keeps falsy ones and repeats keys for arrays', () => {
    expect(
      encodeQuery({
        a: undefined,
        b: null,
        c: 0,
        d: false,
        e: '',
        tags: ['x', undefined, null, 'y', 0],
        none: [undefined, null],
      }).toString(),
    ).toBe('c=0&d=false&e=&tags=x&tags=y&tags=0');
    expect(encodeQuery(undefined).toString()).toBe('');
  });
});

describe('the Authorization header', () => {
  it('trims the key before adding the ApiKey prefix, or keeping the one given', async () => {
    const sent: string[] = [];
    for (const secretKey of ['  sk_1  ', ' ApiKey sk_2 ', () => ' sk_3\n']) {
      const { svc, requests } = clientWith(() => json({ data: subscriber }), { secretKey });
      await svc.subscribers.retrieve('x');
      sent.push(requests[0]?.headers.get('authorization') ?? 'none');
    }
    expect(sent).toEqual(['ApiKey sk_1', 'ApiKey sk_2', 'ApiKey sk_3']);
  });
});

describe('the Idempotency-Key header', () => {
  const sentKey = async (
    call: (svc: ReturnType<typeof clientWith>['svc']) => Promise<unknown>,
  ): Promise<string | null | undefined> => {
    const { svc, requests } = clientWith(() => json({ data: subscriber }));
    await call(svc);
    return requests[0]?.headers.get('idempotency-key');
  };
  const body = { subscriberId: 'user-1' };

  it('takes a per-call or client header as the key, in any case, the option winning over both', async () => {
    expect(
      await sentKey((svc) =>
        svc.subscribers.create(body, undefined, { headers: { 'Idempotency-Key': 'from-header' } }),
      ),
    ).toBe('from-header');
    expect(
      await sentKey((svc) =>
        svc.subscribers.create(body, undefined, {
          headers: { 'Idempotency-Key': 'from-header' },
          idempotencyKey: 'from-option',
        }),
      ),
    ).toBe('from-option');
    const { svc, requests } = clientWith(() => json({ data: subscriber }), {
      headers: { 'IDEMPOTENCY-KEY': 'client-wide' },
    });
    await svc.subscribers.create(body);
    expect(requests[0]?.headers.get('idempotency-key')).toBe('client-wide');
  });

  it('sends none with idempotencyKey null, nor on a GET, even when a header names one', async () => {
    expect(
      await sentKey((svc) =>
        svc.subscribers.create(body, undefined, {
          headers: { 'Idempotency-Key': 'from-header' },
          idempotencyKey: null,
        }),
      ),
    ).toBeNull();
    expect(
      await sentKey((svc) =>
        svc.subscribers.retrieve('x', { headers: { 'idempotency-key': 'from-header' } }),
      ),
    ).toBeNull();
  });

  it('sends none on a DELETE without one, and the one a DELETE is given', async () => {
    const deleted = { acknowledged: true, status: 'deleted' };
    const { svc, requests } = clientWith(() => json({ data: deleted }));
    await svc.subscribers.delete('x').catch(() => undefined);
    await svc.subscribers.delete('x', { idempotencyKey: 'del-1' }).catch(() => undefined);
    expect(requests.map((r) => [r.method, r.headers.get('idempotency-key')])).toEqual([
      ['DELETE', null],
      ['DELETE', 'del-1'],
    ]);
  });
});

describe('the Request a fetch is handed', () => {
  // The headers and body are put on the Request ky hands the fetch (not given to ky, which copies
  // headers six times a call: issue 42): a fetch that reads only its Request sees all of them.
  function requestOnlyFetch() {
    const seen: { method: string; headers: Record<string, string>; body: string }[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      if (!(input instanceof Request)) throw new TypeError('expected a Request');
      seen.push({
        method: input.method,
        headers: Object.fromEntries(input.headers),
        body: await input.text(),
      });
      return json({ data: subscriber });
    }) as typeof fetch;
    return { seen, fetch: fetchImpl };
  }

  it('carries every header on a GET: the client, per-call and fixed ones', async () => {
    const { seen, fetch } = requestOnlyFetch();
    const { svc } = clientWith(() => json({}), {
      fetch,
      headers: { 'X-Tenant': 'client', 'X-Trace': 'client' },
    });
    await svc.subscribers.retrieve('x', { headers: { 'X-Trace': 'call' } });
    expect(seen).toEqual([
      {
        method: 'GET',
        headers: {
          accept: 'application/json',
          authorization: 'ApiKey sk_test',
          'x-svc-sdk-version': VERSION,
          'x-tenant': 'client',
          'x-trace': 'call',
        },
        body: '',
      },
    ]);
  });

  it('carries the JSON body, its content type and the idempotency key on a POST', async () => {
    const { seen, fetch } = requestOnlyFetch();
    const { svc } = clientWith(() => json({}), { fetch });
    await svc.subscribers.create({ subscriberId: 'user-1' }, undefined, { idempotencyKey: 'k-1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'ApiKey sk_test',
      'content-type': 'application/json',
      'idempotency-key': 'k-1',
      'x-svc-sdk-version': VERSION,
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ subscriberId: 'user-1' });
  });
});

describe('failures of the fetch', () => {
  it('reads an error body that cannot be read as empty, keeping the status', async () => {
    const broken = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new Error('connection reset'));
          },
        }),
        { status: 404 },
      );
    const { svc } = clientWith(broken);
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Request failed with status 404');
    expect((error as NotFoundError).rawBody).toBe('');
    expect((error as NotFoundError).body).toBeUndefined();
  });

  it('lets an error of its own classes thrown by the fetch through as it is, without retrying', async () => {
    const own = new BadRequestError({
      status: 400,
      headers: new Headers(),
      body: undefined,
      rawBody: 'thrown by a wrapping fetch',
    });
    let calls = 0;
    const fetchImpl = (() => {
      calls++;
      return Promise.reject(own);
    }) as typeof fetch;
    const { svc } = clientWith(() => json({}), { fetch: fetchImpl });
    await expect(svc.subscribers.retrieve('x')).rejects.toBe(own);
    expect(calls).toBe(1);
  });

  it('names the host and the cause of a connection error', async () => {
    const fetchImpl = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    const { svc } = clientWith(() => json({}), {
      fetch: fetchImpl,
      maxRetries: 0,
      baseUrl: 'https://proxy.example.test:8443/svc',
    });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      'Connection error: could not reach proxy.example.test:8443: fetch failed',
    );
  });

  it('names a browser-relative base URL whole in a connection error', async () => {
    const origin = 'https://app.example.test';
    // A page resolves relative URLs on its origin; Node's Request does not, so stand in for it.
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, origin) : input, init);
      }
    }
    vi.stubGlobal('location', { origin });
    vi.stubGlobal('Request', PageRequest);
    const fetchImpl = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { svc } = clientWith(() => json({}), {
      fetch: fetchImpl,
      maxRetries: 0,
      baseUrl: '/api',
    });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      'Connection error: could not reach /api/v2/subscribers/x: Failed to fetch',
    );
    // A relative proxy path that holds an absolute URL is still named whole.
    const proxied = clientWith(() => json({}), {
      fetch: fetchImpl,
      maxRetries: 0,
      baseUrl: '/cors/https://api.svc.co',
    });
    const viaProxy = await proxied.svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect((viaProxy as Error).message).toBe(
      'Connection error: could not reach /cors/https://api.svc.co/v2/subscribers/x: Failed to fetch',
    );
  });

  it('a browser-relative base URL with a query string answers its own error, logging on or off', async () => {
    const origin = 'https://app.example.test';
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, origin) : input, init);
      }
    }
    vi.stubGlobal('location', { origin });
    vi.stubGlobal('Request', PageRequest);
    const notFound = () => json({ statusCode: 404, message: 'Subscriber not found' }, 404);
    for (const logLevel of ['off', 'debug'] as const) {
      const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
      const { svc } = clientWith(notFound, { baseUrl: '/api', logLevel, logger, maxRetries: 0 });
      const error = await svc.subscribers.search({ limit: 10 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(logger.error.mock.calls).toEqual(
        logLevel === 'off'
          ? []
          : [['[svc] GET /api/v2/subscribers?limit=10 failed: Subscriber not found']],
      );
    }
  });

  it('gives the fetch the caller signal, and turns its abort into APIUserAbortError with that reason', async () => {
    const hanging = hangingFetch();
    const { svc } = clientWith(() => json({}), { fetch: hanging.fetch, timeout: 5_000 });
    const controller = new AbortController();
    const reason = new Error('user left the page');
    const pending = svc.subscribers
      .retrieve('x', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(hanging.signals).toHaveLength(1));
    controller.abort(reason);
    const error = await pending;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).message).toBe('Request was aborted.');
    expect((error as Error).cause).toBe(reason);
    expect(hanging.signals).toHaveLength(1);
  });

  it('turns a timed-out attempt into APIConnectionTimeoutError caused by the timeout', async () => {
    const hanging = hangingFetch();
    const { svc } = clientWith(() => json({}), {
      fetch: hanging.fetch,
      timeout: 20,
      maxRetries: 0,
    });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe('Request timed out.');
    expect((error as Error).cause).toBeInstanceOf(TimeoutError);
  });

  it('makes no attempt and no retry under a signal aborted before the call', async () => {
    const logger = recorder();
    const { svc, requests } = clientWith(() => json({ data: subscriber }), {
      logger,
      logLevel: 'warn',
    });
    const error = await svc.subscribers
      .retrieve('x', { signal: AbortSignal.abort(new Error('too late')) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toBeUndefined();
    expect(requests).toHaveLength(0);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error.mock.calls).toStrictEqual([
      ['[svc] GET https://api.example.test/v2/subscribers/x failed: Request was aborted.'],
    ]);
  });

  it('ends the wait before a retry with APIUserAbortError caused by the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled while waiting');
    // The caller aborts as soon as the retry is announced, before the wait starts.
    const logger = { ...recorder(), warn: vi.fn(() => controller.abort(reason)) };
    const { svc, requests } = clientWith(
      () => json({ message: 'busy' }, 503, { 'retry-after-ms': '60000' }),
      { logger, logLevel: 'warn' },
    );
    const error = await svc.subscribers
      .retrieve('x', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toBe(reason);
    expect(requests).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('the response body', () => {
  it('refuses a success body that is not JSON, naming the operation', async () => {
    const { svc } = clientWith(() => new Response('<html>', { status: 200 }));
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toBe('Response of subscribers.retrieve is not JSON');
  });
});

describe('request without checks', () => {
  it('sends a spec that lists no checks as it is', async () => {
    const { fetch, requests } = scriptedFetch(() => json({ data: { ok: true } }));
    const core = createSvcCore({ secretKey: 'sk', fetch, baseUrl: 'https://api.example.test' });
    const result = await request(core, {
      operation: 'health.check',
      method: 'GET',
      path: 'v1/health-check',
      schema: z.object({ ok: z.boolean() }),
    });
    expect(result).toEqual({ ok: true });
    expect(requests.map((r) => r.url.toString())).toEqual([
      'https://api.example.test/v1/health-check',
    ]);
  });
});
