// Subscriber create, bulk create and delete directly through the engine
// (mock-server/engine/resources/subscriber-lifecycle.ts, docs/behaviour/subscribers.md): the
// validation messages, the upsert rules, the bulk answer, and what a delete takes with it.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';
import { contextOf, serviceErrorOf, validationMessages } from '../helpers';

function create(engine: MockEngine, body: unknown, failIfExists = false) {
  return engine.operations['subscribers.create'](contextOf(engine), {
    body: body,
    query: { failIfExists },
  });
}

const BAD_ID =
  'SubscriberId must be a valid email address or a string of alphanumeric characters, hyphens, and underscores';

describe('subscriber create: validation', () => {
  it.each([['user_1'], ['a-b:c.d'], ['ada@example.com'], ['Ada+tag@example.co.uk']])(
    'accepts the subscriberId %j',
    (subscriberId) => {
      const engine = createMockEngine();
      expect(create(engine, { subscriberId }).subscriberId).toBe(subscriberId);
    },
  );

  it.each([
    ['user 1'],
    ['user#1'],
    ['#user'],
    ['user#'],
    ['ada@example'],
    ['@example.com'],
    ['ada@.com'],
    ['ada@example.'],
  ])('refuses the subscriberId %j with the service message', (subscriberId) => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() => create(engine, { subscriberId }));
    expect(error.status).toBe(422);
    expect(validationMessages(error)).toEqual([BAD_ID]);
  });

  it('a blank subscriberId is "SubscriberId is required", nothing else', () => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() => create(engine, { subscriberId: '   ' }));
    expect(validationMessages(error)).toEqual(['SubscriberId is required']);
  });

  it('trims the subscriberId before storing it', () => {
    const engine = createMockEngine();
    expect(create(engine, { subscriberId: '  ada  ' }).subscriberId).toBe('ada');
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).subscriberId,
    ).toBe('ada');
  });

  it('lists the id problem then email, locale and time zone problems', () => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() =>
      create(engine, {
        subscriberId: 'bad id',
        email: 'nope',
        locale: '',
        timezone: 'Mars/Olympus',
      }),
    );
    expect(error.status).toBe(422);
    expect(validationMessages(error)).toEqual([
      BAD_ID,
      'email must be an email',
      'locale must be locale',
      'timezone must be a valid IANA time-zone',
    ]);
    expect(() =>
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'bad id' },
      }),
    ).toThrow(ServiceError);
  });

  it.each([
    ['email', 'x@y', 'email must be an email'],
    ['locale', 'not a locale!!', 'locale must be locale'],
    ['timezone', 'Nowhere/City', 'timezone must be a valid IANA time-zone'],
  ])('a bad %s alone is its one message', (field, value, message) => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() => create(engine, { subscriberId: 'ada', [field]: value }));
    expect(validationMessages(error)).toEqual([message]);
  });

  it('accepts a valid email, locale and time zone', () => {
    const engine = createMockEngine();
    expect(
      create(engine, {
        subscriberId: 'ada',
        email: 'ada@example.com',
        locale: 'en-GB',
        timezone: 'Europe/London',
      }),
    ).toMatchObject({ email: 'ada@example.com', locale: 'en-GB', timezone: 'Europe/London' });
  });
});

describe("subscriber create: the service's format checks", () => {
  it.each(['en_US', 'en-US', 'fr', 'zh-Hant-TW', 'pt_BR', 'es-419'])(
    'accepts the locale %s as the service does',
    (locale) => {
      const engine = createMockEngine();
      expect(create(engine, { subscriberId: 'ada', locale }).locale).toBe(locale);
    },
  );

  it.each(['englishlanguage', 'en US', 'e', 'en-', '12-US'])('refuses the locale %j', (locale) => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() => create(engine, { subscriberId: 'ada', locale }));
    expect(validationMessages(error)).toEqual(['locale must be locale']);
  });

  it('accepts empty text fields and null for every nullable field and data, echoing none of them', () => {
    const engine = createMockEngine();
    const answer = create(engine, {
      subscriberId: 'ada',
      firstName: '',
      lastName: '',
      phone: '',
      avatar: '',
      email: null,
      locale: null,
      timezone: null,
      data: null,
    });
    for (const field of [
      'firstName',
      'lastName',
      'phone',
      'avatar',
      'email',
      'locale',
      'timezone',
    ]) {
      expect(answer).not.toHaveProperty(field);
    }
    expect(answer.data).toStrictEqual({});
  });
});

describe('subscriber create: what is stored', () => {
  it('a new subscriber starts with no channels or topics and data {}', () => {
    const engine = createMockEngine();
    const answer = create(engine, { subscriberId: 'ada', firstName: 'Ada' });
    expect(answer).toMatchObject({
      subscriberId: 'ada',
      firstName: 'Ada',
      channels: [],
      topics: [],
      data: {},
      deleted: false,
      createdAt: engine.clock.iso(),
      updatedAt: engine.clock.iso(),
    });
    expect(answer).not.toHaveProperty('lastName');
  });

  it('with failIfExists an existing subscriber is a 409 with the service message', () => {
    const engine = createMockEngine();
    create(engine, { subscriberId: 'ada', firstName: 'Ada' });
    const error = serviceErrorOf(() =>
      create(engine, { subscriberId: 'ada', firstName: 'X' }, true),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe('Subscriber with id "ada" already exists');
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).firstName,
    ).toBe('Ada');
  });

  it('an upsert sets the given non-empty fields, keeps the rest, and resets data to the given object or {}', () => {
    const engine = createMockEngine();
    create(engine, {
      subscriberId: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      data: { plan: 'pro' },
    });
    const created = engine.operations['subscribers.retrieve'](contextOf(engine), {
      params: { subscriberId: 'ada' },
    });
    engine.clock.advance('1m');
    const answer = create(engine, { subscriberId: 'ada', firstName: 'Augusta', lastName: '' });
    expect(answer).toEqual({
      ...created,
      firstName: 'Augusta',
      data: {},
      updatedAt: engine.clock.iso(),
    });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }),
    ).toEqual(answer);
  });

  it('an upsert that changes nothing leaves updatedAt alone', () => {
    const engine = createMockEngine();
    const created = create(engine, { subscriberId: 'ada', firstName: 'Ada', data: { a: 1 } });
    engine.clock.advance('1m');
    const answer = create(engine, { subscriberId: 'ada', firstName: 'Ada', data: { a: 1 } });
    expect(answer).toEqual(created);
  });

  it('an upsert whose only change is one field of several still writes', () => {
    const engine = createMockEngine();
    create(engine, { subscriberId: 'ada', firstName: 'Ada', lastName: 'L' });
    engine.clock.advance('1m');
    const answer = create(engine, { subscriberId: 'ada', firstName: 'Ada', lastName: 'K' });
    expect(answer.lastName).toBe('K');
    expect(answer.updatedAt).toBe(engine.clock.iso());
  });

  it('an upserted name is found by a name search', () => {
    const engine = createMockEngine();
    create(engine, { subscriberId: 'ada', firstName: 'Ada' });
    create(engine, { subscriberId: 'ada', firstName: 'Augusta' });
    const found = engine.operations['subscribers.search'](contextOf(engine), {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'ASC',
        name: 'Augusta',
      },
    });
    expect(found.data.map((subscriber) => subscriber.subscriberId)).toEqual(['ada']);
  });

  it('upserts (create and bulk) keep the subscriber once in the unfiltered list', () => {
    const engine = createMockEngine();
    create(engine, { subscriberId: 'ada', firstName: 'Ada' });
    create(engine, { subscriberId: 'bob' });
    create(engine, { subscriberId: 'ada', firstName: 'Augusta' });
    engine.operations['subscribers.createBulk'](contextOf(engine), {
      body: {
        subscribers: [{ subscriberId: 'ada', lastName: 'King' }],
      },
    });
    const all = engine.operations['subscribers.search'](contextOf(engine), {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'ASC',
      },
    });
    expect(all.data.map((subscriber) => subscriber.subscriberId)).toEqual(['ada', 'bob']);
  });
});

describe('subscriber bulk create', () => {
  it('answers created and updated in order, a repeated id created then updated', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'old' }] } });
    const result = engine.operations['subscribers.createBulk'](contextOf(engine), {
      body: {
        subscribers: [
          { subscriberId: 'new', firstName: 'N' },
          { subscriberId: 'old', firstName: 'O' },
          { subscriberId: 'new', lastName: 'Two' },
        ],
      },
    });
    expect(result).toEqual({
      created: [{ subscriberId: 'new' }],
      updated: [{ subscriberId: 'old' }, { subscriberId: 'new' }],
      failed: [],
    });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'new' },
      }),
    ).toMatchObject({
      subscriberId: 'new',
      firstName: 'N',
      lastName: 'Two',
      channels: [],
      topics: [],
    });
  });

  it('an update sets the given fields (null included) and the write time', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'old', firstName: 'O', lastName: 'L' }] },
    });
    engine.clock.advance('1m');
    engine.operations['subscribers.createBulk'](contextOf(engine), {
      body: {
        subscribers: [{ subscriberId: 'old', firstName: null }],
      },
    });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'old' },
      }),
    ).toMatchObject({
      firstName: null,
      lastName: 'L',
      updatedAt: engine.clock.iso(),
    });
  });

  it('names each bad item by its index and stores nothing', () => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.createBulk'](contextOf(engine), {
        body: {
          subscribers: [
            { subscriberId: 'fine' },
            { subscriberId: '', email: 'nope' },
            { subscriberId: 'x', locale: '', timezone: 'Nowhere/City' },
          ],
        },
      }),
    );
    expect(error.status).toBe(422);
    expect(validationMessages(error)).toEqual([
      'subscribers.1.SubscriberId is required',
      'subscribers.1.email must be an email',
      'subscribers.2.locale must be locale',
      'subscribers.2.timezone must be a valid IANA time-zone',
    ]);
    expect(() =>
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'fine' },
      }),
    ).toThrow(ServiceError);
  });
});

describe('subscriber delete', () => {
  it('answers { acknowledged: true, status: "deleted" } and the subscriber is gone', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }] },
    });
    expect(
      engine.operations['subscribers.delete'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }),
    ).toEqual({
      acknowledged: true,
      status: 'deleted',
    });
    expect(() =>
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }),
    ).toThrow(ServiceError);
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'bob' },
      }).subscriberId,
    ).toBe('bob');
  });

  it('an unknown subscriber is a 404 "Subscriber was not found" naming the id in ctx', () => {
    const engine = createMockEngine();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.delete'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Subscriber was not found');
    expect(error.ctx).toEqual({
      error: 'Not Found',
      statusCode: 404,
      externalSubscriberId: 'nobody',
    });
  });

  it('takes its topic subscriptions and messages, leaving the others', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
        topics: [{ key: 'news', subscribers: ['ada', 'bob'] }],
        messages: [
          { subscriberId: 'ada', content: 'for ada' },
          { subscriberId: 'bob', content: 'for bob' },
        ],
      },
    });
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'ada' } });
    const subscriptions = engine.operations['topics.subscriptions.list'](contextOf(engine), {
      params: { topicKey: 'news' },
      query: {
        limit: 10,
        includeCursor: false,
        orderDirection: 'ASC',
      },
    });
    expect(subscriptions.data.map((entry) => entry.subscriber?.subscriberId)).toEqual(['bob']);
    const messages = engine.operations['messages.list'](contextOf(engine), {
      query: { page: 0, limit: 10 },
    });
    expect(messages.data.map((message) => message.content)).toEqual(['for bob']);
  });

  it('a recreated subscriber starts without the old preferences, subscriptions or messages', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        topics: [{ key: 'news', subscribers: ['ada'] }],
        messages: [{ subscriberId: 'ada', content: 'old' }],
        workflows: [
          {
            workflowId: 'welcome',
            steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: 'Hi' } }],
          },
        ],
      },
    });
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { channels: { email: false } },
    });
    expect(
      engine.operations['subscribers.preferences.list'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        query: { criticality: 'nonCritical' },
      }).global.channels,
    ).toHaveProperty('email', false);
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'ada' } });
    create(engine, { subscriberId: 'ada' });
    const preferences = engine.operations['subscribers.preferences.list'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      query: { criticality: 'nonCritical' },
    });
    expect(preferences.global.channels).toEqual({ email: true });
    const messages = engine.operations['messages.list'](contextOf(engine), {
      query: {
        page: 0,
        limit: 10,
        subscriberId: 'ada',
      },
    });
    expect(messages.data).toEqual([]);
    const subscriptions = engine.operations['topics.subscriptions.list'](contextOf(engine), {
      params: { topicKey: 'news' },
      query: {
        limit: 10,
        includeCursor: false,
        orderDirection: 'ASC',
      },
    });
    expect(subscriptions.data).toEqual([]);
  });

  it('a deleted subscriber leaves the unfiltered search, and a recreated one comes back last', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }] },
    });
    const list = () =>
      engine.operations['subscribers.search'](contextOf(engine), {
        query: {
          limit: 10,
          includeCursor: false,
          orderBy: '_id',
          orderDirection: 'ASC',
        },
      }).data.map((subscriber) => subscriber.subscriberId);
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'ada' } });
    expect(list()).toEqual(['bob']);
    create(engine, { subscriberId: 'ada' });
    expect(list()).toEqual(['bob', 'ada']);
  });
});
