/**
 * The engine behind MSW's `setupWorker`, for browser apps, Storybook and browser tests
 * (`setupSvcWorker`).
 *
 * @module @svc/api/mock/browser
 */
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import { Svc } from '../src/client';
import type { SvcOptions } from '../src/core/options';
import { createMockEngine, type MockEngine, type MockEngineOptions } from './engine/engine';
import type { HandlerOptions } from './handlers/build';
import { createHandlers } from './msw';

/**
 * Options of {@link setupSvcWorker}.
 *
 * @example
 * ```ts
 * // The app calls the API through its own dev server's proxy.
 * const mock = setupSvcWorker({ baseUrl: 'http://localhost:5173/api' });
 * ```
 */
export interface SetupSvcWorkerOptions extends MockEngineOptions, HandlerOptions {}

/**
 * What {@link setupSvcWorker} returns.
 *
 * @example
 * ```ts
 * const { engine, worker, client, start } = setupSvcWorker();
 * ```
 */
export interface SvcWorkerMock {
  /** The engine: seed, reset, clock, inspect. */
  engine: MockEngine;
  /** MSW's worker over the engine's handlers; `worker.use(...)` adds overrides. */
  worker: SetupWorker;
  /** A client authenticated as an environment (default `Development`). */
  client(environment?: string, options?: Partial<SvcOptions>): Svc;
  /**
   * Registers the service worker and starts intercepting; await it before the app's first
   * request. Options are MSW's `worker.start` options (default: unhandled requests warn, and
   * the worker script is `/mockServiceWorker.js`).
   */
  start(options?: StartOptions): Promise<void>;
  /** Drops `worker.use` overrides and puts the engine back to its start state. */
  reset(): void;
  /** Stops intercepting. */
  stop(): void;
}

/**
 * Sets up mock mode in a browser over MSW's `setupWorker`. The app must serve MSW's worker
 * script: run `npx msw init <public-dir> --save` once (see docs/mock-mode.md).
 *
 * @example
 * ```ts
 * import { setupSvcWorker } from '@svc/api/mock/browser';
 *
 * const mock = setupSvcWorker({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * await mock.start();
 * const subscriber = await mock.client().subscribers.retrieve('user-1');
 * ```
 */
export function setupSvcWorker(options: SetupSvcWorkerOptions = {}): SvcWorkerMock {
  const engine = createMockEngine(options);
  const handlerOptions: HandlerOptions = {
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.onUnexpectedError === undefined
      ? {}
      : { onUnexpectedError: options.onUnexpectedError }),
  };
  const worker = setupWorker(...createHandlers(engine, handlerOptions));
  return {
    engine,
    worker,
    client: (environment = 'Development', clientOptions = {}) =>
      new Svc({
        secretKey: engine.environment(environment).apiKey,
        baseUrl: options.baseUrl ?? 'https://api.svc.co',
        ...clientOptions,
      }),
    async start(startOptions) {
      await worker.start(startOptions);
    },
    reset() {
      worker.resetHandlers();
      engine.reset();
    },
    stop: () => worker.stop(),
  };
}
