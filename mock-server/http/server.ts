import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CONTROL_PREFIX,
  type ControlDataDirectory,
  type ControlRoute,
  createControlRouter,
} from '../control/control-router';
import { defaultControlRoutes } from '../control/control-routes';
import { createSnapshotStore, type SnapshotStore } from '../control/snapshot-store';
import { demoSeed } from '../demo-seed';
import { syncBridge, watchBridge } from '../engine/bridge/bridge-watch';
import { createMockEngine, type MockEngine, type MockEngineOptions } from '../engine/engine';
import { inspectorControlRoutes } from '../inspector/control-routes';
import { firstFrameAnswers } from '../inspector/first-frame';
import { type InspectorServeOptions, serveInspector } from '../inspector/serve';
import type { MistakeHints } from '../pipeline/mistake-hints';
import { ABORTED, createPipeline } from '../pipeline/pipeline';
import { engineInboxSocket } from '../realtime/engine-inbox-socket';
import { createInboxSocketServer, type InboxSocketOptions } from '../realtime/inbox-socket';
import { corsHeaders, preflightHeaders } from './cors';
import { fromIncoming, sendResponse } from './node-bridge';
import { followWallClock } from './wall-clock';

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
  /**
   * When set, control requests (and the inspector's event stream) must send it in
   * `x-svc-control-token` (docs/security.md).
   */
  controlToken?: string;
  /**
   * `Host` names (without port) the control API and the inspector answer besides loopback ones
   * and the address the server binds (docs/security.md). The API routes answer any `Host`.
   */
  allowedHosts?: readonly string[];
  /** Serve the inspector at `/__svc/ui` (docs/inspector.md); needs `control`. Default true. */
  inspector?: boolean;
  /**
   * `'real'`: the engine's clock follows the wall clock, and delays and digests run on their own
   * when they fall due; a new engine then keeps its clock on reset. `'virtual'` (default here;
   * the `svc-mock` CLI defaults to `'real'`): the clock stands still until moved through the
   * control API or the engine. See docs/http-server.md#time.
   */
  clock?: 'real' | 'virtual';
  /**
   * Where lines that say how to fix a mistake go (an unknown workflow, a wrong API key), once per
   * cause, beside the service's answer. Default none; the `svc-mock` bin prints them.
   */
  hints?: MistakeHints | false;
  /**
   * The Inbox's real-time socket (socket.io) at `/socket.io/` on the same port, for the service's
   * Inbox client with `socketUrl` set to the server's URL (docs/inbox.md#real-time). On by
   * default: a token is a session of `POST /v1/inbox/session` and the changes are the engine's
   * (`engineInboxSocket(engine)`); each option given replaces its default (`limits` the caps).
   * `false` turns the socket off.
   */
  inboxSocket?: Partial<InboxSocketOptions> | false;
  /**
   * The data directory the engine is kept in (`svc-mock --data`, docs/http-server.md#keeping-data):
   * saved after each control request that changes the engine, and shown by `GET /__svc/data`.
   */
  data?: ControlDataDirectory;
  /** Where control API snapshots are kept (default: in memory, at most 10). */
  snapshots?: SnapshotStore;
  /**
   * An app's bridge endpoint (`@novu/framework`) to sync into Development once the server
   * listens (docs/code-first.md); a sync that fails is logged and the server starts anyway.
   */
  bridgeUrl?: string;
  /**
   * Poll the Development environment's bridge every this many ms and re-sync when its discover
   * answer changes (a workflow edited in the app shows without a restart). Default: no poll.
   */
  bridgePollMs?: number;
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
    ...(options.deterministic === undefined ? {} : { deterministic: options.deterministic }),
    // Real time does not go back: reset keeps the clock unless told otherwise.
    keepClockOnReset: options.keepClockOnReset ?? options.clock === 'real',
    ...(options.bridge === undefined ? {} : { bridge: options.bridge }),
    ...(options.apiKeys === undefined ? {} : { apiKeys: options.apiKeys }),
  });
}

/** The options given, without the ones left `undefined` (those keep their defaults). */
function withoutUndefined<T extends object>(options: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(options ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

const isControlPath = (target: string) =>
  target === CONTROL_PREFIX ||
  target.startsWith(`${CONTROL_PREFIX}/`) ||
  target.startsWith(`${CONTROL_PREFIX}?`);

/**
 * Serves an engine over real HTTP (node:http) through the request pipeline the in-process
 * adapters use, with CORS on the API routes for browser apps and the control API under
 * `/__svc/` (no CORS; loopback `Host` only unless allowed; see docs/http-server.md and
 * docs/security.md). Needs no msw.
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
  const pipeline = createPipeline(engine, options.hints ? { hints: options.hints } : {});
  const wallClock = options.clock === 'real' ? followWallClock(engine.clock) : undefined;
  // Filled in once the server is bound: its own address is an allowed Host too.
  const allowedHosts = [...(options.allowedHosts ?? [])];
  const inspector: InspectorServeOptions | undefined =
    options.control === false || options.inspector === false
      ? undefined
      : { engine, controlToken: options.controlToken, allowedHosts };
  const control =
    options.control === false
      ? undefined
      : createControlRouter(
          [
            ...defaultControlRoutes,
            ...(inspector ? inspectorControlRoutes : []),
            ...(options.controlRoutes ?? []),
          ],
          {
            engine,
            snapshots: options.snapshots ?? createSnapshotStore(),
            ...(options.data ? { data: options.data } : {}),
          },
          { token: options.controlToken, allowedHosts },
        );
  if (inspector && control) inspector.firstFrame = () => firstFrameAnswers(control);
  const log = options.log;
  const inboxSocket =
    options.inboxSocket === false
      ? undefined
      : createInboxSocketServer({
          ...engineInboxSocket(engine),
          ...withoutUndefined(options.inboxSocket),
        });

  const server = createServer(async (req, res) => {
    // Every answer (timestamps, due delays and digests) reflects the time of the request.
    wallClock?.sync();
    if (inboxSocket?.handleRequest(req, res)) return;
    if (inspector && serveInspector(req, res, inspector)) return;
    const started = log ? performance.now() : 0;
    let outcome = '500';
    try {
      const request = fromIncoming(req, res);
      const forControl = control !== undefined && isControlPath(request.target);
      if (req.method === 'OPTIONS') {
        // The control API answers no preflight: a web page cannot call it.
        outcome = '204';
        res.writeHead(
          204,
          forControl ? {} : preflightHeaders(req.headers['access-control-request-headers']),
        );
        res.end();
        return;
      }
      const response = forControl
        ? ((await control(request)) ?? pipeline.notFound(request))
        : ((await pipeline.handle(request)) ?? pipeline.notFound(request));
      if (response === ABORTED) outcome = 'aborted by the client';
      else outcome = response.kind === 'response' ? String(response.status) : 'network error';
      sendResponse(res, response, forControl ? {} : corsHeaders());
    } catch (error) {
      // The pipeline and the control router answer their own failures; this is a last resort
      // that never throws.
      outcome = '500';
      console.error('[svc-mock] unexpected error:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ statusCode: 500, message: 'Internal server error' }));
      } else {
        res.destroy();
      }
    } finally {
      log?.(`${req.method} ${req.url} ${outcome} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });

  if (inboxSocket) {
    server.on('upgrade', (req, socket, head) => {
      wallClock?.sync();
      if (!inboxSocket.handleUpgrade(req, socket, head)) socket.destroy();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      wallClock?.stop();
      reject(error);
    });
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${reachableHost(address)}:${address.port}`;
  allowedHosts.push(new URL(origin).hostname);

  if (options.bridgeUrl !== undefined) {
    const answer = await syncBridge(engine, { bridgeUrl: options.bridgeUrl });
    const body = answer.body as { data?: { workflowId: string }[]; message?: string };
    (options.log ?? ((line: string) => console.warn(line)))(
      answer.status === 201
        ? `bridge ${options.bridgeUrl}: synced ${(body.data ?? []).map((w) => w.workflowId).join(', ') || 'no workflows'}`
        : `bridge ${options.bridgeUrl}: sync failed (${answer.status}): ${body.message ?? ''}`,
    );
  }
  const watch =
    options.bridgePollMs === undefined
      ? undefined
      : watchBridge(engine, {
          intervalMs: options.bridgePollMs,
          onSync: (answer) =>
            options.log?.(`bridge re-synced after a change of its workflows (${answer.status})`),
        });

  let closing: Promise<void> | undefined;
  return {
    url: origin,
    engine,
    close: () => {
      wallClock?.stop();
      watch?.stop();
      closing ??= (async () => {
        // Upgraded sockets are no longer the HTTP server's connections: closed first, apart.
        await inboxSocket?.close();
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
