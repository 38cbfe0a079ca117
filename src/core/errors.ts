/**
 * The error hierarchy of the client. Every failure a call can produce is one of these classes,
 * built in one place ({@link APIError.generate}) so no resource method needs its own mapping.
 *
 * @module
 */
import { requestedWait } from './retry';

/**
 * Base class of every error thrown by `@svc/api`.
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.retrieve('user-1');
 * } catch (error) {
 *   if (error instanceof SvcError) console.error(error.message);
 * }
 * ```
 */
export class SvcError extends Error {
  override name: string = 'SvcError';
}

/**
 * Shape of the service's error body (`statusCode`, `timestamp`, `path`, `message`, ...).
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.retrieve('missing');
 * } catch (error) {
 *   if (error instanceof APIError) console.log((error.body as ErrorBody).message);
 * }
 * ```
 */
export interface ErrorBody {
  statusCode?: number;
  timestamp?: string;
  path?: string;
  message?: string | string[];
  error?: string;
  errors?: unknown;
  errorId?: string;
  ctx?: unknown;
  [key: string]: unknown;
}

/**
 * Everything {@link APIError.generate} needs to build the right subclass.
 *
 * @example
 * ```ts
 * const error = APIError.generate({
 *   status: 404,
 *   headers: new Headers(),
 *   body: { statusCode: 404, message: 'Subscriber user-1 was not found' },
 *   rawBody: '{"statusCode":404,"message":"Subscriber user-1 was not found"}',
 * }); // a NotFoundError
 * ```
 */
export interface APIErrorInit {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when the body was not JSON. */
  body: unknown;
  /** The body as text, exactly as received. */
  rawBody: string;
}

/**
 * The request id the service sent, from `x-request-id` or else `request-id`: the one reader for
 * error answers and successful ones alike.
 *
 * @internal
 */
export function readRequestId(headers: Headers): string | undefined {
  return headers.get('x-request-id') ?? headers.get('request-id') ?? undefined;
}

function readMessage(status: number, body: unknown, rawBody: string): string {
  if (body && typeof body === 'object') {
    const message = (body as ErrorBody).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join('; ');
  }
  if (rawBody.trim()) return rawBody.trim().slice(0, 500);
  return `Request failed with status ${status}`;
}

/**
 * An answer from the service with a non-2xx status. Subclasses name the common statuses.
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.retrieve('missing');
 * } catch (error) {
 *   if (isAPIError(error)) console.log(error.status, error.message, error.path);
 * }
 * ```
 */
export class APIError extends SvcError {
  override name: string = 'APIError';
  /** HTTP status code. */
  declare readonly status: number;
  /** Response headers. */
  declare readonly headers: Headers;
  /** Parsed JSON body (the service's error body), or `undefined` when it was not JSON. */
  declare readonly body: unknown;
  /** Raw response text. */
  declare readonly rawBody: string;
  /** Request path as the service echoes it (with the query string). */
  declare readonly path: string | undefined;
  /** Server timestamp of the error. */
  declare readonly timestamp: string | undefined;
  /** Field-level validation errors (422 and payload validation 400). */
  declare readonly errors: unknown;
  /** Id of the server error to quote to support (500). */
  declare readonly errorId: string | undefined;
  /** Request id from the response headers, when one is present. */
  declare readonly requestId: string | undefined;

  constructor(init: APIErrorInit) {
    super(readMessage(init.status, init.body, init.rawBody));
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.rawBody = init.rawBody;
    const body = init.body && typeof init.body === 'object' ? (init.body as ErrorBody) : undefined;
    this.path = typeof body?.path === 'string' ? body.path : undefined;
    this.timestamp = typeof body?.timestamp === 'string' ? body.timestamp : undefined;
    this.errors = body?.errors;
    this.errorId = typeof body?.errorId === 'string' ? body.errorId : undefined;
    this.requestId = readRequestId(init.headers);
  }

  /**
   * Builds the subclass that matches the status.
   *
   * @example
   * ```ts
   * const error = APIError.generate({ status: 404, headers: new Headers(), body: {}, rawBody: '{}' });
   * error instanceof NotFoundError; // true
   * ```
   */
  static generate(init: APIErrorInit): APIError {
    const { status } = init;
    if (status === 400) return new BadRequestError(init);
    if (status === 401) return new AuthenticationError(init);
    if (status === 403) return new PermissionDeniedError(init);
    if (status === 404) return new NotFoundError(init);
    if (status === 409) return new ConflictError(init);
    if (status === 422) return new UnprocessableEntityError(init);
    if (status === 429) return new RateLimitError(init);
    if (status >= 500) return new InternalServerError(init);
    return new APIError(init);
  }
}

/**
 * 400: the service rejected the request (bad argument, payload validation, business rule).
 *
 * @example
 * ```ts
 * if (error instanceof BadRequestError) console.log(error.message);
 * ```
 */
export class BadRequestError extends APIError {
  override name: string = 'BadRequestError';
}

/**
 * 401: missing or unknown API key.
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) console.log('check SVC_SECRET_KEY');
 * ```
 */
export class AuthenticationError extends APIError {
  override name: string = 'AuthenticationError';
}

/**
 * 403: the key may not do this.
 *
 * @example
 * ```ts
 * if (error instanceof PermissionDeniedError) console.log(error.message);
 * ```
 */
export class PermissionDeniedError extends APIError {
  override name: string = 'PermissionDeniedError';
}

/**
 * 404: the resource does not exist in the key's environment.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError) return null;
 * ```
 */
export class NotFoundError extends APIError {
  override name: string = 'NotFoundError';
}

/**
 * 409: conflict (duplicate identifier, idempotent request still in flight).
 *
 * @example
 * ```ts
 * if (error instanceof ConflictError) console.log(error.message);
 * ```
 */
export class ConflictError extends APIError {
  override name: string = 'ConflictError';
}

/**
 * 422: the service's validation rejected the request; `errors` holds the fields.
 *
 * @example
 * ```ts
 * if (error instanceof UnprocessableEntityError) console.log(error.errors);
 * ```
 */
export class UnprocessableEntityError extends APIError {
  override name: string = 'UnprocessableEntityError';
}

/**
 * 429: rate limited. `retryAfter` is the wait the service asked for, in seconds.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await sleep((error.retryAfter ?? 1) * 1000);
 * ```
 */
export class RateLimitError extends APIError {
  override name: string = 'RateLimitError';
  /** Seconds to wait, from `retry-after-ms` or `Retry-After` (seconds or HTTP date), when present. */
  declare readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    const wait = requestedWait(init.headers);
    this.retryAfter = wait === undefined ? undefined : wait / 1000;
  }
}

/**
 * 5xx: the service failed. `errorId` identifies it for support.
 *
 * @example
 * ```ts
 * if (error instanceof InternalServerError) console.log(error.errorId);
 * ```
 */
export class InternalServerError extends APIError {
  override name: string = 'InternalServerError';
}

/**
 * The request never got an answer (DNS, refused connection, reset, offline).
 *
 * @example
 * ```ts
 * if (error instanceof APIConnectionError) console.log('network problem', error.cause);
 * ```
 */
export class APIConnectionError extends SvcError {
  override name: string = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The message of a failed connection: the host and every cause down to the root, e.g.
 * `Connection error: could not reach api.svc.co: fetch failed: getaddrinfo ENOTFOUND api.svc.co`.
 *
 * @internal
 */
export function connectionErrorMessage(host: string, error: unknown): string {
  const reasons: string[] = [];
  for (let cause = error; cause instanceof Error && reasons.length < 5; cause = cause.cause) {
    // Node reports a refused dual-stack connect as an AggregateError with an empty message.
    const reason = cause.message || (cause as { code?: string }).code;
    if (reason && !reasons.some((seen) => seen.includes(reason))) reasons.push(reason);
  }
  return `Connection error: could not reach ${host}${reasons.map((reason) => `: ${reason}`).join('')}`;
}

/**
 * An attempt took longer than the timeout.
 *
 * @example
 * ```ts
 * if (error instanceof APIConnectionTimeoutError) console.log('timed out');
 * ```
 */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name: string = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The caller aborted the request through its `signal`.
 *
 * @example
 * ```ts
 * if (error instanceof APIUserAbortError) return;
 * ```
 */
export class APIUserAbortError extends SvcError {
  override name: string = 'APIUserAbortError';
  constructor(message = 'Request was aborted.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Bad input caught before anything was sent; `issues` lists each field.
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.messages.markAs('user-1', { messageId: 'x', markAs: 'foo' as 'read' });
 * } catch (error) {
 *   if (error instanceof SvcValidationError) console.log(error.message); // names `markAs`
 * }
 * ```
 */
export class SvcValidationError extends SvcError {
  override name: string = 'SvcValidationError';
  /** One entry per problem: the field path and what is wrong. */
  declare readonly issues: ReadonlyArray<{ path: string; message: string }>;
  constructor(message: string, issues: ReadonlyArray<{ path: string; message: string }> = []) {
    super(message);
    this.issues = issues;
  }
}

/**
 * The response did not match the expected schema (thrown only with `validation: 'strict'`).
 *
 * @example
 * ```ts
 * if (error instanceof ResponseValidationError) console.log(error.rawBody);
 * ```
 */
export class ResponseValidationError extends SvcError {
  override name: string = 'ResponseValidationError';
  /** The body as received. */
  declare readonly rawBody: unknown;
  /** One entry per mismatch. */
  declare readonly issues: ReadonlyArray<{ path: string; message: string }>;
  constructor(
    message: string,
    rawBody: unknown,
    issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.rawBody = rawBody;
    this.issues = issues;
  }
}

function hasName(value: unknown, names: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    names.includes((value as { name: string }).name)
  );
}

const API_ERROR_NAMES = [
  'APIError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableEntityError',
  'RateLimitError',
  'InternalServerError',
] as const;

/**
 * True for any {@link APIError}, also across realms (another copy of the package, an iframe).
 *
 * @example
 * ```ts
 * if (isAPIError(error) && error.status === 404) return null;
 * ```
 */
export function isAPIError(value: unknown): value is APIError {
  return (
    value instanceof APIError || (hasName(value, API_ERROR_NAMES) && 'status' in (value as object))
  );
}

/**
 * True for any error thrown by this package, also across realms.
 *
 * @example
 * ```ts
 * if (isSvcError(error)) report(error);
 * ```
 */
export function isSvcError(value: unknown): value is SvcError {
  return (
    value instanceof SvcError ||
    hasName(value, [
      'SvcError',
      ...API_ERROR_NAMES,
      'APIConnectionError',
      'APIConnectionTimeoutError',
      'APIUserAbortError',
      'SvcValidationError',
      'ResponseValidationError',
    ])
  );
}

/**
 * True for {@link APIConnectionError} (and its timeout subclass), also across realms.
 *
 * @example
 * ```ts
 * if (isAPIConnectionError(error)) console.log('network problem');
 * ```
 */
export function isAPIConnectionError(value: unknown): value is APIConnectionError {
  return (
    value instanceof APIConnectionError ||
    hasName(value, ['APIConnectionError', 'APIConnectionTimeoutError'])
  );
}

/**
 * True for {@link APIConnectionTimeoutError}, also across realms.
 *
 * @example
 * ```ts
 * if (isAPIConnectionTimeoutError(error)) console.log('timed out');
 * ```
 */
export function isAPIConnectionTimeoutError(value: unknown): value is APIConnectionTimeoutError {
  return (
    value instanceof APIConnectionTimeoutError || hasName(value, ['APIConnectionTimeoutError'])
  );
}

/**
 * True for {@link APIUserAbortError}, also across realms.
 *
 * @example
 * ```ts
 * if (isAPIUserAbortError(error)) return;
 * ```
 */
export function isAPIUserAbortError(value: unknown): value is APIUserAbortError {
  return value instanceof APIUserAbortError || hasName(value, ['APIUserAbortError']);
}

/**
 * True for {@link RateLimitError}, also across realms.
 *
 * @example
 * ```ts
 * if (isRateLimitError(error)) console.log(error.retryAfter);
 * ```
 */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return (
    value instanceof RateLimitError || (hasName(value, ['RateLimitError']) && isAPIError(value))
  );
}

/**
 * True for {@link SvcValidationError} (bad input caught before sending), also across realms.
 *
 * @example
 * ```ts
 * if (isSvcValidationError(error)) console.log(error.issues);
 * ```
 */
export function isSvcValidationError(value: unknown): value is SvcValidationError {
  return value instanceof SvcValidationError || hasName(value, ['SvcValidationError']);
}

/**
 * True for {@link ResponseValidationError}, also across realms.
 *
 * @example
 * ```ts
 * if (isResponseValidationError(error)) console.log(error.rawBody);
 * ```
 */
export function isResponseValidationError(value: unknown): value is ResponseValidationError {
  return value instanceof ResponseValidationError || hasName(value, ['ResponseValidationError']);
}
