/**
 * Turns a route of the table (`src/routes/`) and a call's inputs into what the transport sends:
 * the filled path, the checks made before sending, and the response schema.
 *
 * @module
 */
import type * as z from 'zod/mini';
import { fillPath, type Route } from '../routes/route';
import type { RequestSpec } from './request';
import { PathParam, type RequestCheck } from './validation';

/** @internal A call's inputs: path parameters, query and body. */
export interface RouteInput {
  params?: Readonly<Record<string, string>>;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * The request of one call of a route: path parameters are checked non-empty and encoded, the
 * body and query are checked against the route's schemas.
 *
 * @internal
 */
export function routeSpec<R extends Route>(
  route: R,
  input: RouteInput = {},
): RequestSpec<z.infer<R['response']>> {
  const params = input.params ?? {};
  const checks: RequestCheck[] = [];
  for (const [label, value] of Object.entries(params)) {
    checks.push({ label, schema: PathParam, value });
  }
  if (route.body) checks.push({ label: 'body', schema: route.body, value: input.body });
  if (route.query) checks.push({ label: 'query', schema: route.query, value: input.query });
  return {
    operation: route.operation,
    method: route.method,
    path: fillPath(route.path, params),
    query: input.query,
    body: input.body,
    checks,
    schema: route.response as z.ZodMiniType<z.infer<R['response']>>,
  };
}
