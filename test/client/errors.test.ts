// Every failure maps to one error class, with the service's error body kept.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isAPIConnectionError,
  isAPIConnectionTimeoutError,
  isAPIError,
  isAPIUserAbortError,
  isRateLimitError,
  isResponseValidationError,
  isSvcError,
  isSvcValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  SvcValidationError,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { clientWith, errorBody, json } from './helpers';

const statusCases = [
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
  [500, InternalServerError],
  [503, InternalServerError],
  [402, APIError],
  [418, APIError],
] as const;

describe('status mapping', () => {
  it.each(statusCases)('%i becomes %o with body, path, timestamp', async (status, ErrorClass) => {
    const body = errorBody(status, `failure ${status}`, {
      errors: { field: { messages: ['bad'] } },
      errorId: 'err-1',
    });
    const { svc, requests } = clientWith(
      () => json(body, status, { 'x-request-id': 'req-1', 'retry-after': '0' }),
      { maxRetries: 0 },
    );
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(SvcError);
    expect(error).toMatchObject({
      status,
      message: `failure ${status}`,
      path: '/v2/subscribers/x',
      timestamp: '2026-01-01T00:00:00.000Z',
      errors: { field: { messages: ['bad'] } },
      errorId: 'err-1',
      requestId: 'req-1',
      body,
      rawBody: JSON.stringify(body),
    });
    expect((error as APIError).headers.get('x-request-id')).toBe('req-1');
    expect((error as Error).name).toBe(ErrorClass.name);
  });

  it('keeps a non-JSON error body as raw text and uses it as the message', async () => {
    const { svc } = clientWith(() => new Response('Bad gateway', { status: 502 }), {
      maxRetries: 0,
    });
    const error = (await svc.integrations.list().catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toBeUndefined();
    expect(error.rawBody).toBe('Bad gateway');
    expect(error.message).toBe('Bad gateway');
  });

  it('reads RateLimitError.retryAfter from Retry-After seconds, an HTTP date, or retry-after-ms', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ 'retry-after': '3' }, 3],
      [{ 'retry-after-ms': '1500' }, 1.5],
    ];
    for (const [headers, seconds] of cases) {
      const { svc } = clientWith(
        () => json(errorBody(429, 'API rate limit exceeded'), 429, headers),
        {
          maxRetries: 0,
        },
      );
      const error = (await svc.integrations.list().catch((e: unknown) => e)) as RateLimitError;
      expect(error.retryAfter).toBe(seconds);
    }
    const date = new Date(Date.now() + 120_000).toUTCString();
    const { svc } = clientWith(() => json({}, 429, { 'retry-after': date }), { maxRetries: 0 });
    const error = (await svc.integrations.list().catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfter).toBeGreaterThan(100);
    expect(error.retryAfter).toBeLessThanOrEqual(120);
  });
});

describe('request id', () => {
  const withHeaders = (status: number, headers: Record<string, string>) =>
    clientWith(() => json(status < 400 ? { data: [] } : errorBody(status, 'no'), status, headers), {
      maxRetries: 0,
      validation: 'off',
    }).svc;
  const idOfSuccess = async (headers: Record<string, string>) =>
    (await withHeaders(200, headers).integrations.list().withResponse()).requestId;
  const idOfError = async (headers: Record<string, string>) => {
    const svc = withHeaders(404, headers);
    const error = await svc.integrations.list().catch((e: unknown) => e);
    return (error as APIError).requestId;
  };

  it('is read the same way from a success and from an error: x-request-id, else request-id', async () => {
    for (const read of [idOfSuccess, idOfError]) {
      expect(await read({ 'x-request-id': 'req-x', 'request-id': 'req-plain' })).toBe('req-x');
      expect(await read({ 'request-id': 'req-plain' })).toBe('req-plain');
      expect(await read({})).toBeUndefined();
    }
  });
});

describe('transport failures', () => {
  it('maps a network failure to APIConnectionError with the cause', async () => {
    const { svc } = clientWith(
      () => {
        throw new TypeError('fetch failed');
      },
      { maxRetries: 0 },
    );
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain('fetch failed');
  });

  it('names the host and every cause down to the root of a failed connection', async () => {
    const root = Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), {
      code: 'ENOTFOUND',
    });
    const { svc } = clientWith(
      () => {
        throw new TypeError('fetch failed', { cause: root });
      },
      { maxRetries: 0 },
    );
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      'Connection error: could not reach api.example.test: fetch failed: getaddrinfo ENOTFOUND api.example.test',
    );
  });

  it('names a root cause that has only a code (a refused dual-stack connect)', async () => {
    const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    const { svc } = clientWith(
      () => {
        throw new TypeError('fetch failed', { cause: refused });
      },
      { maxRetries: 0, baseUrl: 'http://127.0.0.1:4010' },
    );
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Connection error: could not reach 127.0.0.1:4010: fetch failed: ECONNREFUSED',
    );
  });

  it('maps an attempt that outlives the timeout to APIConnectionTimeoutError', async () => {
    const { svc } = clientWith((_request) => new Promise<Response>(() => undefined), {
      maxRetries: 0,
      timeout: 20,
    });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('applies a per-call timeout over the client default', async () => {
    const { svc } = clientWith(() => new Promise<Response>(() => undefined), {
      maxRetries: 0,
      timeout: 60_000,
    });
    const error = await svc.subscribers.retrieve('x', { timeout: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("maps the caller's abort to APIUserAbortError, before or during the attempt", async () => {
    const early = new AbortController();
    early.abort();
    const { svc: first, requests } = clientWith(() => json({}));
    await expect(first.subscribers.retrieve('x', { signal: early.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    expect(requests).toHaveLength(0);

    const controller = new AbortController();
    const { svc } = clientWith(
      () =>
        new Promise<Response>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
        }),
    );
    const pending = svc.subscribers.retrieve('x', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('throws ResponseValidationError when a success body is not JSON', async () => {
    const { svc } = clientWith(() => new Response('<html>', { status: 200 }));
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).rawBody).toBe('<html>');
  });
});

describe('guards work across realms (structural, by name)', () => {
  const foreign = (name: string, extra: Record<string, unknown> = {}) =>
    Object.assign(Object.create(null), { name, message: 'm', ...extra });

  it('recognises instances and look-alikes from another copy of the package', () => {
    expect(isAPIError(foreign('NotFoundError', { status: 404 }))).toBe(true);
    expect(isAPIError(foreign('NotFoundError'))).toBe(false);
    expect(isAPIError(new Error('x'))).toBe(false);
    expect(isSvcError(foreign('APIUserAbortError'))).toBe(true);
    expect(isSvcError(foreign('TypeError'))).toBe(false);
    expect(isAPIConnectionError(foreign('APIConnectionTimeoutError'))).toBe(true);
    expect(isAPIConnectionTimeoutError(foreign('APIConnectionError'))).toBe(false);
    expect(isAPIUserAbortError(new APIUserAbortError())).toBe(true);
    expect(isRateLimitError(foreign('RateLimitError', { status: 429 }))).toBe(true);
    expect(isSvcValidationError(new SvcValidationError('x'))).toBe(true);
    expect(isResponseValidationError(foreign('ResponseValidationError'))).toBe(true);
    expect(isAPIError(null)).toBe(false);
  });
});
