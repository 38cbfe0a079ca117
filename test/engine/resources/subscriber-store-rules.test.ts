// The subscriber store and search directly (mock-server/engine/resources/subscribers.ts,
// docs/behaviour/subscribers.md): where putSubscriber files an `_id` that comes in out of order,
// which records findSubscriber and a filtered search treat as live, the `_id` order of filtered
// matches whatever order the candidates come in, the PATCH refusal of bodies that are not
// objects, the locale and time-zone checks, and when a credentials channel carries an
// integrationIdentifier.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  findSubscriber,
  isLocale,
  isTimeZone,
  putSubscriber,
  retrieveSubscriber,
  type SubscriberSearch,
  searchSubscribers,
  updateSubscriber,
} from '../../../mock-server/engine/resources/subscribers';
import type { EnvironmentData } from '../../../mock-server/engine/store/state';
import { contextOf, httpRefusal, refusalOf, scopeOver, validationError } from '../helpers';
import { environment, subscriber } from '../store/subscriber-records';

const byId: SubscriberSearch = {
  limit: 10,
  includeCursor: false,
  orderBy: '_id',
  orderDirection: 'ASC',
};

function ids(data: EnvironmentData, search: Partial<SubscriberSearch>): string[] {
  return searchSubscribers(scopeOver(data), { ...byId, ...search }).data.map(
    (found) => found.subscriberId,
  );
}

describe('putSubscriber: the sorted _id index', () => {
  it('files an _id older than the newest at its sorted place, not first and not last', () => {
    const data = environment(
      subscriber('c', '03'),
      subscriber('e', '05'),
      subscriber('a', '01'),
      subscriber('d', '04'),
      subscriber('b', '02'),
    );
    expect(data.subscriberOrder).toStrictEqual(['01', '02', '03', '04', '05']);
    expect(ids(data, {})).toStrictEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('files an _id between two others in a short index', () => {
    const data = environment(subscriber('a', '01'), subscriber('c', '03'), subscriber('b', '02'));
    expect(data.subscriberOrder).toStrictEqual(['01', '02', '03']);
  });

  it('indexes a stored subscriber given a new _id under that new _id', () => {
    const data = environment(subscriber('a', '01'));
    putSubscriber(data, subscriber('a', '02'));
    expect(data.subscriberKeys.get('02')).toBe('a');
    expect(data.subscriberOrder.includes('02')).toBe(true);
  });
});

describe('findSubscriber: live records only', () => {
  it('does not find a record flagged deleted; retrieving it is a 404', () => {
    const data = environment(subscriber('gone', '01', { deleted: true }), subscriber('ada', '02'));
    expect(findSubscriber(data, 'gone')).toBe(undefined);
    expect(findSubscriber(data, 'ada')?.subscriberId).toBe('ada');
    expect(refusalOf(() => retrieveSubscriber(scopeOver(data), 'gone'))).toStrictEqual(
      httpRefusal(404, 'Not Found', 'Subscriber: gone was not found'),
    );
  });
});

describe('search: filtered matches', () => {
  it('leaves a record flagged deleted out of filtered searches (indexed and scanned needles)', () => {
    const data = environment(
      subscriber('ann', '01', { email: 'ann@x.io', firstName: 'Ann' }),
      subscriber('gone', '02', { email: 'gone@x.io', firstName: 'Anne', deleted: true }),
      subscriber('cid', '03', { email: 'cid@x.io', firstName: 'Cid' }),
    );
    expect(ids(data, { email: '@x.io' })).toStrictEqual(['ann', 'cid']);
    expect(ids(data, { email: 'x' })).toStrictEqual(['ann', 'cid']);
    expect(ids(data, { name: 'Ann' })).toStrictEqual(['ann']);
    expect(ids(data, { name: 'A', orderBy: 'createdAt' })).toStrictEqual(['ann']);
  });

  it('sorts scanned matches by _id when subscribers were stored out of _id order', () => {
    // A short needle has no trigram: the search scans the subscribers in the order stored.
    const data = environment(
      subscriber('bob', '02', { email: 'bob@x.io' }),
      subscriber('ann', '01', { email: 'ann@x.io' }),
      subscriber('cid', '03', { email: 'cid@x.io' }),
    );
    expect(ids(data, { email: 'x' })).toStrictEqual(['ann', 'bob', 'cid']);
    expect(ids(data, { email: '.i', orderDirection: 'DESC' })).toStrictEqual(['cid', 'bob', 'ann']);
  });

  it('sorts indexed matches by _id once an older _id joined the index late', () => {
    const data = environment(
      subscriber('ann', '01', { email: 'ann@x.io' }),
      subscriber('cid', '03', { email: 'cid@x.io' }),
    );
    // The first indexed search builds the index; the late `02` is then filed after `03`.
    expect(ids(data, { email: '@x.io' })).toStrictEqual(['ann', 'cid']);
    putSubscriber(data, subscriber('bob', '02', { email: 'bob@x.io' }));
    expect(ids(data, { email: 'x.io' })).toStrictEqual(['ann', 'bob', 'cid']);
    expect(ids(data, { email: '@x.', orderDirection: 'DESC' })).toStrictEqual([
      'cid',
      'bob',
      'ann',
    ]);
    expect(ids(data, { email: '@x.io' })).toStrictEqual(['ann', 'bob', 'cid']);
  });
});

describe('updateSubscriber: the body must be an object', () => {
  it.each([
    ['null', null],
    ['a string', 'firstName'],
    ['a number', 42],
    ['a boolean', true],
  ])('refuses %s as the body with 422 "body must be an object"', (_label, body) => {
    const data = environment(subscriber('ada', '01', { firstName: 'Ada' }));
    expect(refusalOf(() => updateSubscriber(scopeOver(data), 'ada', body))).toStrictEqual(
      validationError(['body must be an object']),
    );
    expect(findSubscriber(data, 'ada')?.firstName).toBe('Ada');
  });
});

describe('isLocale and isTimeZone', () => {
  it.each([
    ['en-US', true],
    ['fr', true],
    ['', false],
    ['not a locale!!', false],
    ['x_y', false],
  ])('isLocale(%j) is %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });

  it.each([
    ['Europe/Paris', true],
    ['UTC', true],
    ['', false],
    ['Mars/Olympus', false],
    ['not a zone', false],
  ])('isTimeZone(%j) is %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });
});

describe('upsertCredentials: integrationIdentifier on the channel', () => {
  function setup() {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        integrations: [{ providerId: 'fcm', channel: 'push', identifier: 'fcm-1', active: true }],
      },
    });
    const integration = engine.operations['integrations.list'](contextOf(engine)).find(
      (candidate) => candidate.identifier === 'fcm-1',
    );
    const upsert = (body: unknown) =>
      engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: body,
      });
    return { engine, integrationId: integration?._id, upsert };
  }

  it('a new channel created without an identifier has no integrationIdentifier key', () => {
    const { engine, integrationId, upsert } = setup();
    const answer = upsert({ providerId: 'fcm', credentials: { deviceTokens: ['t1'] } });
    const channel = {
      providerId: 'fcm',
      _integrationId: integrationId,
      credentials: { deviceTokens: ['t1'] },
    };
    expect(answer.channels).toStrictEqual([channel]);
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).channels,
    ).toStrictEqual([channel]);
  });

  it("an upsert without an identifier keeps the existing channel's integrationIdentifier", () => {
    const { engine, integrationId, upsert } = setup();
    upsert({
      providerId: 'fcm',
      integrationIdentifier: 'fcm-1',
      credentials: { deviceTokens: ['a'] },
    });
    const answer = upsert({ providerId: 'fcm', credentials: { deviceTokens: ['b'] } });
    const channel = {
      providerId: 'fcm',
      _integrationId: integrationId,
      integrationIdentifier: 'fcm-1',
      credentials: { deviceTokens: ['b'] },
    };
    expect(answer.channels).toStrictEqual([channel]);
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).channels,
    ).toStrictEqual([channel]);
  });

  it('an upsert without an identifier into a channel that has none adds no integrationIdentifier key', () => {
    const { integrationId, upsert } = setup();
    upsert({ providerId: 'fcm', credentials: { deviceTokens: ['a'] } });
    const answer = upsert({
      providerId: 'fcm',
      credentials: { webhookUrl: 'https://hooks.example.com/1' },
    });
    expect(answer.channels).toStrictEqual([
      {
        providerId: 'fcm',
        _integrationId: integrationId,
        credentials: { deviceTokens: ['a'], webhookUrl: 'https://hooks.example.com/1' },
      },
    ]);
  });
});
