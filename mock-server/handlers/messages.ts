import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { endpoint, type HandlerOptions } from './endpoint';

/**
 * Handlers of the message endpoints (docs/behaviour/messages.md#mark-as).
 *
 * @internal
 */
export function messageHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(
      engine,
      options,
      'post',
      '/v1/subscribers/:subscriberId/messages/mark-as',
      { category: 'configuration' },
      ({ params, context, body }) => ({
        status: 201,
        body: {
          data: engine.operations.markMessagesAs(context, params['subscriberId'] ?? '', body),
        },
      }),
    ),
  ];
}
