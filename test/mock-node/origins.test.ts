// The msw handlers answer the service's hosts and the given baseUrl only, on real routes: a
// misconfigured client fails in mock mode as it would against the service.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

describe('origin pinning', () => {
  const mock = setupSvcMock({
    seed: { subscribers: [{ subscriberId: 'user-1' }] },
    hooks: { beforeAll, afterEach, afterAll },
    onUnhandledRequest: 'warn',
  });

  it('answers the EU host as the client resolves it', async () => {
    const svc = mock.client('Development', { region: 'eu', baseUrl: undefined as never });
    expect((await svc.subscribers.retrieve('user-1')).subscriberId).toBe('user-1');
  });

  it('leaves a wrong path prefix and other origins unhandled', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const prefixed = mock.client('Development', {
      baseUrl: 'https://api.svc.co/v2',
      maxRetries: 0,
    });
    await expect(prefixed.subscribers.retrieve('user-1')).rejects.toBeDefined();
    const other = mock.client('Development', { baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    await expect(other.subscribers.retrieve('user-1')).rejects.toBeDefined();
    expect(mock.unhandledRequests).toEqual([
      'GET https://api.svc.co/v2/v2/subscribers/user-1',
      'GET http://127.0.0.1:9/v2/subscribers/user-1',
    ]);
  });

  it('exposes the engine as a fetch function that needs no msw', async () => {
    const response = await mock.fetch(
      new Request('https://api.svc.co/v2/subscribers/user-1', {
        headers: { authorization: `ApiKey ${mock.engine.environment('Development').apiKey}` },
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe('without msw installed', () => {
  afterEach(() => {
    vi.doUnmock('msw');
    vi.doUnmock('msw/node');
    vi.resetModules();
  });

  it('imports, serves fetch, and intercepts with the built-in fetch interceptor', async () => {
    const missing = () => {
      throw Object.assign(new Error("Cannot find package 'msw'"), { code: 'ERR_MODULE_NOT_FOUND' });
    };
    vi.doMock('msw', missing);
    vi.doMock('msw/node', missing);
    vi.resetModules();
    const { setupSvcMock: setup } = await import('../../mock-server/node');
    const mock = setup({ hooks: false, seed: { subscribers: [{ subscriberId: 'u1' }] } });
    const key = mock.engine.environment('Development').apiKey;
    const response = await mock.fetch(
      new Request('https://api.svc.co/v2/subscribers/u1', {
        headers: { authorization: `ApiKey ${key}` },
      }),
    );
    expect(response.status).toBe(200);
    await mock.listen();
    try {
      expect((await mock.client().subscribers.retrieve('u1')).subscriberId).toBe('u1');
      expect(() => mock.server).toThrow('msw did not load');
    } finally {
      mock.close();
    }
    const strict = setup({ hooks: false, interceptor: 'msw' });
    await expect(strict.listen()).rejects.toThrow('npm install -D msw');
  });
});
