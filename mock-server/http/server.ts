import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { demoSeed } from '../demo-seed';
import { createMockEngine, type MockEngine, type MockEngineOptions } from '../engine/engine';
import { ServiceError } from '../engine/service-error';
import { createHandlers } from '../handlers/index';
import { errorBody } from '../handlers/respond';

/**
 * Options of {@link startMockServer}.
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 0 });
 * ```
 */
export interface MockServerOptions extends MockEngineOptions {
  /** Port; `0` picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** An existing engine to serve (its options above are then ignored). */
  engine?: MockEngine;
  /** Where request log lines go; default none. */
  log?: (line: string) => void;
}

/** A running mock server. */
export interface MockServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The engine behind it. */
  engine: MockEngine;
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, idempotency-key, accept, x-request-id',
  'access-control-expose-headers':
    'idempotency-key, idempotency-replay, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy, x-request-id',
  'access-control-max-age': '86400',
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves an engine over real HTTP (node:http), through the same MSW handlers the in-process
 * mock uses (MSW's `getResponse`), with CORS for browser apps.
 *
 * @example
 * ```ts
 * import { startMockServer } from '@svc/api/mock';
 * const server = await startMockServer({ port: 0 });
 * const key = server.engine.environment('Development').apiKey;
 * const res = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
 *   headers: { authorization: `ApiKey ${key}` },
 * });
 * await server.close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const engine =
    options.engine ?? createMockEngine({ seed: demoSeed, clockStart: 'real', ...options });
  const handlers = createHandlers(engine);
  const host = options.host ?? '127.0.0.1';
  const log = options.log;
  let origin = '';

  const server = createServer(async (req, res) => {
    const started = performance.now();
    let status = 500;
    try {
      if (req.method === 'OPTIONS') {
        status = 204;
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      const request = toRequest(req, await readBody(req), origin);
      const response = await getResponse(handlers, request);
      if (response) {
        status = response.status;
        await send(res, response);
        return;
      }
      const url = new URL(request.url);
      const notFound = ServiceError.http(404, `Cannot ${request.method} ${url.pathname}`);
      status = 404;
      await send(
        res,
        Response.json(errorBody(notFound, url.pathname + url.search, engine.clock.iso()), {
          status: 404,
        }),
      );
    } catch (error) {
      status = 500;
      const bug = new ServiceError(
        500,
        'Internal server error, contact support and provide them with the errorId',
        { extra: { errorId: crypto.randomUUID() } },
      );
      console.error('[svc-mock]', error);
      if (!res.headersSent) {
        await send(
          res,
          Response.json(errorBody(bug, req.url ?? '/', engine.clock.iso()), { status: 500 }),
        );
      }
    } finally {
      log?.(`${req.method} ${req.url} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${urlHost}:${address.port}`;

  return {
    url: origin,
    engine,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
