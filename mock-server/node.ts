/**
 * Mock mode for Node test suites (`setupSvcMock`, which loads msw when it starts), and the HTTP
 * server (`startMockServer`). Importing it needs no msw.
 *
 * @module @svc/api/mock/node
 */
import type { SetupServer } from 'msw/node';
import { Svc } from '../src/client';
import { SvcError } from '../src/core/errors';
import type { SvcOptions } from '../src/core/options';
import { createMockEngine, type MockEngine, type MockEngineOptions } from './engine/engine';
import { createFetchHandler, type FetchHandler } from './fetch/fetch-handler';
import { buildHandlers, type HandlerOptions, type MswModule } from './handlers/build';
import { type MockServer, startMockServer } from './http/server';
import { INSPECTOR_PATH } from './inspector/serve';

export type {
  ControlDataDirectory,
  ControlGuard,
  ControlRoute,
  ControlRouteInput,
  ControlServices,
} from './control/control-router';
export { CONTROL_TOKEN_HEADER } from './control/control-router';
export type { MockServer, MockServerOptions } from './http/server';
export { inspectorControlRoutes } from './inspector/control-routes';
export type { InspectorServeOptions } from './inspector/serve';
export { INSPECTOR_PATH, serveInspector } from './inspector/serve';
export { engineInboxChanges } from './realtime/engine-inbox-changes';
export type {
  InboxChange,
  InboxChangeHub,
  InboxChangeSource,
  InboxCounts,
  SeverityCounts,
} from './realtime/inbox-changes';
export { createInboxChangeHub } from './realtime/inbox-changes';
export type {
  InboxSession,
  InboxSocketOptions,
  ResolveInboxSession,
} from './realtime/inbox-socket';
export type { InboxSocketLimits } from './realtime/socket-limits';
export { DEFAULT_INBOX_SOCKET_LIMITS } from './realtime/socket-limits';
export { startMockServer };

/**
 * A test runner's lifecycle hooks: vitest's and jest's `beforeAll`, `afterEach`, `afterAll`.
 *
 * @example
 * ```ts
 * import { afterAll, afterEach, beforeAll } from 'vitest';
 * const hooks: LifecycleHooks = { beforeAll, afterEach, afterAll };
 * ```
 */
export interface LifecycleHooks {
  /** Runs `fn` once before the first test. */
  beforeAll(fn: () => void): unknown;
  /** Runs `fn` after each test. */
  afterEach(fn: () => void): unknown;
  /** Runs `fn` once after the last test. */
  afterAll(fn: () => void): unknown;
}

/**
 * Options of {@link setupSvcMock}.
 *
 * @example
 * ```ts
 * // Drive the lifecycle yourself, and only warn about requests the mock does not answer.
 * const mock = setupSvcMock({ hooks: false, onUnhandledRequest: 'warn' });
 * await mock.listen();
 * ```
 */
export interface SetupSvcMockOptions extends MockEngineOptions, HandlerOptions {
  /**
   * Where to register `listen` / `reset` / `close`: the runner's hooks (needed for vitest
   * without `globals: true`), or `false` to call them yourself. Default: the global
   * `beforeAll`/`afterEach`/`afterAll` when they exist (jest, vitest with `globals: true`).
   */
  hooks?: LifecycleHooks | false;
  /**
   * What happens to a request no handler answers. `error` (default): the request fails and the
   * next `reset()` (the `afterEach` hook) throws, naming it, so the test fails even when the app
   * swallows the error. `warn`: MSW prints a warning. `bypass`: it goes to the network.
   */
  onUnhandledRequest?: 'error' | 'warn' | 'bypass';
}

/**
 * What {@link setupSvcMock} returns.
 *
 * @example
 * ```ts
 * const { engine, server, client } = setupSvcMock();
 * ```
 */
export interface SvcMock {
  /** The engine: seed, reset, clock, inspect. */
  engine: MockEngine;
  /**
   * MSW's server over the engine's handlers; `server.use(...)` adds per-test overrides. It
   * exists once `listen()` has resolved (the `beforeAll` hook).
   */
  readonly server: SetupServer;
  /**
   * The engine as a fetch function, `(request) => Promise<Response>`: give it to a client as
   * its `fetch` to skip msw altogether (`new Svc({ secretKey, fetch: mock.fetch })`).
   */
  fetch: FetchHandler;
  /**
   * A client authenticated as an environment (default `Development`). While the mock is not
   * listening (no `listen()` yet, or after `close()`) its calls fail at once, naming the fix,
   * rather than reach the real service; a `fetch` in `options` replaces that check.
   */
  client(environment?: string, options?: Partial<SvcOptions>): Svc;
  /** Requests no handler answered since the last `reset()`, as `METHOD url`. */
  readonly unhandledRequests: readonly string[];
  /**
   * Loads msw and starts intercepting (what the `beforeAll` hook does); rejects with an error
   * that says `npm install -D msw` when msw is not installed.
   */
  listen(): Promise<void>;
  /**
   * Drops `server.use` overrides and puts the engine back to its start state (what the
   * `afterEach` hook does); then throws if requests went unhandled (`onUnhandledRequest: 'error'`).
   */
  reset(): void;
  /** Stops intercepting (what the `afterAll` hook does); also stops the inspector's server. */
  close(): void;
  /**
   * Opens the inspector over this engine: starts a server on loopback (a free port unless
   * `port` is given; once, later calls answer the same) and returns the page's URL, to open in
   * a browser while a test waits (docs/inspector.md).
   */
  inspect(options?: { port?: number }): Promise<string>;
}

/** Loads msw, with an error that says what to install when it is missing. */
async function loadMsw(): Promise<[MswModule, typeof import('msw/node')]> {
  try {
    return await Promise.all([import('msw'), import('msw/node')]);
  } catch (error) {
    const code =
      (error as NodeJS.ErrnoException).code ??
      ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(
        '[svc-mock] setupSvcMock needs msw: run `npm install -D msw` (or use mock.fetch / startMockServer, which need no msw)',
        { cause: error },
      );
    }
    throw error;
  }
}

function globalHooks(): LifecycleHooks | undefined {
  const scope = globalThis as Partial<Record<keyof LifecycleHooks, unknown>>;
  const { beforeAll, afterEach, afterAll } = scope;
  if (
    typeof beforeAll === 'function' &&
    typeof afterEach === 'function' &&
    typeof afterAll === 'function'
  ) {
    return scope as LifecycleHooks;
  }
  return undefined;
}

function unhandledError(requests: readonly string[]): Error {
  const list = requests.map((request) => `  ${request}`).join('\n');
  return new Error(
    `[svc-mock] ${requests.length} request(s) had no mock handler:\n${list}\n` +
      'Point the client at the mock (mock.client()), add a handler with mock.server.use(...), ' +
      "or pass onUnhandledRequest: 'warn' | 'bypass' to setupSvcMock.",
  );
}

/**
 * The error of a request sent through `mock.client()` while nothing intercepts it: thrown as an
 * `SvcError`, which the client neither wraps nor retries.
 */
function notListeningError(input: RequestInfo | URL, init: RequestInit | undefined): SvcError {
  const request = input instanceof Request ? input : undefined;
  const method = request?.method ?? init?.method ?? 'GET';
  const url = request?.url ?? String(input);
  return new SvcError(
    `[svc-mock] mock.client() sent ${method} ${url} while the mock is not listening (before ` +
      'listen() or after close()), so it would reach the real service. Pass ' +
      '{ hooks: { beforeAll, afterEach, afterAll } } imported from vitest to setupSvcMock, set ' +
      'vitest `globals: true`, or `await mock.listen()` first.',
  );
}

/**
 * Sets up mock mode for a Node test suite in one call: an engine, MSW's `setupServer` over its
 * handlers, and the lifecycle (listen before all tests, reset after each, close after all).
 *
 * @example
 * ```ts
 * import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
 * import { setupSvcMock } from '@svc/api/mock/node';
 *
 * const mock = setupSvcMock({
 *   seed: { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] },
 *   hooks: { beforeAll, afterEach, afterAll }, // not needed with jest or vitest globals
 * });
 *
 * it('reads a subscriber', async () => {
 *   const subscriber = await mock.client().subscribers.retrieve('user-1');
 *   expect(subscriber.firstName).toBe('Ada');
 * });
 * ```
 */
export function setupSvcMock(options: SetupSvcMockOptions = {}): SvcMock {
  const engine = createMockEngine(options);
  const handlerOptions: HandlerOptions = {
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.onUnexpectedError === undefined
      ? {}
      : { onUnexpectedError: options.onUnexpectedError }),
  };
  const strategy = options.onUnhandledRequest ?? 'error';
  const unhandled: string[] = [];
  let server: SetupServer | undefined;
  let starting: Promise<void> | undefined;
  let listening = false;
  let inspector: Promise<MockServer> | undefined;
  const fetchHandler = createFetchHandler(engine, handlerOptions);
  // Forgotten hooks would send mock.client()'s calls to the real host, through every retry.
  // The global fetch is looked up per call, after MSW has patched it.
  const clientFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!listening) await starting;
    if (!listening) throw notListeningError(input, init);
    return globalThis.fetch(input, init);
  };

  async function start(): Promise<void> {
    const [msw, mswNode] = await loadMsw();
    server ??= mswNode.setupServer(...buildHandlers(msw, engine, handlerOptions));
    if (listening) return;
    listening = true;
    server.listen({ onUnhandledRequest: strategy });
    // MSW's `error` strategy only fails the request; this makes the test fail too (msw#946).
    server.events.on('request:unhandled', ({ request }) => {
      unhandled.push(`${request.method} ${request.url}`);
    });
  }

  const mock: SvcMock = {
    engine,
    get server(): SetupServer {
      if (server === undefined) {
        throw new Error(
          '[svc-mock] mock.server exists once mock.listen() has resolved (the beforeAll hook)',
        );
      }
      return server;
    },
    fetch: fetchHandler,
    client: (environment = 'Development', clientOptions = {}) =>
      new Svc({
        secretKey: engine.environment(environment).apiKey,
        baseUrl: options.baseUrl ?? 'https://api.svc.co',
        fetch: clientFetch,
        ...clientOptions,
      }),
    get unhandledRequests() {
      return [...unhandled];
    },
    listen() {
      if (listening) return Promise.resolve();
      starting = start().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    reset() {
      server?.resetHandlers();
      engine.reset();
      const missed = unhandled.splice(0);
      if (strategy === 'error' && missed.length > 0) throw unhandledError(missed);
    },
    close() {
      listening = false;
      server?.close(); // also drops the event listeners
      const running = inspector;
      inspector = undefined;
      running?.then((started) => started.close()).catch(() => {});
    },
    async inspect(inspectOptions = {}) {
      inspector ??= startMockServer({
        engine,
        host: '127.0.0.1',
        port: inspectOptions.port ?? 0,
      }).catch((error: unknown) => {
        inspector = undefined; // a later call may try another port
        throw error;
      });
      return `${(await inspector).url}${INSPECTOR_PATH}`;
    },
  };

  const hooks = options.hooks === undefined ? globalHooks() : options.hooks || undefined;
  if (hooks) {
    hooks.beforeAll(() => mock.listen());
    hooks.afterEach(() => mock.reset());
    hooks.afterAll(() => mock.close());
  } else if (
    options.hooks === undefined &&
    typeof process !== 'undefined' &&
    process.env['VITEST']
  ) {
    console.warn(
      '[svc-mock] setupSvcMock found no test hooks (vitest runs without `globals: true`): pass ' +
        '{ hooks: { beforeAll, afterEach, afterAll } } imported from vitest, or pass hooks: false ' +
        'and call mock.listen(), mock.reset() and mock.close() yourself.',
    );
  }
  return mock;
}
