import { createMockEngine, ServiceError } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

describe('engine: subscribers.retrieve', () => {
  const seed = {
    subscribers: [{ subscriberId: 'user-1', firstName: 'Ada', email: 'ada@example.com' }],
  };

  it('returns the seeded subscriber in the v2 shape', () => {
    const engine = createMockEngine({ seed });
    const context = engine.scope('Development');
    const subscriber = engine.operations['subscribers.retrieve'](context, {
      params: { subscriberId: 'user-1' },
    });
    expect(subscriber).toMatchObject({
      subscriberId: 'user-1',
      firstName: 'Ada',
      email: 'ada@example.com',
      deleted: false,
      isOnline: null,
      lastOnlineAt: null,
      _environmentId: engine.environment('Development')._id,
      _organizationId: engine.organization._id,
    });
    expect(subscriber._id).toMatch(/^[0-9a-f]{24}$/);
    expect(subscriber).not.toHaveProperty('__v');
  });

  it('answers 404 with the service message for an unknown subscriber', () => {
    const engine = createMockEngine({ seed });
    const context = engine.scope('Development');
    expect(() =>
      engine.operations['subscribers.retrieve'](context, { params: { subscriberId: 'nobody' } }),
    ).toThrowError(
      expect.objectContaining({ status: 404, message: 'Subscriber: nobody was not found' }),
    );
  });

  it('never shows one environment the subscribers of another', () => {
    const engine = createMockEngine({ seed });
    const production = engine.scope('Production');
    expect(() =>
      engine.operations['subscribers.retrieve'](production, { params: { subscriberId: 'user-1' } }),
    ).toThrow(ServiceError);
  });

  it.each([
    [null, 'Missing authorization header'],
    ['Basic abc', 'Invalid authentication scheme: "Basic"'],
    ['ApiKey ', 'Unauthorized'],
    ['ApiKey not-a-key', 'API Key not found'],
  ])('rejects Authorization %s with 401 "%s"', async (header, message) => {
    const engine = createMockEngine();
    const answer = await engine.perform({
      operation: 'subscribers.search',
      authorization: header,
      params: {},
      query: new URLSearchParams(),
      path: '/v2/subscribers',
    });
    expect(answer).toMatchObject({ status: 401, body: { statusCode: 401, message } });
  });

  it('gives the same ids and keys for the same random seed', () => {
    const a = createMockEngine({ seed, randomSeed: 7 });
    const b = createMockEngine({ seed, randomSeed: 7 });
    expect(a.environments.map((e) => [e._id, e.apiKey])).toEqual(
      b.environments.map((e) => [e._id, e.apiKey]),
    );
  });

  it('reset() goes back to the seeded state; snapshot/restore round-trips', () => {
    const engine = createMockEngine({ seed });
    const context = () => engine.scope('Development');
    const snapshot = engine.snapshot();
    engine.seed({ subscribers: [{ subscriberId: 'user-2' }] });
    expect(
      engine.operations['subscribers.retrieve'](context(), { params: { subscriberId: 'user-2' } })
        .subscriberId,
    ).toBe('user-2');
    engine.restore(snapshot);
    expect(() =>
      engine.operations['subscribers.retrieve'](context(), { params: { subscriberId: 'user-2' } }),
    ).toThrow(ServiceError);
    engine.seed({ subscribers: [{ subscriberId: 'user-3' }] });
    engine.reset();
    expect(() =>
      engine.operations['subscribers.retrieve'](context(), { params: { subscriberId: 'user-3' } }),
    ).toThrow(ServiceError);
    expect(
      engine.operations['subscribers.retrieve'](context(), { params: { subscriberId: 'user-1' } })
        .firstName,
    ).toBe('Ada');
  });

  it('rejects bad seed data with a message naming the field', () => {
    const engine = createMockEngine();
    expect(() => engine.seed({ subscribers: [{ subscriberId: '' }] })).toThrowError(
      /subscribers\.0\.subscriberId/,
    );
  });
});
