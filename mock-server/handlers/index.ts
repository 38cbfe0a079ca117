import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import type { HandlerOptions } from './endpoint';
import { eventHandlers } from './events';
import { integrationHandlers } from './integrations';
import { messageHandlers } from './messages';
import { notificationHandlers } from './notifications';
import { subscriberHandlers } from './subscribers';
import { workflowHandlers } from './workflows';

export type { HandlerOptions } from './endpoint';

/**
 * MSW request handlers serving the service's API from an engine. By default they match any
 * origin; pass `baseUrl` to answer only one.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createHandlers, createMockEngine } from '@svc/api/mock';
 *
 * const engine = createMockEngine();
 * const server = setupServer(...createHandlers(engine));
 * server.listen({ onUnhandledRequest: 'error' });
 * ```
 */
export function createHandlers(engine: MockEngine, options: HandlerOptions = {}): HttpHandler[] {
  return [
    ...subscriberHandlers(engine, options),
    ...messageHandlers(engine, options),
    ...integrationHandlers(engine, options),
    ...workflowHandlers(engine, options),
    ...eventHandlers(engine, options),
    ...notificationHandlers(engine, options),
  ];
}
