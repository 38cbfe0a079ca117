import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { demoSeed } from '../demo-seed';
import { createMockEngine, type MockEngine, type MockEngineOptions } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';
import { createHandlers } from '../handlers/index';
import { errorResponse } from '../handlers/respond';
import { inspectorControlRoutes } from '../inspector/control-routes';
import { type InspectorServeContext, serveInspector } from '../inspector/serve';
import { type ControlRoute, createControlRouter } from './control-router';
import { defaultControlRoutes } from './control-routes';
import { corsHeaders, preflightHeaders } from './cors';
import { sendFetchResponse, toFetchRequest } from './node-bridge';
import { createSnapshotStore } from './snapshot-store';

/**
 * Options of {@link startMockServer}.
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 0, log: console.log });
 * ```
 */
export interface MockServerOptions extends MockEngineOptions {
  /** Port; `0` picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /**
   * An existing engine to serve (the engine options are then ignored). Without it, a new engine
   * starts with `seed` (default: the demo data) and its clock at the wall-clock time.
   */
  engine?: MockEngine;
  /** Where request log lines go (`GET /v2/subscribers/x 200 1.3ms`); default none. */
  log?: (line: string) => void;
  /** Serve the control API under `/__svc/`. Default true. */
  control?: boolean;
  /** More control routes, after the built-in ones. */
  controlRoutes?: readonly ControlRoute[];
  /** Serve the inspector at `/__svc/ui` (docs/inspector.md); needs `control`. Default true. */
  inspector?: boolean;
}

/**
 * A running mock server.
 *
 * @example
 * ```ts
 * const { url, engine, close } = await startMockServer({ port: 0 });
 * ```
 */
export interface MockServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The engine behind it. */
  engine: MockEngine;
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

// A wildcard bind (0.0.0.0, ::) is reached through loopback; the URL must be one a client can call.
function reachableHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

function engineFrom(options: MockServerOptions): MockEngine {
  if (options.engine) return options.engine;
  return createMockEngine({
    seed: options.seed ?? demoSeed,
    clockStart: options.clockStart ?? 'real',
    ...(options.randomSeed === undefined ? {} : { randomSeed: options.randomSeed }),
  });
}

/**
 * Serves an engine over real HTTP (node:http), through the same MSW handlers the in-process
 * mock uses (MSW's `getResponse`), with CORS for browser apps and the control API under
 * `/__svc/` (see docs/http-server.md).
 *
 * @example
 * ```ts
 * import { startMockServer } from '@svc/api/mock/node';
 * const server = await startMockServer({ port: 0 });
 * const key = server.engine.environment('Development').apiKey;
 * const res = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
 *   headers: { authorization: `ApiKey ${key}` },
 * });
 * await server.close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const engine = engineFrom(options);
  const handlers = createHandlers(engine);
  const inspector: InspectorServeContext | undefined =
    options.control === false || options.inspector === false ? undefined : { engine };
  const control =
    options.control === false
      ? undefined
      : createControlRouter(
          [
            ...defaultControlRoutes,
            ...(inspector ? inspectorControlRoutes : []),
            ...(options.controlRoutes ?? []),
          ],
          { engine, snapshots: createSnapshotStore() },
        );
  const log = options.log;
  let origin = '';

  async function answer(request: Request): Promise<Response> {
    const controlResponse = await control?.(request);
    if (controlResponse) return controlResponse;
    const response = await getResponse(handlers, request);
    if (response) return response;
    const url = new URL(request.url);
    return errorResponse(
      ServiceError.http(404, `Cannot ${request.method} ${url.pathname}`),
      url.pathname + url.search,
      engine.clock.iso(),
      () => crypto.randomUUID(),
      () => {},
    );
  }

  const server = createServer(async (req, res) => {
    if (inspector && serveInspector(req, res, inspector)) return;
    const started = performance.now();
    let status = 500;
    try {
      if (req.method === 'OPTIONS') {
        status = 204;
        res.writeHead(204, preflightHeaders(req.headers['access-control-request-headers']));
        res.end();
        return;
      }
      const response = await answer(await toFetchRequest(req, origin));
      if (response.type === 'error') {
        // An injected network error (`Response.error()`): drop the connection, no answer.
        status = 0;
        res.destroy();
        return;
      }
      status = response.status;
      await sendFetchResponse(res, response, corsHeaders());
    } catch (error) {
      // Only a bug of the server itself lands here: handlers and control routes answer theirs.
      status = 500;
      const response = errorResponse(
        error,
        req.url ?? '/',
        engine.clock.iso(),
        () => crypto.randomUUID(),
        (bug, errorId) => console.error(`[svc-mock] errorId ${errorId}:`, bug),
      );
      if (!res.headersSent) await sendFetchResponse(res, response, corsHeaders());
      else res.destroy();
    } finally {
      log?.(`${req.method} ${req.url} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${reachableHost(address)}:${address.port}`;
  if (inspector) inspector.allowedHosts = [new URL(origin).host];

  let closing: Promise<void> | undefined;
  return {
    url: origin,
    engine,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
