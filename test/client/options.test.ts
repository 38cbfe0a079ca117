// Authentication, base URLs, and logging with redaction.

import { readFileSync } from 'node:fs';
import { Svc, VERSION } from '@svc/api';
import { describe, expect, it, vi } from 'vitest';
import { clientWith, integration, json, scriptedFetch, subscriber } from './helpers';

describe('authentication and base URL', () => {
  it('adds the ApiKey prefix, keeps one the caller added, and accepts an async key', async () => {
    const plain = clientWith(() => json({ data: subscriber }), { secretKey: 'sk_1' });
    await plain.svc.subscribers.retrieve('x');
    expect(plain.requests[0]?.headers.get('authorization')).toBe('ApiKey sk_1');
    const prefixed = clientWith(() => json({ data: subscriber }), { secretKey: 'ApiKey sk_2' });
    await prefixed.svc.subscribers.retrieve('x');
    expect(prefixed.requests[0]?.headers.get('authorization')).toBe('ApiKey sk_2');
    const keyFn = vi.fn(async () => 'sk_3');
    const asyncKey = clientWith(() => json({ data: subscriber }), { secretKey: keyFn });
    await asyncKey.svc.subscribers.retrieve('x');
    expect(asyncKey.requests[0]?.headers.get('authorization')).toBe('ApiKey sk_3');
    expect(keyFn).toHaveBeenCalledTimes(1);
  });

  it('uses the region URLs by default and any baseUrl given (trailing slash or path prefix)', async () => {
    const { fetch, requests } = scriptedFetch(() => json({ data: subscriber }));
    await new Svc({ secretKey: 'k', fetch }).subscribers.retrieve('a');
    await new Svc({ secretKey: 'k', fetch, region: 'eu' }).subscribers.retrieve('a');
    await new Svc({
      secretKey: 'k',
      fetch,
      baseUrl: 'http://localhost:3000/proxy/',
    }).subscribers.retrieve('a');
    expect(requests.map((r) => r.url.toString())).toEqual([
      'https://api.svc.co/v2/subscribers/a',
      'https://eu.api.svc.co/v2/subscribers/a',
      'http://localhost:3000/proxy/v2/subscribers/a',
    ]);
  });

  it('rejects a baseUrl that is not an http(s) URL at construction, naming it', () => {
    const fetch = scriptedFetch(() => json({ data: subscriber })).fetch;
    for (const baseUrl of ['api.svc.co', 'localhost:4010', 'ftp://files.example.test', '']) {
      expect(() => new Svc({ secretKey: 'k', fetch, baseUrl })).toThrow(
        new TypeError(
          `The \`baseUrl\` option ${JSON.stringify(baseUrl)} is not an http(s) URL: give the scheme and host, e.g. https://api.svc.co or http://127.0.0.1:4010.`,
        ),
      );
    }
  });

  it('accepts a path-only baseUrl only in a browser (a page has an origin to resolve it on)', () => {
    const fetch = scriptedFetch(() => json({ data: subscriber })).fetch;
    expect(() => new Svc({ secretKey: 'k', fetch, baseUrl: '/api' })).toThrow(TypeError);
    vi.stubGlobal('location', { origin: 'https://app.example.test' });
    try {
      expect(() => new Svc({ secretKey: 'k', fetch, baseUrl: '/api' })).not.toThrow();
      expect(() => new Svc({ secretKey: 'k', fetch, baseUrl: 'api' })).toThrow(TypeError);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the global fetch at call time (so MSW can patch it after construction)', async () => {
    const svc = new Svc({ secretKey: 'k' });
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: subscriber }));
    await expect(svc.subscribers.retrieve('a')).resolves.toEqual(subscriber);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('calls the global fetch unbound, as browsers require (no "Illegal invocation")', async () => {
    const svc = new Svc({ secretKey: 'k' });
    // Browsers throw when `fetch` runs with `this` set to anything but the global object.
    const browserLikeFetch = vi.fn(function (this: unknown) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return Promise.resolve(json({ data: subscriber }));
    });
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(browserLikeFetch as typeof fetch);
    await expect(svc.subscribers.retrieve('a')).resolves.toEqual(subscriber);
    expect(browserLikeFetch).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('sends the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
    const { svc, requests } = clientWith(() => json({ data: subscriber }));
    await svc.subscribers.retrieve('x');
    expect(requests[0]?.headers.get('x-svc-sdk-version')).toBe(VERSION);
  });
});

describe('logging', () => {
  function capture() {
    const lines: string[] = [];
    const write = (message: string, ...rest: unknown[]) => {
      lines.push([message, ...rest.map((item) => JSON.stringify(item))].join(' '));
    };
    return { lines, logger: { error: write, warn: write, info: write, debug: write } };
  }

  it('is off by default', async () => {
    const { lines, logger } = capture();
    const { svc } = clientWith(() => json({ data: subscriber }), { logger });
    await svc.subscribers.retrieve('x');
    expect(lines).toEqual([]);
  });

  it('logs requests and responses at debug, and never the key or credential values', async () => {
    const { lines, logger } = capture();
    const secretIntegration = {
      ...integration,
      credentials: { apiKey: 'SG.topsecret', password: 'hunter2' },
    };
    const { svc } = clientWith(
      (request) =>
        request.method === 'GET'
          ? json({ data: [secretIntegration] })
          : json({ data: { ...subscriber, channels: [] } }),
      { logger, logLevel: 'debug', secretKey: 'sk_live_verysecret' },
    );
    await svc.integrations.list();
    await svc.subscribers.credentials.upsert('user-1', {
      providerId: 'slack',
      credentials: { webhookUrl: 'https://hooks.slack.com/services/T/B/SECRETHOOK' },
    });
    await svc.integrations.create({
      providerId: 'sendgrid',
      channel: 'email',
      credentials: { apiKey: 'SG.another', secretKey: 'shh-secret' },
    });
    const all = lines.join('\n');
    expect(all).toContain('→ GET https://api.example.test/v1/integrations');
    expect(all).toContain('← 200 GET https://api.example.test/v1/integrations');
    expect(all).toContain('[REDACTED]');
    for (const secret of [
      'sk_live_verysecret',
      'SG.topsecret',
      'hunter2',
      'SECRETHOOK',
      'SG.another',
      'shh-secret',
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('logs retries at warn and final failures at error, not debug lines', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { lines, logger } = capture();
    const { svc } = clientWith(
      (_r, index) =>
        index === 0
          ? json({ message: 'boom' }, 503, { 'retry-after-ms': '1' })
          : json({ message: 'nope' }, 404),
      { logger, logLevel: 'warn' },
    );
    await svc.subscribers.retrieve('x').catch(() => undefined);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/retrying GET .* in 1 ms \(attempt 2 of 3\): boom/);
    expect(lines[1]).toMatch(/GET .* failed: nope/);
    vi.restoreAllMocks();
  });
});
