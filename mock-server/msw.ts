/**
 * The engine's msw request handlers, for your own `setupServer` / `setupWorker`.
 *
 * @module @svc/api/mock/msw
 */
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { MockEngine } from './engine/engine';
import { buildHandlers, type HandlerOptions } from './handlers/build';

export type { HandlerOptions } from './handlers/build';

/**
 * MSW request handlers serving the service's API from an engine: one handler over the request
 * pipeline, answering the service's hosts (and `baseUrl`) only, on the routes the service has.
 * A request to another origin or to a path that is no route stays unhandled, so a misconfigured
 * client fails as it would against the service.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockEngine } from '@svc/api/mock';
 * import { createHandlers } from '@svc/api/mock/msw';
 *
 * const engine = createMockEngine();
 * const server = setupServer(...createHandlers(engine));
 * server.listen({ onUnhandledRequest: 'error' });
 * ```
 */
export function createHandlers(engine: MockEngine, options: HandlerOptions = {}): HttpHandler[] {
  return buildHandlers({ http, HttpResponse }, engine, options);
}
