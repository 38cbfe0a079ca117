// The fetch adapter: the engine as a standard fetch function, with no msw and no global patching.
import { Svc } from '@svc/api';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

const seed = { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] };

describe('createFetchHandler', () => {
  it('serves the client given as its fetch', async () => {
    const engine = createMockEngine({ seed });
    const svc = new Svc({
      secretKey: engine.environment('Development').apiKey,
      fetch: createFetchHandler(engine),
    });
    const { data, response } = await svc.subscribers.retrieve('user-1').withResponse();
    expect(data.firstName).toBe('Ada');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers on a base URL with a path prefix, as Bun.serve or a worker would host it', async () => {
    const engine = createMockEngine({ seed });
    const handle = createFetchHandler(engine, { baseUrl: 'http://localhost:8787/svc' });
    const key = engine.environment('Development').apiKey;
    const ok = await handle(
      new Request('http://localhost:8787/svc/v2/subscribers/user-1', {
        headers: { authorization: `ApiKey ${key}` },
      }),
    );
    expect(ok.status).toBe(200);
    const elsewhere = await handle(
      new Request('http://localhost:9999/v2/subscribers/user-1', {
        headers: { authorization: `ApiKey ${key}` },
      }),
    );
    expect(elsewhere.status).toBe(404);
  });

  it('answers a wrong path prefix with the 404 that names svc-mock and its docs', async () => {
    const engine = createMockEngine({ seed });
    const svc = new Svc({
      secretKey: engine.environment('Development').apiKey,
      baseUrl: 'https://api.svc.co/v2',
      fetch: createFetchHandler(engine),
      maxRetries: 0,
    });
    await expect(svc.subscribers.retrieve('user-1')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('svc-mock has no such route'),
    });
  });

  it('serves the control API only when asked to', async () => {
    const engine = createMockEngine({ seed });
    const plain = createFetchHandler(engine, { baseUrl: 'http://localhost:8787' });
    expect((await plain(new Request('http://localhost:8787/__svc/clock'))).status).toBe(404);
    const withControl = createFetchHandler(engine, {
      baseUrl: 'http://localhost:8787',
      control: true,
    });
    const clock = await withControl(new Request('http://localhost:8787/__svc/clock'));
    expect(clock.status).toBe(200);
    expect((await clock.json()).data.now).toBe(engine.clock.iso());
  });

  it('answers 413 past the body limit from Content-Length and while reading', async () => {
    const engine = createMockEngine({ seed });
    const handle = createFetchHandler(engine);
    const key = engine.environment('Development').apiKey;
    const response = await handle(
      new Request('https://api.svc.co/v2/subscribers/user-1', {
        method: 'PATCH',
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { blob: 'x'.repeat(110 * 1024) } }),
      }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('request entity too large');
    expect(engine.outbox.list()).toHaveLength(0);
  });

  it('answers a body nested past the limit with a 400 and stores nothing', async () => {
    const engine = createMockEngine({ seed });
    const handle = createFetchHandler(engine);
    const key = engine.environment('Development').apiKey;
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const response = await handle(
      new Request('https://api.svc.co/v2/subscribers/user-1', {
        method: 'PATCH',
        headers: {
          authorization: `ApiKey ${key}`,
          'content-type': 'application/json',
          'idempotency-key': 'deep-1',
        },
        body: `{"data":${deep}}`,
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/nest/);
    const again = await handle(
      new Request('https://api.svc.co/v2/subscribers/user-1', {
        headers: { authorization: `ApiKey ${key}` },
      }),
    );
    expect(again.status).toBe(200);
  });
});
