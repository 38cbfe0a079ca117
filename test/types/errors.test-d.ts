// Compile-time checks of the error classes: literal names and statuses, and guards that narrow.
import {
  type APIConnectionError,
  type APIConnectionTimeoutError,
  APIError,
  type APIErrorInit,
  type APIUserAbortError,
  type AuthenticationError,
  type BadRequestError,
  ConflictError,
  type InternalServerError,
  isAPIConnectionError,
  isAPIError,
  isRateLimitError,
  isSvcError,
  NotFoundError,
  type PermissionDeniedError,
  type RateLimitError,
  type ResponseValidationError,
  type SvcError,
  type SvcValidationError,
  type UnprocessableEntityError,
} from '@svc/api';
import { describe, expectTypeOf, it } from 'vitest';

const init: APIErrorInit = { status: 404, headers: new Headers(), body: undefined, rawBody: '' };

describe('statuses', () => {
  it('a status class has its status as a literal', () => {
    expectTypeOf<BadRequestError['status']>().toEqualTypeOf<400>();
    expectTypeOf<AuthenticationError['status']>().toEqualTypeOf<401>();
    expectTypeOf<PermissionDeniedError['status']>().toEqualTypeOf<403>();
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<ConflictError['status']>().toEqualTypeOf<409>();
    expectTypeOf<UnprocessableEntityError['status']>().toEqualTypeOf<422>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
    expectTypeOf(APIError.generate(init)).toEqualTypeOf<APIError>();
    // @ts-expect-error a ConflictError is never a 404
    const notFound: 404 = new ConflictError(init).status;
    void notFound;
  });

  it('APIError and the 5xx class keep a number', () => {
    expectTypeOf<APIError['status']>().toEqualTypeOf<number>();
    expectTypeOf<InternalServerError['status']>().toEqualTypeOf<number>();
  });
});

describe('names', () => {
  it('a class without subclasses has its name as a literal', () => {
    expectTypeOf(new NotFoundError(init).name).toEqualTypeOf<'NotFoundError'>();
    expectTypeOf<RateLimitError['name']>().toEqualTypeOf<'RateLimitError'>();
    expectTypeOf<InternalServerError['name']>().toEqualTypeOf<'InternalServerError'>();
    expectTypeOf<APIConnectionTimeoutError['name']>().toEqualTypeOf<'APIConnectionTimeoutError'>();
    expectTypeOf<APIUserAbortError['name']>().toEqualTypeOf<'APIUserAbortError'>();
    expectTypeOf<SvcValidationError['name']>().toEqualTypeOf<'SvcValidationError'>();
    expectTypeOf<ResponseValidationError['name']>().toEqualTypeOf<'ResponseValidationError'>();
  });

  it("a base class's name is its own or a subclass's", () => {
    expectTypeOf<APIConnectionError['name']>().toEqualTypeOf<
      'APIConnectionError' | 'APIConnectionTimeoutError'
    >();
    expectTypeOf<APIError['name']>().toEqualTypeOf<
      | 'APIError'
      | 'BadRequestError'
      | 'AuthenticationError'
      | 'PermissionDeniedError'
      | 'NotFoundError'
      | 'ConflictError'
      | 'UnprocessableEntityError'
      | 'RateLimitError'
      | 'InternalServerError'
    >();
    expectTypeOf<SvcError['name']>().toEqualTypeOf<
      | 'SvcError'
      | APIError['name']
      | APIConnectionError['name']
      | 'APIUserAbortError'
      | 'SvcValidationError'
      | 'ResponseValidationError'
    >();
  });

  it('is read-only', () => {
    const error = new NotFoundError(init);
    // @ts-expect-error the name is fixed by the class
    error.name = 'NotFoundError';
  });
});

describe('guards', () => {
  it('narrow an unknown catch value to the class, literal status included', () => {
    const error = new Error('from a catch') as unknown;
    if (isRateLimitError(error)) {
      expectTypeOf(error).toEqualTypeOf<RateLimitError>();
      expectTypeOf(error.status).toEqualTypeOf<429>();
      expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
    }
    if (isAPIError(error)) {
      expectTypeOf(error).toEqualTypeOf<APIError>();
      if (error instanceof NotFoundError) expectTypeOf(error.status).toEqualTypeOf<404>();
    }
    if (isAPIConnectionError(error)) expectTypeOf(error).toEqualTypeOf<APIConnectionError>();
    if (isSvcError(error)) expectTypeOf(error.name).toEqualTypeOf<SvcError['name']>();
  });
});
