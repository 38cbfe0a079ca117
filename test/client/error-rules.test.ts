// The client's error classes and guards, unit by unit (the mutation run's survivors,
// docs/benchmarks.md "Mutation score"): how an error answer becomes a message, the status classes,
// the names and default texts, the connection error's cause chain, and the cross-realm guards.
import { describe, expect, it } from 'vitest';
import * as errors from '../../src/core/errors';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  connectionErrorMessage,
  InternalServerError,
  isAPIConnectionError,
  isAPIConnectionTimeoutError,
  isAPIError,
  isAPIUserAbortError,
  isRateLimitError,
  isResponseValidationError,
  isSvcError,
  isSvcValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  SvcValidationError,
  UnprocessableEntityError,
} from '../../src/core/errors';

const init = (body: unknown, rawBody = '', status = 418) => ({
  status,
  headers: new Headers(),
  body,
  rawBody,
});

describe('APIError messages', () => {
  it('takes the body message, joins a list of messages, else the trimmed raw body', () => {
    expect(new APIError(init({ message: 'Nope' })).message).toBe('Nope');
    expect(new APIError(init({ message: ['a', 'b'] })).message).toBe('a; b');
    expect(new APIError(init({ error: 'x' }, '  plain text  ')).message).toBe('plain text');
    expect(new APIError(init(undefined, 'y'.repeat(600))).message).toBe('y'.repeat(500));
  });

  it('falls back to the status for an empty or blank body, null included', () => {
    expect(new APIError(init(undefined, '   ')).message).toBe('Request failed with status 418');
    expect(new APIError(init(null, '')).message).toBe('Request failed with status 418');
  });

  it('a 429 without a wait header has no retryAfter; with one it is in seconds', () => {
    expect(new RateLimitError(init({}, '', 429)).retryAfter).toBeUndefined();
    const headers = new Headers({ 'retry-after-ms': '1500' });
    expect(new RateLimitError({ ...init({}, '', 429), headers }).retryAfter).toBe(1.5);
  });
});

describe('APIError.generate', () => {
  const statusClasses = [
    [BadRequestError, 400],
    [AuthenticationError, 401],
    [PermissionDeniedError, 403],
    [NotFoundError, 404],
    [ConflictError, 409],
    [UnprocessableEntityError, 422],
    [RateLimitError, 429],
  ] as const;

  it('builds the status class of its status, APIError for other 4xx, InternalServerError for 5xx', () => {
    for (const [ErrorClass, status] of statusClasses) {
      const error = APIError.generate(init({}, '', status));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.status).toBe(status);
    }
    for (const status of [402, 405, 418, 499]) {
      expect(APIError.generate(init({}, '', status)).constructor).toBe(APIError);
    }
    expect(APIError.generate(init({}, '', 503))).toBeInstanceOf(InternalServerError);
  });
});

describe('error names and default texts', () => {
  it('each class names itself', () => {
    expect(new SvcError('m').name).toBe('SvcError');
    expect(new APIConnectionError().name).toBe('APIConnectionError');
    expect(new APIConnectionTimeoutError().name).toBe('APIConnectionTimeoutError');
    expect(new APIUserAbortError().name).toBe('APIUserAbortError');
    expect(new SvcValidationError('m').name).toBe('SvcValidationError');
    expect(new ResponseValidationError('m', {}).name).toBe('ResponseValidationError');
  });

  it('has default messages and no issues unless given', () => {
    expect(new APIConnectionError().message).toBe('Connection error.');
    expect(new APIConnectionTimeoutError().message).toBe('Request timed out.');
    expect(new APIUserAbortError().message).toBe('Request was aborted.');
    expect(new SvcValidationError('m').issues).toEqual([]);
    expect(new ResponseValidationError('m', {}).issues).toEqual([]);
  });
});

describe('connectionErrorMessage', () => {
  const chain = (...messages: string[]): Error =>
    messages.reduceRight<Error | undefined>(
      (cause, message) => new Error(message, { cause }),
      undefined,
    ) as Error;

  it('lists at most five distinct causes', () => {
    expect(connectionErrorMessage('h', chain('a', 'b', 'c', 'd', 'e', 'f', 'g'))).toBe(
      'Connection error: could not reach h: a: b: c: d: e',
    );
  });

  it('skips causes already told and causes without a message or code', () => {
    const withCode = Object.assign(new Error(''), { code: 'ECONNREFUSED' });
    const empty = new Error('', { cause: withCode });
    expect(connectionErrorMessage('h', new Error('fetch failed', { cause: empty }))).toBe(
      'Connection error: could not reach h: fetch failed: ECONNREFUSED',
    );
    expect(connectionErrorMessage('h', chain('fetch failed', 'failed'))).toBe(
      'Connection error: could not reach h: fetch failed',
    );
  });
});

describe('guards across realms (by name)', () => {
  it('isSvcError knows every class by name, and not a function that happens to share one', () => {
    for (const name of [
      'SvcError',
      'APIConnectionError',
      'APIConnectionTimeoutError',
      'APIUserAbortError',
      'SvcValidationError',
      'ResponseValidationError',
    ]) {
      expect(isSvcError({ name }), name).toBe(true);
    }
    expect(isSvcError({ name: 'Error' })).toBe(false);
    expect(isSvcError(function SvcError() {})).toBe(false);
  });

  it('the narrower guards accept their own names only', () => {
    expect(isAPIConnectionError({ name: 'APIConnectionError' })).toBe(true);
    expect(isAPIConnectionError({ name: 'APIConnectionTimeoutError' })).toBe(true);
    expect(isAPIConnectionError({})).toBe(false);
    expect(isAPIConnectionTimeoutError(new APIConnectionTimeoutError())).toBe(true);
    expect(isAPIConnectionTimeoutError({ name: 'APIConnectionTimeoutError' })).toBe(true);
    expect(isAPIConnectionTimeoutError(new APIConnectionError())).toBe(false);
    expect(isAPIUserAbortError({ name: 'APIUserAbortError' })).toBe(true);
    expect(isAPIUserAbortError({})).toBe(false);
    expect(isSvcValidationError({ name: 'SvcValidationError' })).toBe(true);
    expect(isSvcValidationError({})).toBe(false);
    expect(isResponseValidationError({ name: 'ResponseValidationError' })).toBe(true);
    expect(isResponseValidationError({})).toBe(false);
  });

  it("every exported error class is known by its name, to its own guard and its bases' guards", () => {
    type Class = abstract new (...args: never) => SvcError;
    const extending = (value: unknown, Base: Class): value is Class =>
      value === Base || (typeof value === 'function' && value.prototype instanceof Base);
    const classes = Object.values(errors).filter((value) => extending(value, SvcError));
    expect(classes).toContain(NotFoundError);
    for (const ErrorClass of classes) {
      const lookAlike = { name: ErrorClass.name, message: 'm', status: 400 };
      const isAPI = extending(ErrorClass, APIError);
      const isConnection = extending(ErrorClass, APIConnectionError);
      expect(isSvcError(lookAlike), ErrorClass.name).toBe(true);
      expect(isAPIError(lookAlike), ErrorClass.name).toBe(isAPI);
      expect(isAPIConnectionError(lookAlike), ErrorClass.name).toBe(isConnection);
    }
  });

  it('a name from Object.prototype is no error name', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(isSvcError({ name, status: 400 }), name).toBe(false);
      expect(isAPIError({ name, status: 400 }), name).toBe(false);
    }
  });

  it('isRateLimitError wants the name and an API error (a status)', () => {
    expect(isRateLimitError(new RateLimitError(init({}, '', 429)))).toBe(true);
    expect(isRateLimitError({ name: 'RateLimitError', status: 429 })).toBe(true);
    expect(isRateLimitError({ name: 'RateLimitError' })).toBe(false);
    expect(isRateLimitError({})).toBe(false);
  });
});
