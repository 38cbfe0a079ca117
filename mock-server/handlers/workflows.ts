import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { parseWorkflowSearch } from '../engine/wire/query';
import { endpoint, type HandlerOptions } from './endpoint';

const rules = { category: 'configuration', bodyLimit: 26 * 1024 * 1024 } as const;

/**
 * Handlers of the workflow endpoints (docs/behaviour/workflows.md).
 *
 * @internal
 */
export function workflowHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  const ops = engine.operations;
  return [
    endpoint(engine, options, 'get', '/v2/workflows', rules, ({ url, context }) => ({
      status: 200,
      body: { data: ops.listWorkflows(context, parseWorkflowSearch(url.searchParams)) },
    })),
    endpoint(engine, options, 'put', '/v2/workflows/:workflowId/sync', rules, (input) => ({
      status: 200,
      body: { data: ops.syncWorkflow(input.context, input.params['workflowId'] ?? '', input.body) },
    })),
  ];
}
