// The client entry: everything public is listed here; anything not listed is internal.

export { Svc } from './client';
export type { SvcCore } from './core/core';
export { createSvcCore } from './core/core';
export type { APIErrorInit, ErrorBody } from './core/errors';
/* Errors */
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isAPIError,
  isSvcError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  SvcValidationError,
  UnprocessableEntityError,
} from './core/errors';
export type {
  Logger,
  LogLevel,
  Region,
  RequestOptions,
  SvcOptions,
  ValidationMode,
} from './core/options';
/* Options */
export { REGION_BASE_URLS } from './core/options';

/* Standalone functions */
export { subscribersRetrieve } from './funcs/subscribersRetrieve';

/* Resources */
export { Subscribers } from './resources/subscribers';

/* Schemas (the wire contract, shared with the mock engine) */
export { Subscriber } from './schemas/subscriber';
