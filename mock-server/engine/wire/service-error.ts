/**
 * Errors the engine answers with. Each carries what the service's exception filter needs to
 * build its body (`statusCode`, `message`, `ctx` and extra keys); the handlers add `timestamp`
 * and `path`.
 *
 * @module
 */

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * A rejected request, in the service's terms.
 *
 * @example
 * ```ts
 * throw ServiceError.http(404, 'Subscriber: abc was not found');
 * ```
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly status: number;
  /** The exception's `ctx` object; flattened into the body and kept as `ctx`. Omitted when undefined. */
  readonly ctx: Record<string, unknown> | undefined;
  /** Extra top-level keys of the body (`errors`, `errorId`, `type`, ...). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (`Retry-After`, `Idempotency-Key`, ...). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: {
      ctx?: Record<string, unknown> | undefined;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.ctx = options.ctx;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /**
   * A Nest-style `HttpException` with an object response (`NotFoundException('x')` and kin):
   * `ctx` is `{error, statusCode}` plus any extra context.
   *
   * @example
   * ```ts
   * ServiceError.http(409, 'Integration with identifier already exists');
   * ```
   */
  static http(
    status: number,
    message: string,
    context: Record<string, unknown> = {},
  ): ServiceError {
    return newServiceError(status, message, {
      ctx: { error: REASONS[status] ?? 'Error', statusCode: status, ...context },
    });
  }

  /**
   * {@link ServiceError.http} with response headers (`Retry-After`, `Link`, ...).
   *
   * @example
   * ```ts
   * ServiceError.httpWithHeaders(409, 'Request with key "k" is currently being processed', { 'Retry-After': '1' });
   * ```
   */
  static httpWithHeaders(
    status: number,
    message: string,
    headers: Record<string, string>,
  ): ServiceError {
    return newServiceError(status, message, {
      ctx: { error: REASONS[status] ?? 'Error', statusCode: status },
      headers,
    });
  }

  /**
   * A command validation failure: 422 `Validation failed for <Command>: <field>: <msgs>`.
   *
   * @example
   * ```ts
   * ServiceError.commandValidation('SetIntegrationAsPrimaryCommand', {
   *   integrationId: { messages: ['integrationId must be a mongodb id'], value: 'xyz' },
   * });
   * ```
   */
  static commandValidation(
    command: string,
    errors: Record<string, { messages: string[]; value: unknown }>,
  ): ServiceError {
    const summary = Object.entries(errors)
      .map(([field, { messages }]) => `${field}: ${messages.join(', ')}`)
      .join('; ');
    return newServiceError(422, `Validation failed for ${command}: ${summary}`, {
      ctx: {},
      extra: { errors },
    });
  }

  /**
   * A DTO validation failure from the global validation pipe: 422 `Validation Error` with
   * `errors.general`.
   *
   * @example
   * ```ts
   * ServiceError.dtoValidation(['markAs must be one of the following values: read, seen, unread, unseen']);
   * ```
   */
  static dtoValidation(messages: string[], value: unknown = 'No Value Recorded'): ServiceError {
    return newServiceError(422, 'Validation Error', {
      ctx: {},
      extra: { errors: { general: { messages, value } } },
    });
  }
}

/** Built outside the class body: a bundled class that names itself is renamed `_ServiceError`. */
function newServiceError(...args: ConstructorParameters<typeof ServiceError>): ServiceError {
  return new ServiceError(...args);
}
