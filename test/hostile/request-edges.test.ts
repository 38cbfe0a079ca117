// Issue 31 items 9 and 10: a client still writing a body past the limit gets its 413 (the rest
// is read and dropped up to a bound, then the connection closes); every malformed request target
// is a 400; a key named `__proto__` is refused with a 400 that names it, and `constructor` or
// `prototype` are stored as plain keys.
import { connect } from 'node:net';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { type MockServer, startMockServer } from '@svc/api/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_BODY_DRAIN_BYTES } from '../../mock-server/http/node-bridge';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, log: () => {} });
});
afterAll(async () => {
  await server.close();
});

interface Exchange {
  answer: string;
  /** The answer's header lines, lower-cased. */
  headers: string[];
  written: number;
  writeError: string | undefined;
}

/** Sends a head, then `bodyBytes` bytes in 1 MB chunks, waiting for each to drain. */
function sendLargeBody(head: string, bodyBytes: number): Promise<Exchange> {
  const url = new URL(server.url);
  return new Promise((resolve) => {
    let answer = '';
    let written = 0;
    let writeError: string | undefined;
    let finished = false;
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const socket = connect(Number(url.port), url.hostname);
    const done = () => {
      if (finished) return;
      finished = true;
      const [status = '', ...lines] = (answer.split('\r\n\r\n')[0] ?? '').split('\r\n');
      resolve({
        answer: status,
        headers: lines.map((line) => line.toLowerCase()),
        written,
        writeError,
      });
    };
    socket.setEncoding('utf8');
    socket.on('data', (text) => {
      answer += text;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
    });
    socket.on('close', done);
    const writeAll = async () => {
      socket.write(head);
      while (written < bodyBytes && !socket.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bodyBytes - written));
        written += part.length;
        if (!socket.write(part)) await new Promise((next) => socket.once('drain', next));
      }
      socket.end();
    };
    socket.once('connect', () => {
      writeAll().catch((error: Error) => {
        writeError = error.message;
      });
    });
  });
}

describe('hostile: a 413 reaches a client that is still writing', () => {
  it('a 30 MB trigger body gets its 413 and is written to its end without a broken pipe', async () => {
    const key = server.engine.environment('Development').apiKey;
    const size = 30 * 1024 * 1024;
    const exchange = await sendLargeBody(
      `POST /v1/events/trigger HTTP/1.1\r\nHost: localhost\r\nAuthorization: ApiKey ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
    expect(exchange.answer).toBe('HTTP/1.1 413 Payload Too Large');
    expect(exchange.writeError).toBeUndefined();
    expect(exchange.written).toBe(size);
    // The server closes the connection after the drain, and says so: a client with a pool of
    // keep-alive connections must not send its next request on this one.
    expect(exchange.headers).toContain('connection: close');
  });

  it('a client with a connection pool gets its 413 and its next requests answered', async () => {
    const key = server.engine.environment('Development').apiKey;
    const headers = { authorization: `ApiKey ${key}`, 'content-type': 'application/json' };
    const huge = 'y'.repeat(30 * 1024 * 1024);
    for (let round = 0; round < 3; round++) {
      const [refused, ...reads] = await Promise.all([
        fetch(`${server.url}/v1/events/trigger`, { method: 'POST', headers, body: huge }),
        ...Array.from({ length: 4 }, () =>
          fetch(`${server.url}/v2/subscribers?limit=1`, { headers }),
        ),
      ]);
      expect(refused?.status).toBe(413);
      expect(refused?.headers.get('connection')).toBe('close');
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200]);
      await Promise.all([refused, ...reads].map((answer) => answer?.arrayBuffer()));
      const after = await fetch(`${server.url}/v2/subscribers?limit=1`, { headers });
      expect(after.status).toBe(200);
      await after.arrayBuffer();
    }
  });

  it('past the drain bound the connection is cut', async () => {
    const key = server.engine.environment('Development').apiKey;
    const size = REFUSED_BODY_DRAIN_BYTES + 64 * 1024 * 1024;
    const exchange = await sendLargeBody(
      `POST /v1/events/trigger HTTP/1.1\r\nHost: localhost\r\nAuthorization: ApiKey ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
    expect(exchange.answer).toBe('HTTP/1.1 413 Payload Too Large');
    // Cut: the client could not write it all, or its last writes failed.
    expect(exchange.written < size || exchange.writeError !== undefined).toBe(true);
  });
});

describe('hostile: malformed request targets', () => {
  const firstLine = (bytes: string): Promise<string> => {
    const url = new URL(server.url);
    return new Promise((resolve) => {
      let text = '';
      const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        text += chunk;
        if (text.includes('\r\n')) {
          socket.destroy();
          resolve(text.split('\r\n')[0] ?? '');
        }
      });
      socket.on('error', () => resolve(text));
    });
  };

  it.each(['//[bad', '//[::1', '//a:b@[x]/'])('GET %s answers 400', async (target) => {
    expect(await firstLine(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).toBe(
      'HTTP/1.1 400 Bad Request',
    );
  });

  it('a malformed escape in a parameter is the same 400', async () => {
    expect(
      await firstLine('GET /v2/subscribers/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    ).toBe('HTTP/1.1 400 Bad Request');
  });
});

describe('hostile: prototype-named keys', () => {
  const engine = createMockEngine();
  const handle = createFetchHandler(engine);
  const key = engine.environment('Development').apiKey;
  const call = (method: string, path: string, body?: string) =>
    handle(
      new Request(`https://api.svc.co${path}`, {
        method,
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      }),
    );

  it.each([
    '{"subscriberId":"p","data":{"__proto__":{"polluted":true}}}',
    '{"subscriberId":"p","data":{"\\u005f_proto__":{"polluted":true}}}',
  ])('a `__proto__` key is refused with a 400 naming it: %s', async (body) => {
    const response = await call('POST', '/v2/subscribers', body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('data.__proto__');
    expect((await call('GET', '/v2/subscribers/p')).status).toBe(404);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('`constructor` and `prototype` are stored as plain keys', async () => {
    const data = { constructor: { prototype: 1 }, prototype: 'x', ok: 3 };
    const created = await call(
      'POST',
      '/v2/subscribers',
      JSON.stringify({ subscriberId: 'plain', data }),
    );
    expect(created.status).toBe(201);
    const read = await (await call('GET', '/v2/subscribers/plain')).json();
    expect(read.data.data).toEqual(data);
  });

  it('in-process calls and seeds are refused the same way', () => {
    const body = JSON.parse('{"subscriberId":"q","data":{"__proto__":1}}');
    expect(() =>
      engine.operations['subscribers.create'](engine.scope('Development'), { body }),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(() =>
      engine.seed(JSON.parse('{"subscribers":[{"subscriberId":"s","data":{"__proto__":1}}]}')),
    ).toThrow(/__proto__/);
  });
});
