// `@svc/api/mock/node`: the engine behind MSW's setupServer, for Node test suites.
import { type SetupServer, setupServer } from 'msw/node';
import { Svc } from '../src/client';
import type { SvcOptions } from '../src/core/options';
import { createMockEngine, type MockEngine, type MockEngineOptions } from './engine/engine';
import { createHandlers, type HandlerOptions } from './handlers/index';

export type { MockServer, MockServerOptions } from './http/server';
export { startMockServer } from './http/server';

/**
 * Options of {@link setupSvcMock}.
 *
 * @example
 * ```ts
 * const mock = setupSvcMock({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * ```
 */
export interface SetupSvcMockOptions extends MockEngineOptions, HandlerOptions {
  /**
   * Register `beforeAll`/`afterEach`/`afterAll` on the test runner's globals when they exist
   * (jest, vitest with `globals: true`). Default true.
   */
  autoLifecycle?: boolean;
}

/** What {@link setupSvcMock} returns. */
export interface SvcMock {
  /** The engine: seed, reset, clock, inspect. */
  engine: MockEngine;
  /** MSW's server over the engine's handlers (`onUnhandledRequest: 'error'` when it listens). */
  server: SetupServer;
  /** A client authenticated as an environment (default `Development`). */
  client(environment?: string, options?: Partial<SvcOptions>): Svc;
  /** Starts intercepting (what the `beforeAll` hook does). */
  listen(): void;
  /** Resets the engine and the runtime handlers (what the `afterEach` hook does). */
  reset(): void;
  /** Stops intercepting (what the `afterAll` hook does). */
  close(): void;
}

type Hook = (fn: () => void) => void;

/**
 * Sets up mock mode for a Node test suite in one call.
 *
 * @example
 * ```ts
 * import { setupSvcMock } from '@svc/api/mock/node';
 *
 * const mock = setupSvcMock({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * // with jest (or vitest globals) the hooks are registered for you
 * const subscriber = await mock.client().subscribers.retrieve('user-1');
 * ```
 */
export function setupSvcMock(options: SetupSvcMockOptions = {}): SvcMock {
  const engine = createMockEngine(options);
  const server = setupServer(...createHandlers(engine, options));
  const mock: SvcMock = {
    engine,
    server,
    client: (environment = 'Development', clientOptions = {}) =>
      new Svc({
        secretKey: engine.environment(environment).apiKey,
        baseUrl: options.baseUrl ?? 'https://api.svc.co',
        ...clientOptions,
      }),
    listen: () => server.listen({ onUnhandledRequest: 'error' }),
    reset: () => {
      server.resetHandlers();
      engine.reset();
    },
    close: () => server.close(),
  };
  if (options.autoLifecycle ?? true) {
    const globals = globalThis as { beforeAll?: Hook; afterEach?: Hook; afterAll?: Hook };
    if (globals.beforeAll && globals.afterEach && globals.afterAll) {
      globals.beforeAll(mock.listen);
      globals.afterEach(mock.reset);
      globals.afterAll(mock.close);
    }
  }
  return mock;
}
