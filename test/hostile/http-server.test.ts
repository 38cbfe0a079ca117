// Issue 13 at the HTTP level: the control API is out of a web page's reach (no CORS, JSON writes
// only, loopback Host, optional token), bodies are refused past their limit while they stream,
// malformed requests are 4xx, and a client that hangs up is one quiet log line.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { type MockServer, startMockServer } from '@svc/api/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: MockServer;
let guarded: MockServer;
const logs: string[] = [];
const TOKEN = 'control-token-for-tests';

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: { subscribers: [{ subscriberId: 'ada' }] },
    log: (line) => logs.push(line),
  });
  guarded = await startMockServer({
    port: 0,
    controlToken: TOKEN,
    allowedHosts: ['mock.internal'],
  });
});
afterAll(async () => {
  await server.close();
  await guarded.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with headers fetch would refuse to set (Host), through node:http. */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, method, path, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Writes raw bytes on a socket and answers the status line the server sends back (or '' when
 * it closes without one). The server may answer and hang up before the whole body is written.
 */
function rawSocket(base: string, bytes: string, endAfterWrite = true): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(bytes, () => {
        if (endAfterWrite) socket.end();
      });
    });
    const done = () => resolve(text.split('\r\n')[0] ?? '');
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\r\n')) {
        socket.destroy();
        done();
      }
    });
    socket.on('close', done);
    socket.on('error', done);
  });
}

describe('hostile: the control API and web pages', () => {
  it('sends no CORS headers and answers no preflight with them', async () => {
    const answer = await raw(server.url, 'GET', '/__svc/environments', {
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await raw(server.url, 'OPTIONS', '/__svc/reset', {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // The API routes keep their CORS, so browser apps work.
    const api = await raw(server.url, 'OPTIONS', '/v2/subscribers/ada', {
      origin: 'https://app.example',
      'access-control-request-method': 'GET',
    });
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a write a page could send without a preflight (text/plain, forms), changing nothing', async () => {
    server.engine.seed({ subscribers: [{ subscriberId: 'kept' }] });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const answer = await raw(
        server.url,
        'POST',
        '/__svc/reset',
        type === undefined ? {} : { 'content-type': type },
        '{}',
      );
      expect(answer.status, String(type)).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 415 });
    }
    expect(server.engine.environments).toHaveLength(2);
    const stillThere = await raw(server.url, 'GET', '/__svc/outbox');
    expect(stillThere.status).toBe(200);
  });

  it('answers only loopback or allowed Host values (DNS rebinding)', async () => {
    const rebound = await raw(server.url, 'GET', '/__svc/environments', {
      host: 'evil.example:4010',
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('apiKey');
    expect(JSON.parse(rebound.body).message).toContain('--allowed-host evil.example');
    for (const host of ['localhost:1', '127.0.0.1:2', '[::1]:3', 'app.localhost']) {
      expect((await raw(server.url, 'GET', '/__svc/clock', { host })).status, host).toBe(200);
    }
    const inspector = await raw(server.url, 'GET', '/__svc/ui', { host: 'evil.example' });
    expect(inspector.status).toBe(403);
    // The API routes answer any Host: they need an API key.
    const api = await raw(server.url, 'GET', '/v2/subscribers/ada', { host: 'evil.example' });
    expect(api.status).toBe(401);
  });

  it('takes an allowed host and requires the control token when one is set', async () => {
    const json = { 'content-type': 'application/json' };
    const without = await raw(guarded.url, 'POST', '/__svc/reset', json, '{}');
    expect(without.status).toBe(401);
    const wrong = await raw(
      guarded.url,
      'POST',
      '/__svc/reset',
      { ...json, 'x-svc-control-token': 'nope' },
      '{}',
    );
    expect(wrong.status).toBe(401);
    const right = await raw(
      guarded.url,
      'POST',
      '/__svc/reset',
      { ...json, 'x-svc-control-token': TOKEN, host: 'mock.internal:4010' },
      '{}',
    );
    expect(right.status).toBe(200);
  });
});

describe('hostile: bodies, malformed requests and aborts', () => {
  it('refuses a declared Content-Length past the limit before reading, unauthenticated or not', async () => {
    const answer = await rawSocket(
      server.url,
      'PATCH /v2/subscribers/ada HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1500000000\r\n\r\n{"a":',
      false,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (401|413) /);
  });

  it('stops reading a chunked body at the limit with a 413', async () => {
    const key = server.engine.environment('Development').apiKey;
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const answer = await rawSocket(
      server.url,
      `PATCH /v2/subscribers/ada HTTP/1.1\r\nHost: localhost\r\nAuthorization: ApiKey ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks.join('')}0\r\n\r\n`,
    );
    expect(answer).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('answers malformed paths with a 4xx', async () => {
    expect(await rawSocket(server.url, 'GET //[bad HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 4\d\d /,
    );
    const controlEscape = await raw(server.url, 'DELETE', '/__svc/faults/%E0%A4%A', {
      'content-type': 'application/json',
    });
    expect(controlEscape.status).toBe(400);
    const apiEscape = await raw(server.url, 'GET', '/v2/subscribers/%E0%A4%A');
    expect(apiEscape.status).toBe(400);
  });

  it('logs a client that hangs up mid-body as one quiet line, and goes on serving', async () => {
    const key = server.engine.environment('Development').apiKey;
    logs.length = 0;
    await rawSocket(
      server.url,
      `PATCH /v2/subscribers/ada HTTP/1.1\r\nHost: localhost\r\nAuthorization: ApiKey ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"firstName":`,
    );
    for (let wait = 0; wait < 50 && !logs.some((line) => line.includes('aborted')); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logs).toEqual([
      expect.stringMatching(/^PATCH \/v2\/subscribers\/ada aborted by the client /),
    ]);
    const next = await raw(server.url, 'GET', '/v2/subscribers/ada', {
      authorization: `ApiKey ${key}`,
    });
    expect(next.status).toBe(200);
  });
});
