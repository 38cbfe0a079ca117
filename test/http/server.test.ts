import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
const lines: string[] = [];

beforeAll(async () => {
  server = await startMockServer({ port: 0, log: (line) => lines.push(line) });
});
afterAll(() => server.close());

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
      message: 'Cannot GET /v9/nothing',
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
  });
});
