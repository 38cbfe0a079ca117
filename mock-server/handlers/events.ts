import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { endpoint, type HandlerOptions } from './endpoint';

/** The events controller takes bodies up to 26 MB (docs/behaviour/cross-cutting.md#body-size). */
const TRIGGER_BODY_LIMIT = 26 * 1024 * 1024;

/**
 * Handlers of the event endpoints (docs/behaviour/events.md#trigger).
 *
 * @internal
 */
export function eventHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(
      engine,
      options,
      'post',
      '/v1/events/trigger',
      { category: 'trigger', bodyLimit: TRIGGER_BODY_LIMIT },
      ({ context, body }) => ({
        status: 201,
        body: { data: engine.operations.triggerEvent(context, body) },
      }),
    ),
  ];
}
