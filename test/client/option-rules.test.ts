// The client's option checks at construction, with their exact messages (the mutation run's
// survivors, docs/benchmarks.md "Mutation score"), and what the resolved options hold.
import { Svc, type SvcOptions } from '@svc/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lowerCaseKeys, resolveOptions } from '../../src/core/options';
import { clientWith, json, scriptedFetch, subscriber } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fetch = scriptedFetch(() => json({ data: subscriber })).fetch;
const construct = (options: Record<string, unknown>) => () =>
  new Svc({ secretKey: 'sk_test', fetch, ...options } as unknown as SvcOptions);

const MISSING_KEY =
  'The `secretKey` option is missing: pass your environment API key, e.g. new Svc({ secretKey: process.env.SVC_SECRET_KEY }).';

describe('secretKey', () => {
  it('is refused when undefined, null, empty or blank, with one message naming the fix', () => {
    for (const secretKey of [undefined, null, '', '   ', '\t\n']) {
      expect(construct({ secretKey })).toThrow(new TypeError(MISSING_KEY));
    }
    expect(() => new Svc({ fetch } as unknown as SvcOptions)).toThrow(new TypeError(MISSING_KEY));
  });

  it('is refused when neither a string nor a function', () => {
    for (const secretKey of [42, true, { key: 'sk' }, ['sk']]) {
      expect(construct({ secretKey })).toThrow(
        new TypeError('The `secretKey` option must be a string or a function returning one.'),
      );
    }
  });

  it('is accepted as a string or a function, the string returned as given', () => {
    expect(resolveOptions({ secretKey: ' sk_1 ', fetch }).secretKey()).toBe(' sk_1 ');
    const keyFn = () => 'sk_2';
    expect(resolveOptions({ secretKey: keyFn, fetch }).secretKey).toBe(keyFn);
  });
});

describe('fetch', () => {
  it('is refused when given and not a function', () => {
    for (const value of [null, 'fetch', {}, 1]) {
      expect(construct({ fetch: value })).toThrow(
        new TypeError('The `fetch` option must be a fetch function.'),
      );
    }
  });

  it('must exist globally when none is given, and is then read at call time', () => {
    vi.stubGlobal('fetch', undefined);
    expect(() => new Svc({ secretKey: 'sk' })).toThrow(
      new TypeError('No global `fetch` in this runtime: pass one with the `fetch` option.'),
    );
    // A given fetch does not need the global one.
    expect(() => new Svc({ secretKey: 'sk', fetch })).not.toThrow();
    vi.unstubAllGlobals();
    const resolved = resolveOptions({ secretKey: 'sk' });
    const patched = vi.fn() as unknown as typeof globalThis.fetch;
    vi.stubGlobal('fetch', patched);
    expect(resolved.fetch()).toBe(patched);
  });

  it('is the given one whenever one is given', () => {
    expect(resolveOptions({ secretKey: 'sk', fetch }).fetch()).toBe(fetch);
  });
});

describe('one-of options', () => {
  it('accepts every log level, validation mode and region', () => {
    for (const logLevel of ['off', 'error', 'warn', 'info', 'debug'] as const) {
      expect(resolveOptions({ secretKey: 'sk', fetch, logLevel }).logLevel).toBe(logLevel);
    }
    for (const validation of ['strict', 'warn', 'off'] as const) {
      expect(resolveOptions({ secretKey: 'sk', fetch, validation }).validation).toBe(validation);
    }
    expect(resolveOptions({ secretKey: 'sk', fetch, region: 'eu' }).baseUrl).toBe(
      'https://eu.api.svc.co',
    );
  });

  it('defaults to region us, validation warn and log level off', () => {
    const resolved = resolveOptions({ secretKey: 'sk', fetch });
    expect(resolved.baseUrl).toBe('https://api.svc.co');
    expect(resolved.validation).toBe('warn');
    expect(resolved.logLevel).toBe('off');
    expect(resolved.logger).toBe(console);
    expect(resolved.allowUnknownKeys).toBe(false);
    expect(resolved.headers).toEqual({});
  });

  it('refuses any other value with a message listing the allowed ones', () => {
    expect(construct({ logLevel: 'verbose' })).toThrow(
      new TypeError(
        'The `logLevel` option must be one of off, error, warn, info, debug, got "verbose".',
      ),
    );
    expect(construct({ validation: 'loose' })).toThrow(
      new TypeError('The `validation` option must be one of strict, warn, off, got "loose".'),
    );
    expect(construct({ region: 'ap' })).toThrow(
      new TypeError('The `region` option must be one of us, eu, got "ap".'),
    );
    expect(construct({ logLevel: 'DEBUG' })).toThrow(
      new TypeError(
        'The `logLevel` option must be one of off, error, warn, info, debug, got "DEBUG".',
      ),
    );
  });
});

describe('counts', () => {
  it('refuses a timeout below 1 and retries below 0, or any fraction', () => {
    expect(construct({ timeout: 0 })).toThrow(
      new TypeError('The `timeout` option must be an integer >= 1, got 0.'),
    );
    expect(construct({ timeout: 1.5 })).toThrow(
      new TypeError('The `timeout` option must be an integer >= 1, got 1.5.'),
    );
    expect(construct({ maxRetries: -1 })).toThrow(
      new TypeError('The `maxRetries` option must be an integer >= 0, got -1.'),
    );
    expect(construct({ timeout: 1, maxRetries: 0 })).not.toThrow();
  });
});

describe('baseUrl', () => {
  it('loses every trailing slash, keeping its path', () => {
    const base = (baseUrl: string) => resolveOptions({ secretKey: 'sk', fetch, baseUrl }).baseUrl;
    expect(base('https://proxy.example.test/svc//')).toBe('https://proxy.example.test/svc');
    expect(base('https://proxy.example.test///')).toBe('https://proxy.example.test');
    expect(base('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });

  it('sends each call under a base URL given with several trailing slashes', async () => {
    const { svc, requests } = clientWith(() => json({ data: subscriber }), {
      baseUrl: 'https://proxy.example.test/svc//',
    });
    await svc.subscribers.retrieve('x');
    expect(requests[0]?.url.toString()).toBe('https://proxy.example.test/svc/v2/subscribers/x');
  });

  it('is refused when not a string, naming the value it got', () => {
    expect(construct({ baseUrl: new URL('https://api.svc.co') })).toThrow(
      new TypeError(
        'The `baseUrl` option "https://api.svc.co/" is not an http(s) URL: give the scheme and host, e.g. https://api.svc.co or http://127.0.0.1:4010.',
      ),
    );
  });

  it('is refused when not a string in a browser too', () => {
    vi.stubGlobal('location', { origin: 'https://app.example.test' });
    expect(construct({ baseUrl: 42 })).toThrow(
      new TypeError(
        'The `baseUrl` option 42 is not an http(s) URL: give the scheme and host, e.g. https://api.svc.co or http://127.0.0.1:4010.',
      ),
    );
  });

  it('resolves only a path starting with a slash on the page origin', () => {
    vi.stubGlobal('location', { origin: 'https://app.example.test' });
    expect(resolveOptions({ secretKey: 'sk', fetch, baseUrl: '/api/' }).baseUrl).toBe('/api');
    for (const baseUrl of ['api', 'api.svc.co/v1']) {
      expect(construct({ baseUrl })).toThrow(
        new TypeError(
          `The \`baseUrl\` option ${JSON.stringify(baseUrl)} is not an http(s) URL: give the scheme and host, e.g. https://api.svc.co or http://127.0.0.1:4010.`,
        ),
      );
    }
  });
});

describe('headers', () => {
  it('are kept with lower-case names', () => {
    expect(lowerCaseKeys({ 'X-Team': 'a', 'IDEMPOTENCY-KEY': 'k', accept: 'x' })).toEqual({
      'x-team': 'a',
      'idempotency-key': 'k',
      accept: 'x',
    });
    expect(lowerCaseKeys(undefined)).toEqual({});
    expect(resolveOptions({ secretKey: 'sk', fetch, headers: { 'X-Team': 'a' } }).headers).toEqual({
      'x-team': 'a',
    });
  });

  it('cannot replace the Authorization header, whatever case the caller writes', async () => {
    const { svc, requests } = clientWith(() => json({ data: subscriber }), {
      secretKey: 'sk_real',
      headers: { Authorization: 'ApiKey sk_other', 'X-Team': 'core' },
    });
    await svc.subscribers.retrieve('x', {
      headers: { AUTHORIZATION: 'Bearer t', 'x-team': 'edge' },
    });
    expect(requests[0]?.headers.get('authorization')).toBe('ApiKey sk_real');
    expect(requests[0]?.headers.get('x-team')).toBe('edge');
  });
});
