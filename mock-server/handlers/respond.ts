import { ServiceError } from '../engine/wire/service-error';

/**
 * Builds the service's error body (docs/behaviour/cross-cutting.md#error-body): `ctx` flattened into the top level and
 * kept as `ctx`, plus `statusCode`, `timestamp`, `path` (with the query string) and `message`.
 *
 * @example
 * ```ts
 * errorBody(ServiceError.http(404, 'Subscriber: x was not found'), '/v2/subscribers/x', now);
 * ```
 */
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

/**
 * A JSON response with the given status and headers.
 *
 * @example
 * ```ts
 * json(200, { data: subscriber });
 * ```
 */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * The response for a failure: a {@link ServiceError} as the service's error body; anything else
 * is a bug, answered as the service's 500 with an `errorId` and reported to `onBug`.
 *
 * @example
 * ```ts
 * errorResponse(error, '/v2/subscribers/x', now, newId, console.error);
 * ```
 */
export function errorResponse(
  error: unknown,
  path: string,
  timestamp: string,
  newErrorId: () => string,
  onBug: (error: unknown, errorId: string) => void,
  headers: Record<string, string> = {},
): Response {
  if (error instanceof ServiceError) {
    return json(error.status, errorBody(error, path, timestamp), { ...headers, ...error.headers });
  }
  const errorId = newErrorId();
  onBug(error, errorId);
  const bug = new ServiceError(
    500,
    'Internal server error, contact support and provide them with the errorId',
    { extra: { errorId } },
  );
  return json(500, errorBody(bug, path, timestamp), headers);
}
