/**
 * Serves the inspector over node:http: the page at `/__svc/ui`, its script and stylesheet, and
 * the engine's events as server-sent events at `/__svc/ui/events`. The page reads everything
 * else through the control API (`inspectorControlRoutes` and the default routes). See
 * docs/inspector.md.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTROL_TOKEN_HEADER, hostName, isLoopbackHost } from '../control/control-router';
import type { MockEngine } from '../engine/engine';
import { createEventStreams, EVENT_STREAM_LIMITS, type EventStreams } from './event-streams';
import { firstFrameScript } from './first-frame';

/**
 * Where the inspector lives on the HTTP server.
 *
 * @example
 * ```ts
 * console.log(`inspector: ${server.url}${INSPECTOR_PATH}`);
 * ```
 */
export const INSPECTOR_PATH = '/__svc/ui';

/**
 * What {@link serveInspector} needs.
 *
 * @example
 * ```ts
 * const context: InspectorServeOptions = { engine, allowedHosts: ['mock.internal:4010'] };
 * ```
 */
export interface InspectorServeOptions {
  engine: MockEngine;
  /** When set, the event stream needs it in the `x-svc-control-token` header. */
  controlToken?: string | undefined;
  /**
   * `Host` values answered besides loopback ones (`localhost`, `127.0.0.1`, `[::1]`, any
   * port), so a page on another site cannot reach the inspector through DNS rebinding.
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * The control answers the page's default view reads first (`firstFrameAnswers`), put in the
   * page so its first paint shows data. Left out when a control token is set: the page holds no
   * data before the token is given.
   */
  firstFrame?: (() => Promise<Record<string, unknown>>) | undefined;
}

const HEARTBEAT_MS = 15_000;

const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; " +
    "img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const page = (answers: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>svc-mock inspector</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${INSPECTOR_PATH}/app.css" />
  </head>
  <body>
    <div id="app"><p>Loading the inspector…</p></div>${answers}
    <noscript>The inspector needs JavaScript; the control API (/__svc) answers without it.</noscript>
    <script type="module" src="${INSPECTOR_PATH}/app.js"></script>
  </body>
</html>
`;

function hostAllowed(host: string | undefined, allowed: readonly string[] = []): boolean {
  if (host === undefined) return false;
  return isLoopbackHost(host) || allowed.includes(hostName(host));
}

function tokenAccepted(sent: string | string[] | undefined, expected: string | undefined): boolean {
  if (expected === undefined || expected === '') return true;
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(`${text}\n`);
}

async function sendAsset(res: ServerResponse, kind: 'script' | 'css'): Promise<void> {
  const { inspectorAssets } = await import('./page-assets');
  res.writeHead(200, {
    'content-type':
      kind === 'script' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    'cache-control': 'no-cache',
    ...PAGE_SECURITY_HEADERS,
  });
  res.end(inspectorAssets[kind]);
}

async function sendPage(res: ServerResponse, context: InspectorServeOptions): Promise<void> {
  const answers =
    context.firstFrame && !context.controlToken ? firstFrameScript(await context.firstFrame()) : '';
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...PAGE_SECURITY_HEADERS,
  });
  res.end(page(answers));
}

const streamsByEngine = new WeakMap<MockEngine, EventStreams>();

function streamEvents(req: IncomingMessage, res: ServerResponse, engine: MockEngine): void {
  let streams = streamsByEngine.get(engine);
  if (streams === undefined) {
    streams = createEventStreams(engine);
    streamsByEngine.set(engine, streams);
  }
  const stream = streams.open(req.socket.remoteAddress ?? '', res);
  if (typeof stream === 'string') {
    plain(
      res,
      429,
      stream === 'total'
        ? `Too many open event streams (at most ${EVENT_STREAM_LIMITS.total}): close one and retry`
        : `Too many open event streams from this client (at most ${EVENT_STREAM_LIMITS.perClient}): close one and retry`,
      { 'retry-after': '5' },
    );
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const hello = { lastSeq: engine.events.lastSeq(), now: engine.clock.iso() };
  res.write(`retry: 2000\nevent: hello\ndata: ${JSON.stringify(hello)}\n\n`);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', () => {
    stream.close();
    clearInterval(heartbeat);
  });
}

/**
 * Answers the inspector's paths (`/__svc/ui`, its `app.js` and `app.css`, and the event stream
 * `/__svc/ui/events`) and returns `true`; returns `false` for any other path, which the caller
 * then answers. Only `GET`, only for loopback or allowed `Host` values; the event stream needs
 * the control token when one is set.
 *
 * @example
 * ```ts
 * const server = createServer((req, res) => {
 *   if (serveInspector(req, res, { engine })) return;
 *   // ... the API and the control API
 * });
 * ```
 */
export function serveInspector(
  req: IncomingMessage,
  res: ServerResponse,
  context: InspectorServeOptions,
): boolean {
  let path: string;
  try {
    path = new URL(req.url ?? '/', 'http://inspector.invalid').pathname;
  } catch {
    return false;
  }
  if (path !== INSPECTOR_PATH && !path.startsWith(`${INSPECTOR_PATH}/`)) return false;
  if (!hostAllowed(req.headers.host, context.allowedHosts)) {
    plain(
      res,
      403,
      `Host ${req.headers.host ?? '(none)'} is not allowed: open the inspector through localhost`,
    );
    return true;
  }
  if (req.method !== 'GET') {
    plain(res, 405, `Cannot ${req.method} ${path}: use GET`, { allow: 'GET' });
    return true;
  }
  switch (path) {
    case INSPECTOR_PATH:
    case `${INSPECTOR_PATH}/`:
      sendPage(res, context).catch((error: unknown) => {
        console.error('[svc-mock] the inspector page could not be answered:', error);
        if (!res.headersSent) plain(res, 500, 'The inspector page could not be answered');
        else res.destroy();
      });
      return true;
    case `${INSPECTOR_PATH}/app.js`:
    case `${INSPECTOR_PATH}/app.css`:
      sendAsset(res, path.endsWith('.js') ? 'script' : 'css').catch((error: unknown) => {
        console.error('[svc-mock] the inspector page could not be loaded:', error);
        if (!res.headersSent) plain(res, 500, 'The inspector page could not be loaded');
        else res.destroy();
      });
      return true;
    case `${INSPECTOR_PATH}/events`:
      if (!tokenAccepted(req.headers[CONTROL_TOKEN_HEADER], context.controlToken)) {
        plain(res, 401, `The control token is missing or wrong (header ${CONTROL_TOKEN_HEADER})`);
        return true;
      }
      streamEvents(req, res, context.engine);
      return true;
    default:
      plain(res, 404, `Cannot GET ${path}: the inspector is at ${INSPECTOR_PATH}`);
      return true;
  }
}
