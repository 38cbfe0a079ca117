import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reminderSeed } from '../engine/helpers';

let server: Awaited<ReturnType<typeof startMockServer>>;
const lines: string[] = [];

beforeAll(async () => {
  server = await startMockServer({ port: 0, log: (line) => lines.push(line) });
});
afterAll(() => server.close());

it('close() can be called twice', async () => {
  const other = await startMockServer({ port: 0 });
  await Promise.all([other.close(), other.close()]);
  await expect(fetch(`${other.url}/__svc/clock`)).rejects.toThrow();
});

describe('HTTP mock server', () => {
  it('serves a demo subscriber with the printed key, in {data}', async () => {
    const key = server.engine.environment('Development').apiKey;
    const response = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { subscriberId: string } };
    expect(body.data.subscriberId).toBe('demo-ada');
    expect(lines.some((line) => /^GET \/v2\/subscribers\/demo-ada 200 \d/.test(line))).toBe(true);
  });

  it('answers a wrong key with 401 and the service error body', async () => {
    const response = await fetch(`${server.url}/v2/subscribers/demo-ada?x=1`, {
      headers: { authorization: 'ApiKey wrong' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'Unauthorized',
      statusCode: 401,
      timestamp: expect.any(String),
      path: '/v2/subscribers/demo-ada?x=1',
      message: 'API Key not found',
      ctx: { error: 'Unauthorized', statusCode: 401 },
    });
  });

  it('answers an unknown route with 404 in the service shape', async () => {
    const response = await fetch(`${server.url}/v9/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      statusCode: 404,
      message: expect.stringContaining('Cannot GET /v9/nothing: svc-mock has no such route'),
    });
  });

  it('answers CORS preflight', async () => {
    const response = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('allows whatever headers a preflight asks for (custom client headers)', async () => {
    const response = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-tenant',
      },
    });
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-tenant');
  });

  it('lets browsers read answers and the service headers, errors included', async () => {
    const response = await fetch(`${server.url}/v2/subscribers/nobody`, {
      headers: {
        origin: 'http://localhost:5173',
        authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('idempotency-replay');
  });

  it('logs one line per request: method, path, status, milliseconds', async () => {
    lines.length = 0;
    await (await fetch(`${server.url}/v9/logged?x=1`, { method: 'DELETE' })).arrayBuffer();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DELETE \/v9\/logged\?x=1 404 \d+\.\dms$/);
  });

  it('starts on demo data with a wall-clock engine clock', () => {
    expect(server.engine.clock.now()).toBeGreaterThan(Date.parse('2026-01-01T00:00:00.000Z'));
    expect(() => server.engine.environment('Development')).not.toThrow();
  });
});

describe('HTTP mock server: time (docs/http-server.md#time)', () => {
  const reminder = reminderSeed(1, 'seconds');
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("clock: 'real' runs a due delay on its own, with no request after the trigger", async () => {
    const real = await startMockServer({ port: 0, clock: 'real', seed: reminder });
    try {
      const response = await fetch(`${real.url}/v1/events/trigger`, {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${real.engine.environment('Development').apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'reminder', to: 'ada' }),
      });
      expect(response.status).toBe(201);
      await vi.waitFor(() => expect(real.engine.outbox.count()).toBe(1), { timeout: 15_000 });
      expect(real.engine.outbox.last()?.content).toBe('Still there?');
    } finally {
      await real.close();
    }
  });

  it("clock: 'real' moves the clock to the time of each request, and reset keeps it", async () => {
    const real = await startMockServer({ port: 0, clock: 'real' });
    try {
      const before = real.engine.clock.now();
      await pause(20);
      await fetch(`${real.url}/__svc/reset`, { method: 'POST' });
      expect(real.engine.clock.now()).toBeGreaterThan(before);
    } finally {
      await real.close();
    }
  });

  it('the virtual clock (the default here) stands still between requests', async () => {
    const before = server.engine.clock.now();
    await pause(20);
    await (await fetch(`${server.url}/__svc/clock`)).arrayBuffer();
    expect(server.engine.clock.now()).toBe(before);
  });
});
