import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { endpoint, type HandlerOptions } from './endpoint';

/**
 * Handlers of the subscriber endpoints.
 *
 * @internal
 */
export function subscriberHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(engine, options, 'get', '/v2/subscribers/:subscriberId', ({ params, context }) => ({
      status: 200,
      body: { data: engine.operations.retrieveSubscriber(context, params['subscriberId'] ?? '') },
    })),
  ];
}
