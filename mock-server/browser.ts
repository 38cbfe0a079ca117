// `@svc/api/mock/browser`: the engine behind MSW's setupWorker, for apps and Storybook.
import { type SetupWorker, setupWorker } from 'msw/browser';
import { Svc } from '../src/client';
import type { SvcOptions } from '../src/core/options';
import { createMockEngine, type MockEngine, type MockEngineOptions } from './engine/engine';
import { createHandlers, type HandlerOptions } from './handlers/index';

/** Options of {@link setupSvcWorker}. */
export interface SetupSvcWorkerOptions extends MockEngineOptions, HandlerOptions {}

/** What {@link setupSvcWorker} returns. */
export interface SvcWorkerMock {
  /** The engine: seed, reset, clock, inspect. */
  engine: MockEngine;
  /** MSW's worker over the engine's handlers; call `worker.start()` before the app's first request. */
  worker: SetupWorker;
  /** A client authenticated as an environment (default `Development`). */
  client(environment?: string, options?: Partial<SvcOptions>): Svc;
}

/**
 * Sets up mock mode in a browser. The app must serve MSW's `mockServiceWorker.js`
 * (`npx msw init public --save`).
 *
 * @example
 * ```ts
 * import { setupSvcWorker } from '@svc/api/mock/browser';
 *
 * const mock = setupSvcWorker({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * await mock.worker.start({ onUnhandledRequest: 'bypass' });
 * const svc = mock.client();
 * ```
 */
export function setupSvcWorker(options: SetupSvcWorkerOptions = {}): SvcWorkerMock {
  const engine = createMockEngine(options);
  const worker = setupWorker(...createHandlers(engine, options));
  return {
    engine,
    worker,
    client: (environment = 'Development', clientOptions = {}) =>
      new Svc({
        secretKey: engine.environment(environment).apiKey,
        baseUrl: options.baseUrl ?? 'https://api.svc.co',
        ...clientOptions,
      }),
  };
}
