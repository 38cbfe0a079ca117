// The engine's error type directly (mock-server/engine/wire/service-error.ts): what each factory
// puts in `status`, `message`, `ctx`, `extra` and `headers`, which the handlers turn into the
// service's error body.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';

describe('ServiceError', () => {
  it('is an Error named ServiceError, with empty extra and headers and no ctx by default', () => {
    const error = new ServiceError(500, 'boom');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ServiceError');
    expect(error.status).toBe(500);
    expect(error.message).toBe('boom');
    expect(error.ctx).toBeUndefined();
    expect(error.extra).toEqual({});
    expect(error.headers).toEqual({});
  });

  it('keeps the ctx, extra keys and headers it is given', () => {
    const error = new ServiceError(402, 'pay', {
      ctx: { a: 1 },
      extra: { errorId: 'e1' },
      headers: { 'Retry-After': '2' },
    });
    expect(error.ctx).toEqual({ a: 1 });
    expect(error.extra).toEqual({ errorId: 'e1' });
    expect(error.headers).toEqual({ 'Retry-After': '2' });
  });
});

describe('ServiceError.http', () => {
  it('ctx is { error: the reason phrase, statusCode } for each status the service answers', () => {
    const reasons: [number, string][] = [
      [400, 'Bad Request'],
      [401, 'Unauthorized'],
      [402, 'Payment Required'],
      [403, 'Forbidden'],
      [404, 'Not Found'],
      [409, 'Conflict'],
      [413, 'Payload Too Large'],
      [422, 'Unprocessable Entity'],
      [429, 'Too Many Requests'],
      [500, 'Internal Server Error'],
      [503, 'Service Unavailable'],
    ];
    for (const [status, reason] of reasons) {
      const error = ServiceError.http(status, 'm');
      expect(error.status).toBe(status);
      expect(error.ctx).toEqual({ error: reason, statusCode: status });
    }
  });

  it('a status without a reason phrase is named Error', () => {
    expect(ServiceError.http(418, 'teapot').ctx).toEqual({ error: 'Error', statusCode: 418 });
  });

  it('extra context is added to ctx; no extra keys, no headers', () => {
    const error = ServiceError.http(404, 'Subscriber: abc was not found', { subscriberId: 'abc' });
    expect(error.message).toBe('Subscriber: abc was not found');
    expect(error.ctx).toEqual({ error: 'Not Found', statusCode: 404, subscriberId: 'abc' });
    expect(error.extra).toEqual({});
    expect(error.headers).toEqual({});
  });
});

describe('ServiceError.httpWithHeaders', () => {
  it('is http() with response headers', () => {
    const error = ServiceError.httpWithHeaders(
      409,
      'Request with key "k" is currently being processed',
      {
        'Retry-After': '1',
      },
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe('Request with key "k" is currently being processed');
    expect(error.ctx).toEqual({ error: 'Conflict', statusCode: 409 });
    expect(error.headers).toEqual({ 'Retry-After': '1' });
    expect(error.extra).toEqual({});
  });

  it('a status without a reason phrase is named Error', () => {
    expect(ServiceError.httpWithHeaders(499, 'm', {}).ctx).toEqual({
      error: 'Error',
      statusCode: 499,
    });
  });
});

describe('ServiceError.commandValidation', () => {
  it('422 `Validation failed for <Command>: <field>: <messages>`, fields joined by `; `', () => {
    const errors = {
      integrationId: { messages: ['integrationId must be a mongodb id'], value: 'xyz' },
      environmentId: {
        messages: ['environmentId must be a string', 'environmentId should not be empty'],
        value: 1,
      },
    };
    const error = ServiceError.commandValidation('SetIntegrationAsPrimaryCommand', errors);
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'Validation failed for SetIntegrationAsPrimaryCommand: integrationId: integrationId must be a mongodb id; environmentId: environmentId must be a string, environmentId should not be empty',
    );
    expect(error.ctx).toEqual({});
    expect(error.extra).toEqual({ errors });
    expect(error.headers).toEqual({});
  });
});

describe('ServiceError.dtoValidation', () => {
  it('422 Validation Error with errors.general, value No Value Recorded when none is given', () => {
    const error = ServiceError.dtoValidation(['markAs must be one of the following values: read']);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Error');
    expect(error.ctx).toEqual({});
    expect(error.extra).toEqual({
      errors: {
        general: {
          messages: ['markAs must be one of the following values: read'],
          value: 'No Value Recorded',
        },
      },
    });
  });

  it('records the value it is given', () => {
    expect(ServiceError.dtoValidation(['x'], { a: 1 }).extra).toEqual({
      errors: { general: { messages: ['x'], value: { a: 1 } } },
    });
  });
});
