/**
 * The pipeline's answers: JSON bodies, the service's error body, and the 500 of a bug.
 *
 * @module
 */
import { errorBody } from '../engine/wire/error-body';
import { ServiceError } from '../engine/wire/service-error';
import type { PipelineResponse } from './message';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A 204 answer carries no body and no content type. */
const NO_CONTENT = 204;

/** A JSON response with the given status and headers (a 204 has no body). */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PipelineResponse {
  // The service's 204 answers (the DELETE routes) carry no body and no content type.
  if (status === 204) return { kind: 'response', status, headers, body: '' };
  return {
    kind: 'response',
    status,
    headers: status === NO_CONTENT ? headers : { 'content-type': JSON_TYPE, ...headers },
    // An answer of nothing under another status (`DELETE /v1/environments/{id}`, 200) is the
    // service's `{ data: undefined }`, which serializes to `{}`.
    body: status === NO_CONTENT ? '' : body === undefined ? '{}' : JSON.stringify(body),
  };
}

/**
 * Where a failure happened and how to report a bug: the error body's `path`, its `timestamp`,
 * and who hears of unexpected errors.
 */
export interface FailureSite {
  path: string;
  timestamp: string;
  onBug(error: unknown, errorId: string): void;
}

/**
 * The response for a failure: a {@link ServiceError} as the service's error body; anything else
 * is a bug, answered as the service's 500 with an `errorId` and reported to `onBug`.
 */
export function errorResponse(
  error: unknown,
  where: FailureSite,
  headers: Record<string, string> = {},
): PipelineResponse {
  if (error instanceof ServiceError) {
    return json(error.status, errorBody(error, where.path, where.timestamp), {
      ...headers,
      ...error.headers,
    });
  }
  const errorId = crypto.randomUUID();
  try {
    where.onBug(error, errorId);
  } catch {
    // A reporter that throws must not turn the answer into a crash.
  }
  const bug = new ServiceError(
    500,
    'Internal server error, contact support and provide them with the errorId',
    { extra: { errorId } },
  );
  return json(500, errorBody(bug, where.path, where.timestamp), headers);
}
