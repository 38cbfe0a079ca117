// setupSvcMock in an app's own test suite: the test calls the app's server on 127.0.0.1 (as
// supertest does) and the app calls the service. Only requests meant for the service that no
// route answers are reported; the app's own traffic goes through. The same rules hold with msw
// and with the built-in fetch interceptor.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Svc } from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let app: Server;
let appUrl: string;
/** The API key the app's own client uses (set per test from the mock's engine). */
let appKey = '';

beforeAll(async () => {
  // The app: POST /signup creates the subscriber through its own client, GET /health answers.
  app = createServer((request, response) => {
    if (request.url === '/signup') {
      const svc = new Svc({ secretKey: appKey, maxRetries: 0 });
      const signUp = async () => {
        try {
          const subscriber = await svc.subscribers.create({ subscriberId: 'ada' });
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id: subscriber.subscriberId }));
        } catch (error) {
          response.writeHead(502);
          response.end((error as Error).message);
        }
      };
      void signUp();
      return;
    }
    response.writeHead(200);
    response.end('ok');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(['msw', 'fetch'] as const)('with the %s interceptor', (interceptor) => {
  it("lets the app's own requests through and answers the app's calls to the service", async () => {
    const mock = setupSvcMock({ hooks: false, interceptor });
    appKey = mock.engine.environment('Development').apiKey;
    await mock.listen();
    try {
      const signup = await fetch(`${appUrl}/signup`, { method: 'POST' });
      expect(signup.status).toBe(201);
      expect(await signup.json()).toEqual({ id: 'ada' });
      expect((await mock.client().subscribers.retrieve('ada')).subscriberId).toBe('ada');
      expect(mock.unhandledRequests).toEqual([]);
      expect(() => mock.reset()).not.toThrow();
    } finally {
      mock.close();
    }
  });

  it('fails requests meant for the service that no route answers, and says how to fix each', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const mock = setupSvcMock({ hooks: false, interceptor });
    await mock.listen();
    try {
      const noRoute = mock.client('Development', {
        baseUrl: 'https://api.svc.co/v2',
        maxRetries: 0,
      });
      await expect(noRoute.subscribers.retrieve('ada')).rejects.toThrow();
      const typo = mock.client('Development', { baseUrl: 'https://apii.svc.co', maxRetries: 0 });
      await expect(typo.subscribers.retrieve('ada')).rejects.toThrow();
      // A client with the mock's key pointed at a host the mock does not answer.
      const elsewhere = mock.client('Development', { baseUrl: appUrl, maxRetries: 0 });
      await expect(elsewhere.subscribers.retrieve('ada')).rejects.toThrow();
      expect(mock.unhandledRequests).toEqual([
        'GET https://api.svc.co/v2/v2/subscribers/ada',
        'GET https://apii.svc.co/v2/subscribers/ada',
        `GET ${appUrl}/v2/subscribers/ada`,
      ]);
      let thrown: unknown;
      try {
        mock.reset();
      } catch (caught) {
        thrown = caught;
      }
      const message = (thrown as Error).message;
      expect(message).toContain('3 request(s) meant for the service had no mock handler');
      expect(message).toContain('a baseUrl ending in /v1 or /v2 doubles the version');
      expect(message).toContain('under the service domain but is not one it serves');
      expect(message).toContain('carries this mock’s API key');
      expect(message).not.toContain('Point the client at the mock');
      if (interceptor === 'msw') expect(error).toHaveBeenCalled();
    } finally {
      mock.close();
    }
  });

  it("warns with 'warn' and lets the request through", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mock = setupSvcMock({ hooks: false, interceptor, onUnhandledRequest: 'warn' });
    await mock.listen();
    try {
      const key = mock.engine.environment('Development').apiKey;
      const response = await fetch(`${appUrl}/v2/elsewhere`, {
        headers: { authorization: `ApiKey ${key}` },
      });
      expect(response.status).toBe(200);
      expect(String(warn.mock.calls[0]?.[0])).toContain(`GET ${appUrl}/v2/elsewhere`);
      expect(() => mock.reset()).not.toThrow();
    } finally {
      mock.close();
    }
  });

  it('takes a function that decides for every unhandled request, as msw does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const mock = setupSvcMock({
      hooks: false,
      interceptor,
      onUnhandledRequest: (request, print) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        if (new URL(request.url).pathname === '/private') print.error();
      },
    });
    await mock.listen();
    try {
      expect((await fetch(`${appUrl}/health`)).status).toBe(200);
      await expect(fetch(`${appUrl}/private`)).rejects.toThrow();
      expect(seen).toEqual(['GET /health', 'GET /private']);
      expect(mock.unhandledRequests).toEqual([`GET ${appUrl}/private`]);
      expect(() => mock.reset()).toThrow('your onUnhandledRequest callback called error()');
    } finally {
      mock.close();
    }
  });
});

describe('the built-in fetch interceptor', () => {
  it('replaces the global fetch while listening and puts the original back on close', async () => {
    const original = globalThis.fetch;
    const mock = setupSvcMock({ hooks: false, interceptor: 'fetch' });
    await mock.listen();
    expect(globalThis.fetch).not.toBe(original);
    expect(() => mock.server).toThrow("interceptor: 'fetch'");
    mock.close();
    expect(globalThis.fetch).toBe(original);
  });

  it('answers a request body and the service error shape, as msw does', async () => {
    const mock = setupSvcMock({ hooks: false, interceptor: 'fetch' });
    await mock.listen();
    try {
      const key = mock.engine.environment('Development').apiKey;
      const response = await fetch('https://api.svc.co/v2/subscribers', {
        method: 'POST',
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subscriberId: 'grace', firstName: 'Grace' }),
      });
      expect(response.status).toBe(201);
      const missing = await fetch('https://api.svc.co/v2/subscribers/nobody', {
        headers: { authorization: `ApiKey ${key}` },
      });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { statusCode: number }).statusCode).toBe(404);
    } finally {
      mock.close();
    }
  });
});
