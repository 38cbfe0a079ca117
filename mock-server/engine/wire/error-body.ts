/**
 * The service's error body (docs/behaviour/cross-cutting.md#error-body): `ctx` flattened into
 * the top level and kept as `ctx`, plus `statusCode`, `timestamp`, `path` (with the query
 * string), `message` and the error's extra keys.
 *
 * @module
 */

import type { ServiceError } from './service-error';

/** The body the service answers a refusal with. */
export function errorBody(
  error: ServiceError,
  path: string,
  timestamp: string,
): Record<string, unknown> {
  return {
    ...error.ctx,
    statusCode: error.status,
    timestamp,
    path,
    message: error.message,
    ...(error.ctx === undefined ? {} : { ctx: error.ctx }),
    ...error.extra,
  };
}
