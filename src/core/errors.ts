// The error hierarchy of the client. Every failure a call can produce is one of these classes,
// built in one place (`APIError.generate`) so no resource method needs its own mapping.
import { requestedWait } from './retry';

/**
 * Base class of every error thrown by `@svc/api`.
 *
 * @example
 * ```ts
 * try {
 *   await svc.subscribers.retrieve('user-1');
 * } catch (error) {
 *   if (error instanceof SvcError) console.error(error.name, error.message); // 'NotFoundError', ...
 * }
 * ```
 */
export class SvcError extends Error {
  /** The class's own name: a literal type on a class without subclasses, else the family's union. */
  override readonly name:
    | keyof typeof STATUS_ERRORS
    | keyof typeof OTHER_API_ERRORS
    | keyof typeof CONNECTION_ERRORS
    | keyof typeof OTHER_ERRORS = 'SvcError';
}

/** Shape of the service's error body (`statusCode`, `timestamp`, `path`, `message`, ...). */
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
 * The answer an {@link APIError} is built from, by {@link APIError.generate} or by hand (a test
 * double, a fake transport). Give a status class its own status: its `status` type says so.
 *
 * @example
 * ```ts
 * const error = new NotFoundError({
 *   status: 404,
 *   headers: new Headers({ 'x-request-id': 'req-1' }),
 *   body: { statusCode: 404, message: 'Subscriber user-1 was not found' },
 *   rawBody: '{"statusCode":404,"message":"Subscriber user-1 was not found"}',
 * });
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

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

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
 * An answer from the service with a non-2xx status. The status classes (`NotFoundError`, ...)
 * name the common statuses, each with its status as a literal type.
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
  override readonly name: keyof typeof STATUS_ERRORS | keyof typeof OTHER_API_ERRORS = 'APIError';
  /** HTTP status code; a literal on the status classes (`NotFoundError['status']` is `404`). */
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
    this.path = asString(body?.path);
    this.timestamp = asString(body?.timestamp);
    this.errors = body?.errors;
    this.errorId = asString(body?.errorId);
    this.requestId = readRequestId(init.headers);
  }

  /**
   * Builds the class that matches the status: a status class, {@link InternalServerError} for
   * any 5xx, else `APIError` itself.
   *
   * @example
   * ```ts
   * const error = APIError.generate({ status: 404, headers: new Headers(), body: {}, rawBody: '{}' });
   * error instanceof NotFoundError; // true
   * ```
   */
  static generate(init: APIErrorInit): APIError {
    return generateAPIError(init);
  }
}

/** {@link APIError.generate}, outside the class: a bundled class that names itself is renamed `_APIError`. */
function generateAPIError(init: APIErrorInit): APIError {
  const ErrorClass =
    (STATUS_ERROR_BY_CODE as Partial<Record<number, typeof APIError>>)[init.status] ??
    (init.status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(init);
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
  override readonly name = 'BadRequestError' as const;
  declare readonly status: 400;
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
  override readonly name = 'AuthenticationError' as const;
  declare readonly status: 401;
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
  override readonly name = 'PermissionDeniedError' as const;
  declare readonly status: 403;
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
  override readonly name = 'NotFoundError' as const;
  declare readonly status: 404;
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
  override readonly name = 'ConflictError' as const;
  declare readonly status: 409;
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
  override readonly name = 'UnprocessableEntityError' as const;
  declare readonly status: 422;
}

/**
 * 429: rate limited. `retryAfter` is the wait the service asked for, in seconds.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) {
 *   await new Promise((resolve) => setTimeout(resolve, (error.retryAfter ?? 1) * 1000));
 * }
 * ```
 */
export class RateLimitError extends APIError {
  override readonly name = 'RateLimitError' as const;
  declare readonly status: 429;
  /** Seconds to wait, from `retry-after-ms` or `Retry-After` (seconds or HTTP date), when present. */
  declare readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    const wait = requestedWait(init.headers);
    this.retryAfter = wait === undefined ? undefined : wait / 1000;
  }
}

/**
 * 5xx: the service failed. `status` is the code received; `errorId` identifies it for support.
 *
 * @example
 * ```ts
 * if (error instanceof InternalServerError) console.log(error.errorId);
 * ```
 */
export class InternalServerError extends APIError {
  override readonly name = 'InternalServerError' as const;
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
  override readonly name: keyof typeof CONNECTION_ERRORS = 'APIConnectionError';
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
  override readonly name = 'APIConnectionTimeoutError' as const;
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
  override readonly name = 'APIUserAbortError' as const;
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
  override readonly name = 'SvcValidationError' as const;
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
  override readonly name = 'ResponseValidationError' as const;
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

// The error classes by name, in families. The guards look a foreign error's `name` up here, and a
// base class's `name` type is its families' keys, so a class left out does not compile. Keyed by
// name because minifiers rename classes (`Class.name`, h3js/h3#1145); no spreads, so a bundle
// without a guard drops them.
const STATUS_ERRORS = {
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
};
const OTHER_API_ERRORS = { APIError, InternalServerError };
const CONNECTION_ERRORS = { APIConnectionError, APIConnectionTimeoutError };
const OTHER_ERRORS = { SvcError, APIUserAbortError, SvcValidationError, ResponseValidationError };

type StatusErrorClass = (typeof STATUS_ERRORS)[keyof typeof STATUS_ERRORS];
// APIError.generate's table; its type makes it exactly the status classes, each under its status.
const STATUS_ERROR_BY_CODE = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
} satisfies { readonly [C in StatusErrorClass as InstanceType<C>['status']]: C };

let errorByName: ReadonlyMap<unknown, { readonly prototype: object }> | undefined;

/**
 * `instanceof`, or for an error from another realm (another copy of the package, an iframe) the
 * `name` of `ErrorClass` or of one of its subclasses.
 */
function isErrorType<T>(
  value: unknown,
  ErrorClass: abstract new (...args: never) => T,
): value is T {
  if (value instanceof ErrorClass) return true;
  if (typeof value !== 'object' || value === null) return false;
  errorByName ??= new Map(
    Object.entries({
      ...STATUS_ERRORS,
      ...OTHER_API_ERRORS,
      ...CONNECTION_ERRORS,
      ...OTHER_ERRORS,
    }),
  );
  const named = errorByName.get((value as { name?: unknown }).name);
  return named !== undefined && (named === ErrorClass || named.prototype instanceof ErrorClass);
}

/**
 * True for any {@link APIError}, also across realms (another copy of the package, an iframe).
 *
 * @example
 * ```ts
 * if (isAPIError(error) && error.status === 404) return null;
 * ```
 */
export function isAPIError(value: unknown): value is APIError {
  // A look-alike must carry a status too.
  return isErrorType(value, APIError) && 'status' in value;
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
  return isErrorType(value, SvcError);
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
  return isErrorType(value, APIConnectionError);
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
  return isErrorType(value, APIConnectionTimeoutError);
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
  return isErrorType(value, APIUserAbortError);
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
  return isErrorType(value, RateLimitError) && 'status' in value;
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
  return isErrorType(value, SvcValidationError);
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
  return isErrorType(value, ResponseValidationError);
}
