// setupSvcMock driven by hand (hooks: false), global hook detection, and unhandled requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// A real loopback server: it answers 418 to anything that gets past the mock.
let realServer: Server;
let realUrl: string;
beforeAll(async () => {
  realServer = createServer((_req, res) => {
    res.writeHead(418, { 'content-type': 'application/json' });
    res.end('{"real":true}');
  });
  await new Promise<void>((resolve) => realServer.listen(0, '127.0.0.1', resolve));
  realUrl = `http://127.0.0.1:${(realServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => realServer.close(() => resolve())));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function statusOf(url: string, key = 'none'): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `ApiKey ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('setupSvcMock driven by its returned functions', () => {
  it('listen intercepts, reset restores the seed, close stops intercepting', async () => {
    const mock = setupSvcMock({
      seed: { subscribers: [{ subscriberId: 'u1' }] },
      hooks: false,
      baseUrl: realUrl,
    });
    const key = mock.engine.environment('Development').apiKey;
    const url = (id: string) => `${realUrl}/v2/subscribers/${id}`;
    expect(await statusOf(url('u1'), key)).toBe(418);

    await mock.listen();
    try {
      expect(await statusOf(url('u1'), key)).toBe(200);
      mock.engine.seed({ subscribers: [{ subscriberId: 'u2' }] });
      expect(await statusOf(url('u2'), key)).toBe(200);
      mock.reset();
      expect(await statusOf(url('u2'), key)).toBe(404);
      expect(await statusOf(url('u1'), key)).toBe(200);
    } finally {
      mock.close();
    }
    expect(await statusOf(url('u1'), key)).toBe(418);
  });

  it('client(environment) authenticates as that environment', async () => {
    const mock = setupSvcMock({
      seed: { environment: 'Production', subscribers: [{ subscriberId: 'prod-user' }] },
      hooks: false,
    });
    await mock.listen();
    try {
      const prod = await mock.client('Production').subscribers.retrieve('prod-user');
      expect(prod.subscriberId).toBe('prod-user');
      await expect(mock.client().subscribers.retrieve('prod-user')).rejects.toMatchObject({
        status: 404,
      });
    } finally {
      mock.close();
    }
  });
});

describe('setupSvcMock hook detection', () => {
  it('registers listen/reset/close on global hooks when they exist (jest, vitest globals)', async () => {
    const registered: Record<string, () => unknown> = {};
    for (const name of ['beforeAll', 'afterEach', 'afterAll']) {
      vi.stubGlobal(name, (fn: () => unknown) => {
        registered[name] = fn;
      });
    }
    const mock = setupSvcMock({
      seed: { subscribers: [{ subscriberId: 'g1' }] },
      baseUrl: realUrl,
    });
    expect(Object.keys(registered).sort()).toEqual(['afterAll', 'afterEach', 'beforeAll']);
    const key = mock.engine.environment('Development').apiKey;

    await registered['beforeAll']?.();
    try {
      expect(await statusOf(`${realUrl}/v2/subscribers/g1`, key)).toBe(200);
      mock.engine.seed({ subscribers: [{ subscriberId: 'g2' }] });
      registered['afterEach']?.();
      expect(await statusOf(`${realUrl}/v2/subscribers/g2`, key)).toBe(404);
    } finally {
      registered['afterAll']?.();
    }
    expect(await statusOf(`${realUrl}/v2/subscribers/g1`, key)).toBe(418);
  });

  it('warns under vitest without globals or hooks, and not with hooks: false', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setupSvcMock();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('hooks: { beforeAll, afterEach, afterAll }');
    setupSvcMock({ hooks: false });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('setupSvcMock and unhandled requests', () => {
  it('fails a request to its baseUrl on no route, then makes reset() throw naming it (once)', async () => {
    const mock = setupSvcMock({ hooks: false, baseUrl: realUrl });
    vi.spyOn(console, 'error').mockImplementation(() => {}); // MSW prints its own error too
    await mock.listen();
    try {
      await expect(fetch(`${realUrl}/v1/not-mocked?x=1`)).rejects.toThrow();
      expect(mock.unhandledRequests).toEqual([`GET ${realUrl}/v1/not-mocked?x=1`]);
      expect(() => mock.reset()).toThrow(
        `[svc-mock] 1 request(s) meant for the service had no mock handler:\n  GET ${realUrl}/v1/not-mocked?x=1 (no route of the service has this method and path`,
      );
      expect(mock.unhandledRequests).toEqual([]);
      expect(() => mock.reset()).not.toThrow();
    } finally {
      mock.close();
    }
  });

  it("lets unhandled requests through with onUnhandledRequest: 'bypass', without failing", async () => {
    const mock = setupSvcMock({ hooks: false, baseUrl: realUrl, onUnhandledRequest: 'bypass' });
    await mock.listen();
    try {
      expect(await statusOf(`${realUrl}/v1/not-mocked`)).toBe(418);
      expect(() => mock.reset()).not.toThrow();
    } finally {
      mock.close();
    }
  });
});
