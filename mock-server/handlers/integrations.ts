import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { endpoint, type HandlerOptions } from './endpoint';

const rules = { category: 'global' } as const;

/**
 * Handlers of the integration endpoints (docs/behaviour/integrations.md).
 *
 * @internal
 */
export function integrationHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  const ops = engine.operations;
  return [
    endpoint(engine, options, 'post', '/v1/integrations', rules, ({ context, body }) => ({
      status: 201,
      body: { data: ops.createIntegration(context, body) },
    })),
    endpoint(engine, options, 'get', '/v1/integrations', rules, ({ context }) => ({
      status: 200,
      body: { data: ops.listIntegrations(context) },
    })),
    endpoint(
      engine,
      options,
      'post',
      '/v1/integrations/:integrationId/set-primary',
      rules,
      ({ params, context }) => ({
        // The spec says OK: 200, where the reference service answers Nest's POST default 201.
        status: 200,
        body: { data: ops.setPrimaryIntegration(context, params['integrationId'] ?? '') },
      }),
    ),
  ];
}
