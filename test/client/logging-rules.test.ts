// The client's logging rules, unit by unit (the mutation run's survivors, docs/benchmarks.md
// "Mutation score"; the behaviour is docs/client.md "Logging"): which levels write, the `[svc]`
// prefix and its arguments, and what is redacted in headers, bodies and URLs.
import { describe, expect, it, vi } from 'vitest';
import {
  createLevelledLogger,
  REDACTED,
  redactBody,
  redactHeaders,
  redactUrl,
} from '../../src/core/logging';
import type { LogLevel } from '../../src/core/options';

function recorder() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
}

const METHODS = ['error', 'warn', 'info', 'debug'] as const;

/** A body nested `levels` objects deep (`{ a: { a: ... } }`), a token at the innermost level. */
function nested(levels: number): unknown {
  let value: unknown = { token: 'deep-secret', kept: 'visible' };
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

/** The innermost object of {@link nested}. */
function innermost(value: unknown, levels: number): unknown {
  let current = value;
  for (let level = 0; level < levels; level++) current = (current as { a: unknown }).a;
  return current;
}

describe('level filtering', () => {
  const cases: [LogLevel, string[]][] = [
    ['off', []],
    ['error', ['error']],
    ['warn', ['error', 'warn']],
    ['info', ['error', 'warn', 'info']],
    ['debug', ['error', 'warn', 'info', 'debug']],
  ];

  for (const [level, written] of cases) {
    it(`at ${level}, writes ${written.join(', ') || 'nothing'} and says so through enabled()`, () => {
      const logger = recorder();
      const log = createLevelledLogger(level, logger);
      for (const method of METHODS) log[method](`${method} line`);
      expect(METHODS.filter((method) => logger[method].mock.calls.length > 0)).toEqual(written);
      expect(METHODS.filter((method) => log.enabled(method))).toEqual(written);
    });
  }

  it('writes nothing for a level it does not know', () => {
    const logger = recorder();
    const log = createLevelledLogger('verbose' as LogLevel, logger);
    for (const method of METHODS) log[method]('line');
    expect(METHODS.filter((method) => logger[method].mock.calls.length > 0)).toEqual([]);
    expect(METHODS.filter((method) => log.enabled(method))).toEqual([]);
  });

  it('prefixes [svc] and passes details as a second argument only when there are some', () => {
    const logger = recorder();
    const log = createLevelledLogger('debug', logger);
    log.info('plain');
    log.debug('with details', { attempt: 1 });
    log.warn('with a falsy detail', 0);
    expect(logger.info.mock.calls).toStrictEqual([['[svc] plain']]);
    expect(logger.debug.mock.calls).toStrictEqual([['[svc] with details', { attempt: 1 }]]);
    expect(logger.warn.mock.calls).toStrictEqual([['[svc] with a falsy detail', 0]]);
  });
});

describe('redactHeaders', () => {
  it('writes every header, with the values of credential-like names redacted', () => {
    const headers = new Headers({
      Authorization: 'ApiKey sk_live_1',
      'Proxy-Authorization': 'Basic abc',
      Cookie: 'session=1',
      'X-Api-Key': 'k1',
      'X-Api_Key': 'k2',
      'X-ApiKey': 'k3',
      'X-Secret-Token': 't',
      'X-Signing-Secret': 's',
      'X-Credential': 'c',
      'X-Password': 'p',
      'X-Passwd': 'p2',
      'X-Webhook-Url': 'https://hooks.example.test/abc',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'order-42',
      'X-Svc-Sdk-Version': '1.0.0',
      'X-Api-Version': '2',
    });
    expect(redactHeaders(headers)).toEqual({
      accept: 'application/json',
      authorization: REDACTED,
      'content-type': 'application/json',
      cookie: REDACTED,
      'idempotency-key': 'order-42',
      'proxy-authorization': REDACTED,
      'x-api-key': REDACTED,
      'x-api-version': '2',
      'x-api_key': REDACTED,
      'x-apikey': REDACTED,
      'x-credential': REDACTED,
      'x-passwd': REDACTED,
      'x-password': REDACTED,
      'x-secret-token': REDACTED,
      'x-signing-secret': REDACTED,
      'x-svc-sdk-version': '1.0.0',
      'x-webhook-url': REDACTED,
    });
  });

  it('is the placeholder [REDACTED] and an empty object for no headers', () => {
    expect(REDACTED).toBe('[REDACTED]');
    expect(redactHeaders(new Headers())).toEqual({});
  });
});

describe('redactBody', () => {
  it('redacts credential-like keys at any case, keeping every other value as given', () => {
    expect(
      redactBody({
        providerId: 'sendgrid',
        credentials: { apiKey: 'SG.1', from: 'a@b.test' },
        API_KEY: 'k',
        secretKey: 's',
        password: 'p',
        accessToken: 't',
        webhookUrl: 'https://hooks.example.test',
        signingKey: 'sig',
        name: 'Welcome',
        count: 3,
        active: false,
        nothing: null,
      }),
    ).toEqual({
      providerId: 'sendgrid',
      credentials: REDACTED,
      API_KEY: REDACTED,
      secretKey: REDACTED,
      password: REDACTED,
      accessToken: REDACTED,
      webhookUrl: REDACTED,
      signingKey: REDACTED,
      name: 'Welcome',
      count: 3,
      active: false,
      nothing: null,
    });
  });

  it('walks arrays and objects inside arrays, leaving strings and numbers whole', () => {
    expect(
      redactBody({
        to: [{ subscriberId: 'u1', token: 't1' }, 'u2', 7, null, [{ password: 'p' }]],
        tags: ['a', 'b'],
      }),
    ).toEqual({
      to: [{ subscriberId: 'u1', token: REDACTED }, 'u2', 7, null, [{ password: REDACTED }]],
      tags: ['a', 'b'],
    });
    expect(redactBody([{ apiKey: 'k' }, 'x'])).toEqual([{ apiKey: REDACTED }, 'x']);
  });

  it('returns primitives, null and undefined as they are', () => {
    expect(redactBody('a string')).toBe('a string');
    expect(redactBody(42)).toBe(42);
    expect(redactBody(null)).toBeNull();
    expect(redactBody(undefined)).toBeUndefined();
    expect(redactBody(true)).toBe(true);
  });

  it('returns a copy and leaves the given body untouched', () => {
    const body = { credentials: { apiKey: 'k' }, nested: { token: 't', keep: 1 } };
    const redacted = redactBody(body);
    expect(redacted).not.toBe(body);
    expect(body).toEqual({ credentials: { apiKey: 'k' }, nested: { token: 't', keep: 1 } });
  });

  it('redacts an object 20 levels deep (the walk goes that far)', () => {
    const redacted = redactBody(nested(20));
    expect(innermost(redacted, 20)).toEqual({ token: REDACTED, kept: 'visible' });
  });

  it('hides a whole sub-tree deeper than the walk goes, so a secret there never shows', () => {
    const redacted = redactBody(nested(22));
    expect(innermost(redacted, 21)).toBe(REDACTED);
    expect(JSON.stringify(redacted)).not.toContain('deep-secret');
  });

  it('counts array levels too: an object 20 arrays deep is still redacted', () => {
    let value: unknown = { token: 'deep-secret' };
    for (let level = 0; level < 20; level++) value = [value];
    let current = redactBody(value);
    for (let level = 0; level < 20; level++) current = (current as unknown[])[0];
    expect(current).toEqual({ token: REDACTED });
  });
});

describe('redactUrl', () => {
  it('redacts credential-like query parameters and keeps the others, in order', () => {
    expect(
      redactUrl('https://api.example.test/v1/x?limit=10&token=abc&apiKey=k&after=c1&api_key=z'),
    ).toBe(
      'https://api.example.test/v1/x?limit=10&token=%5BREDACTED%5D&apiKey=%5BREDACTED%5D&after=c1&api_key=%5BREDACTED%5D',
    );
  });

  it('returns a URL without secret parameters as it was given', () => {
    expect(redactUrl('https://api.example.test/v2/subscribers?limit=10&after=c1')).toBe(
      'https://api.example.test/v2/subscribers?limit=10&after=c1',
    );
  });

  it("redacts a relative URL (a browser app's base URL) without resolving it, keeping the fragment", () => {
    expect(redactUrl('/api/v2/subscribers?limit=10')).toBe('/api/v2/subscribers?limit=10');
    expect(redactUrl('/api/v1/x?token=abc&limit=10#top')).toBe(
      '/api/v1/x?token=%5BREDACTED%5D&limit=10#top',
    );
    expect(redactUrl('/api/v1/x?token=a&token=b')).toBe('/api/v1/x?token=%5BREDACTED%5D');
  });

  it('returns a URL without a query string untouched, byte for byte', () => {
    // Not run through URL: a base URL without a path would gain a slash, a relative one would throw.
    expect(redactUrl('https://api.example.test')).toBe('https://api.example.test');
    expect(redactUrl('HTTPS://API.example.test/v2/subscribers/a%2Fb')).toBe(
      'HTTPS://API.example.test/v2/subscribers/a%2Fb',
    );
    expect(redactUrl('/api/v2/subscribers/x')).toBe('/api/v2/subscribers/x');
  });
});
