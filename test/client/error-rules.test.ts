// The client's error classes and guards, unit by unit (the mutation run's survivors,
// docs/benchmarks.md "Mutation score"): how an error answer becomes a message, the names and
// default texts, the connection error's cause chain, and the cross-realm guards.
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  connectionErrorMessage,
  isAPIConnectionError,
  isAPIConnectionTimeoutError,
  isAPIUserAbortError,
  isRateLimitError,
  isResponseValidationError,
  isSvcError,
  isSvcValidationError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  SvcValidationError,
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

  it('isRateLimitError wants the name and an API error (a status)', () => {
    expect(isRateLimitError(new RateLimitError(init({}, '', 429)))).toBe(true);
    expect(isRateLimitError({ name: 'RateLimitError', status: 429 })).toBe(true);
    expect(isRateLimitError({ name: 'RateLimitError' })).toBe(false);
    expect(isRateLimitError({})).toBe(false);
  });
});
