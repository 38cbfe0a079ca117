// What the client's log lines contain, call by call (the mutation run's survivors,
// docs/benchmarks.md "Mutation score"; docs/client.md "Logging"): the debug line of each attempt
// (attempt number, redacted headers, the redacted body when there is one), the info line of a
// success with its duration, the debug line of the response body, and which level writes each.
import { VERSION } from '@svc/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientWith, json, subscriber } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

function recorder() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
}

const BASE = 'https://api.example.test';

describe('debug lines of a request', () => {
  it('names the method, URL and attempt, with redacted headers and no body key for a GET', async () => {
    const logger = recorder();
    const { svc } = clientWith(() => json({ data: subscriber }), {
      logger,
      logLevel: 'debug',
      secretKey: 'sk_live_secret',
      headers: { 'X-Team': 'core' },
    });
    await svc.subscribers.retrieve('user-1');
    expect(logger.debug.mock.calls[0]).toStrictEqual([
      `[svc] → GET ${BASE}/v2/subscribers/user-1`,
      {
        attempt: 1,
        headers: {
          accept: 'application/json',
          authorization: '[REDACTED]',
          'x-svc-sdk-version': VERSION,
          'x-team': 'core',
        },
      },
    ]);
  });

  it('adds the body with its credentials redacted, and the key and JSON headers of a POST', async () => {
    const logger = recorder();
    const { svc } = clientWith(() => json({ data: { ...subscriber, channels: [] } }), {
      logger,
      logLevel: 'debug',
    });
    await svc.subscribers.credentials.upsert(
      'user-1',
      {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.slack.com/services/T/B/SECRET' },
      },
      { idempotencyKey: 'order-42' },
    );
    expect(logger.debug.mock.calls[0]).toStrictEqual([
      `[svc] → PATCH ${BASE}/v1/subscribers/user-1/credentials`,
      {
        attempt: 1,
        headers: {
          accept: 'application/json',
          authorization: '[REDACTED]',
          'content-type': 'application/json',
          'idempotency-key': 'order-42',
          'x-svc-sdk-version': VERSION,
        },
        body: { providerId: 'slack', credentials: '[REDACTED]' },
      },
    ]);
  });

  it('numbers each attempt from 1, the same request each time', async () => {
    const logger = recorder();
    const { svc } = clientWith(
      (_request, index) =>
        index === 0
          ? json({ message: 'busy' }, 503, { 'retry-after-ms': '0' })
          : json({ data: subscriber }),
      { logger, logLevel: 'debug' },
    );
    await svc.subscribers.retrieve('user-1');
    const requestLines = logger.debug.mock.calls.filter(([message]) =>
      String(message).startsWith('[svc] →'),
    );
    expect(requestLines.map(([message, details]) => [message, details.attempt])).toEqual([
      [`[svc] → GET ${BASE}/v2/subscribers/user-1`, 1],
      [`[svc] → GET ${BASE}/v2/subscribers/user-1`, 2],
    ]);
  });

  it('logs the parsed response body, redacted and still wrapped, after the request line', async () => {
    const logger = recorder();
    const answer = { data: { ...subscriber, data: { apiToken: 'tok-1', plan: 'pro' } } };
    const { svc } = clientWith(() => json(answer), { logger, logLevel: 'debug' });
    await svc.subscribers.retrieve('user-1');
    expect(logger.debug.mock.calls.map(([message]) => message)).toEqual([
      `[svc] → GET ${BASE}/v2/subscribers/user-1`,
      '[svc] response body of subscribers.retrieve',
    ]);
    expect(logger.debug.mock.calls[1]?.[1]).toStrictEqual({
      data: { ...subscriber, data: { apiToken: '[REDACTED]', plan: 'pro' } },
    });
  });

  it('logs an empty response body as undefined', async () => {
    const logger = recorder();
    const { svc } = clientWith(() => new Response(null, { status: 204 }), {
      logger,
      logLevel: 'debug',
      validation: 'off',
    });
    await svc.subscribers.retrieve('user-1');
    expect(logger.debug.mock.calls[1]).toStrictEqual([
      '[svc] response body of subscribers.retrieve',
    ]);
  });
});

describe('the info line of a success', () => {
  it('names status, method and URL and the time taken, without the debug lines', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const logger = recorder();
    const { svc } = clientWith(() => json({ data: subscriber }), { logger, logLevel: 'info' });
    await svc.subscribers.search({ limit: 5, email: 'a@b.test' });
    expect(logger.info.mock.calls).toStrictEqual([
      [`[svc] ← 200 GET ${BASE}/v2/subscribers?limit=5&email=a%40b.test (0 ms)`],
    ]);
    expect(logger.debug).not.toHaveBeenCalled();
  });

  it('counts the milliseconds from before the attempt to its answer', async () => {
    let now = 5_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const logger = recorder();
    const { svc } = clientWith(
      () => {
        now += 42;
        return json({ data: subscriber });
      },
      { logger, logLevel: 'info' },
    );
    await svc.subscribers.retrieve('user-1');
    expect(logger.info.mock.calls).toStrictEqual([
      [`[svc] ← 200 GET ${BASE}/v2/subscribers/user-1 (42 ms)`],
    ]);
  });

  it('is not written at warn', async () => {
    const logger = recorder();
    const { svc } = clientWith(() => json({ data: subscriber }), { logger, logLevel: 'warn' });
    await svc.subscribers.retrieve('user-1');
    for (const method of ['error', 'warn', 'info', 'debug'] as const) {
      expect(logger[method]).not.toHaveBeenCalled();
    }
  });
});
