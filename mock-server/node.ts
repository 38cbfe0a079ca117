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
import { handledBases } from './fetch/fetch-bridge';
import { createFetchHandler, type FetchHandler } from './fetch/fetch-handler';
import {
  type FetchInterception,
  interceptGlobalFetch,
  type RequestHead,
} from './fetch/fetch-interceptor';
import {
  describeUnhandled,
  type ServiceBoundReason,
  serviceBoundReason,
  type UnhandledRequestStrategy,
} from './fetch/unhandled-request';
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
export type {
  UnhandledRequestCallback,
  UnhandledRequestPrint,
  UnhandledRequestStrategy,
} from './fetch/unhandled-request';

import { docsUrl } from '../src/core/docs-url';

export type { MockServer, MockServerOptions } from './http/server';
export { inspectorControlRoutes } from './inspector/control-routes';
export type { InspectorServeOptions } from './inspector/serve';
export { INSPECTOR_PATH, serveInspector } from './inspector/serve';
export * from './realtime/exports';
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
   * What happens to a request meant for the service that no route answers: one to the
   * service's hosts or `baseUrl` on a path that is no route, to another host under the service's
   * domain, or carrying this mock's API key to a host it does not answer. `error` (default): the
   * request fails and the next `reset()` (the `afterEach` hook) throws, naming it and the fix, so
   * the test fails even when the app swallows the error. `warn`: a warning is printed. `bypass`:
   * it goes to the network. Any other request (your app's own server on 127.0.0.1 through
   * supertest, a page Playwright loads, other APIs) always goes through.
   *
   * A function decides for every unhandled request, as msw's callback form does:
   * `(request, print) => void`; calling `print.error()` fails it, `print.warning()` warns.
   *
   * @example
   * ```ts
   * // Also fail requests to an internal API that tests must never reach.
   * setupSvcMock({
   *   onUnhandledRequest: (request, print) => {
   *     if (new URL(request.url).hostname === 'billing.internal') print.error();
   *   },
   * });
   * ```
   */
  onUnhandledRequest?: UnhandledRequestStrategy;
  /**
   * What intercepts requests in Node. `auto` (default): msw when it loads (so `mock.server`
   * takes your handlers), else the built-in interceptor of the global `fetch`, which needs no
   * msw and no jest configuration. `fetch`: always the built-in one. `msw`: always msw (a
   * failure to load it is an error that says what to do).
   *
   * @example
   * ```ts
   * setupSvcMock({ interceptor: 'fetch' }); // no msw even when it is installed
   * ```
   */
  interceptor?: 'auto' | 'fetch' | 'msw';
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
   * exists once `listen()` has resolved (the `beforeAll` hook) with msw as the interceptor.
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
  /**
   * Requests meant for the service that no handler answered since the last `reset()` (and any
   * an `onUnhandledRequest` callback reported), as `METHOD url`.
   */
  readonly unhandledRequests: readonly string[];
  /**
   * Starts intercepting (what the `beforeAll` hook does): with msw when it loads, else with the
   * built-in `fetch` interceptor (see `interceptor`). With `interceptor: 'msw'` it rejects with
   * an error that says `npm install -D msw` when msw is not installed.
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
        "[svc-mock] setupSvcMock({ interceptor: 'msw' }) needs msw: run `npm install -D msw`, or " +
          'leave out `interceptor` to use the built-in fetch interceptor, which needs no msw',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Whether a failure to load msw is its absence (then nothing is said: msw is optional). */
function isMissingMsw(error: unknown): boolean {
  return /needs msw: run `npm install -D msw`/.test((error as Error | undefined)?.message ?? '');
}

/** The hint for an msw that is installed but did not load (jest's CommonJS runtime). */
function mswNotUsedHint(error: unknown): string {
  const reason = String((error as Error | undefined)?.message ?? error)
    .split('\n')[0]
    ?.slice(0, 160);
  return (
    `[svc-mock] hint: msw is installed but did not load here (${reason}); setupSvcMock ` +
    'intercepts with its built-in fetch interceptor instead, so handlers added to your own msw ' +
    "server do not see the service's requests. Pass interceptor: 'fetch' to choose it and " +
    `silence this; see ${docsUrl('mock-mode.md#what-intercepts-msw-or-the-built-in-fetch-interceptor')}`
  );
}

/** A request reported as unhandled, and why. */
interface Unhandled {
  method: string;
  url: string;
  reason: ServiceBoundReason | 'callback';
  failed: boolean;
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

function unhandledError(requests: readonly Unhandled[]): Error {
  const list = requests
    .map((request) => `  ${describeUnhandled(request.method, request.url, request.reason)}`)
    .join('\n');
  return new Error(
    `[svc-mock] ${requests.length} request(s) meant for the service had no mock handler:\n${list}\n` +
      "To let such requests through, pass onUnhandledRequest: 'warn' | 'bypass' (or a function) " +
      'to setupSvcMock.',
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
    hints: options.hints ?? {
      // Straight to stderr: jest adds a code frame and a stack to every console.warn.
      print: (line) => process.stderr.write(`${line}\n`),
      keys: "mock.client() holds the Development key; give your own client mock.engine.environment('Development').apiKey (or 'Production').",
    },
  };
  const strategy = options.onUnhandledRequest ?? 'error';
  const bases = handledBases(options.baseUrl);
  const unhandled: Unhandled[] = [];
  let server: SetupServer | undefined;
  let interception: FetchInterception | undefined;
  let mswSkipped: unknown;
  let starting: Promise<void> | undefined;
  let listening = false;
  let inspector: Promise<MockServer> | undefined;
  const fetchHandler = createFetchHandler(engine, handlerOptions);
  // Forgotten hooks would send mock.client()'s calls to the real host, through every retry.
  // The global fetch is looked up per call, after the interceptor has replaced it.
  const clientFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!listening) await starting;
    if (!listening) throw notListeningError(input, init);
    return globalThis.fetch(input, init);
  };

  /** Applies the strategy to a request no route answers: records it when it is reported. */
  function report(head: RequestHead): Unhandled | undefined {
    let reported: Unhandled | undefined;
    const record = (reason: Unhandled['reason'], failed: boolean) => {
      reported = { method: head.method, url: head.url.href, reason, failed };
      unhandled.push(reported);
    };
    if (typeof strategy === 'function') {
      strategy(new Request(head.url, { method: head.method, headers: head.headers }), {
        warning: () => record('callback', false),
        error: () => record('callback', true),
      });
      return reported;
    }
    const keys = () => engine.environments.map((environment) => environment.apiKey);
    const reason = serviceBoundReason(head.url, head.headers.get('authorization'), bases, keys);
    if (reason === undefined || strategy === 'bypass') return undefined;
    record(reason, strategy === 'error');
    return reported;
  }

  /**
   * A request no route answers: `undefined` lets it through (after a warning when the strategy
   * says so); an error fails it.
   */
  function refusalOf(head: RequestHead): SvcError | undefined {
    const reported = report(head);
    if (reported === undefined) return undefined;
    const line = describeUnhandled(reported.method, reported.url, reported.reason);
    // An SvcError: the client neither wraps nor retries it.
    if (reported.failed) return new SvcError(`[svc-mock] no mock handler for ${line}`);
    console.warn(`[svc-mock] a request meant for the service had no mock handler: ${line}`);
    return undefined;
  }

  function startMsw(msw: MswModule, mswNode: typeof import('msw/node')): void {
    server ??= mswNode.setupServer(...buildHandlers(msw, engine, handlerOptions));
    server.listen({
      onUnhandledRequest: (request) => {
        const headers = request.headers;
        const refusal = refusalOf({ method: request.method, url: new URL(request.url), headers });
        if (refusal === undefined) return;
        console.error(refusal.message);
        // msw's callback form only prints on error(): a thrown Response is how it fails one.
        throw msw.HttpResponse.error();
      },
    });
  }

  function startFetchInterceptor(): void {
    interception = interceptGlobalFetch(engine, {
      ...handlerOptions,
      bases,
      onUnhandled: refusalOf,
    });
  }

  async function start(): Promise<void> {
    const interceptor = options.interceptor ?? 'auto';
    let msw: [MswModule, typeof import('msw/node')] | undefined;
    if (interceptor === 'msw') msw = await loadMsw();
    else if (interceptor === 'auto') {
      // jest's CommonJS runtime cannot load msw 2.13+ (ESM-only dependencies) untransformed:
      // the built-in interceptor then serves, with no configuration.
      msw = await loadMsw().catch((error: unknown) => {
        mswSkipped = error;
        if (handlerOptions.hints && !isMissingMsw(error)) {
          handlerOptions.hints.print(mswNotUsedHint(error));
        }
        return undefined;
      });
    }
    if (listening) return;
    listening = true;
    if (msw) startMsw(...msw);
    else startFetchInterceptor();
  }

  const mock: SvcMock = {
    engine,
    get server(): SetupServer {
      if (server === undefined) {
        throw new Error(
          interception === undefined
            ? '[svc-mock] mock.server exists once mock.listen() has resolved (the beforeAll hook)'
            : '[svc-mock] mock.server is msw’s; this mock intercepts with its built-in fetch ' +
                `interceptor (${mswSkipped === undefined ? "interceptor: 'fetch'" : `msw did not load: ${(mswSkipped as Error).message}`}). ` +
                "Pass interceptor: 'msw' where msw loads to add msw handlers.",
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
      return unhandled.map((request) => `${request.method} ${request.url}`);
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
      const failed = unhandled.splice(0).filter((request) => request.failed);
      if (failed.length > 0) throw unhandledError(failed);
    },
    close() {
      listening = false;
      server?.close();
      interception?.restore();
      interception = undefined;
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
