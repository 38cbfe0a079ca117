// Subscribers directly through the engine (mock-server/engine/resources/subscribers.ts,
// docs/behaviour/subscribers.md): the PATCH validation messages and what is stored, the search
// filters, cursors and order, and the credentials upsert (integration choice, merge, token limit).
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import type { SubscriberSearch } from '../../../mock-server/engine/resources/subscribers';
import type { SeedData } from '../../../mock-server/engine/seed';
import { contextOf, serviceErrorOf, validationMessages } from '../helpers';

function engineWith(seed: SeedData = {}): MockEngine {
  return createMockEngine({
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      ],
      ...seed,
    },
  });
}

describe('subscribers: PATCH validation', () => {
  it.each([
    ['ada@example.com x', 'email', 'email must be an email'],
    ['x ada@example.com', 'email', 'email must be an email'],
    ['', 'email', 'email must be an email'],
    ['', 'locale', 'locale must be locale'],
    ['not a locale!!', 'locale', 'locale must be locale'],
    ['', 'timezone', 'timezone must be a valid IANA time-zone'],
    ['Mars/Olympus', 'timezone', 'timezone must be a valid IANA time-zone'],
  ])('%j as %s is a 422 "%s"', (value, field, message) => {
    const engine = engineWith();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: { [field]: value },
      }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Error');
    expect(validationMessages(error)).toEqual([message]);
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).email,
    ).toBe('ada@example.com');
  });

  it('lists every bad field in order: email, locale, timezone', () => {
    const engine = engineWith();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          timezone: 'Nowhere/City',
          locale: '',
          email: 'nope',
        },
      }),
    );
    expect(validationMessages(error)).toEqual([
      'email must be an email',
      'locale must be locale',
      'timezone must be a valid IANA time-zone',
    ]);
  });

  it('validates before looking the subscriber up: a bad email for nobody is a 422', () => {
    const engine = engineWith();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
        body: { email: 'nope' },
      }),
    );
    expect(error.status).toBe(422);
  });

  it('accepts a valid email, locale and time zone and stores them', () => {
    const engine = engineWith();
    const answer = engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        email: 'ada@lovelace.org',
        locale: 'en-US',
        timezone: 'Europe/Paris',
      },
    });
    expect(answer).toMatchObject({
      email: 'ada@lovelace.org',
      locale: 'en-US',
      timezone: 'Europe/Paris',
    });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }),
    ).toMatchObject({
      email: 'ada@lovelace.org',
      locale: 'en-US',
      timezone: 'Europe/Paris',
    });
  });

  it('accepts null for email, locale and time zone (null clears)', () => {
    const engine = engineWith();
    engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { locale: 'fr', timezone: 'UTC' },
    });
    const answer = engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        email: null,
        locale: null,
        timezone: null,
      },
    });
    expect(answer).toMatchObject({ email: null, locale: null, timezone: null });
  });

  it('answers 404 "Subscriber nobody was not found" for an unknown subscriber', () => {
    const engine = engineWith();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
        body: { firstName: 'X' },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Subscriber nobody was not found');
  });

  it('refuses an array body with 422 "body must be an object"', () => {
    const engine = engineWith();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: [{ firstName: 'X' }],
      }),
    );
    expect(error.status).toBe(422);
    expect(validationMessages(error)).toEqual(['body must be an object']);
  });
});

describe('subscribers: PATCH stores', () => {
  it("answers the new fields with the old updatedAt; the stored record gets the write's time", () => {
    const engine = engineWith();
    const before = engine.operations['subscribers.retrieve'](contextOf(engine), {
      params: { subscriberId: 'ada' },
    });
    engine.clock.advance('1m');
    const answer = engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        firstName: 'Augusta',
        unknownKey: 'ignored',
      },
    });
    expect(answer).toEqual({ ...before, firstName: 'Augusta' });
    const stored = engine.operations['subscribers.retrieve'](contextOf(engine), {
      params: { subscriberId: 'ada' },
    });
    expect(stored).toEqual({ ...before, firstName: 'Augusta', updatedAt: engine.clock.iso() });
    expect(stored).not.toHaveProperty('unknownKey');
  });

  it('leaves updatedAt alone when every given field already has its value', () => {
    const engine = engineWith();
    const before = engine.operations['subscribers.retrieve'](contextOf(engine), {
      params: { subscriberId: 'ada' },
    });
    engine.clock.advance('1m');
    const answer = engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        firstName: 'Ada',
        email: 'ada@example.com',
      },
    });
    expect(answer).toEqual(before);
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }),
    ).toEqual(before);
  });

  it('leaves omitted fields alone and replaces data as a whole', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { a: 1, b: 2 } }] },
    });
    const answer = engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        data: { c: 3 },
      },
    });
    expect(answer.firstName).toBe('Ada');
    expect(answer.data).toEqual({ c: 3 });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).data,
    ).toEqual({ c: 3 });
  });

  it('a name change is seen by a name search right after', () => {
    const engine = engineWith();
    const search = (name: string) =>
      engine.operations['subscribers.search'](contextOf(engine), {
        query: { ...byId, name },
      }).data.map((s) => s.subscriberId);
    expect(search('Lovelace')).toEqual(['ada']);
    engine.operations['subscribers.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { lastName: 'King' },
    });
    expect(search('Lovelace')).toEqual([]);
    expect(search('Ada King')).toEqual(['ada']);
  });
});

const byId: SubscriberSearch = {
  limit: 10,
  includeCursor: false,
  orderBy: '_id',
  orderDirection: 'ASC',
};

function ids(engine: MockEngine, search: Partial<SubscriberSearch>): string[] {
  return engine.operations['subscribers.search'](contextOf(engine), {
    query: { ...byId, ...search },
  }).data.map((subscriber) => subscriber.subscriberId);
}

function searchEngine(): MockEngine {
  return createMockEngine({
    seed: {
      subscribers: [
        {
          subscriberId: 'a',
          firstName: 'Ann',
          email: 'ann@one.io',
          phone: '+15550001',
          createdAt: '2026-01-03T00:00:00.000Z',
        },
        {
          subscriberId: 'b',
          firstName: 'Bob',
          email: 'bob@two.io',
          phone: '+15550002',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        {
          subscriberId: 'c',
          firstName: 'Cid',
          email: 'cid@one.io',
          phone: '+44770003',
          createdAt: '2026-01-02T00:00:00.000Z',
        },
      ],
    },
  });
}

describe('subscribers: search', () => {
  it('lists everyone in _id order, both directions', () => {
    const engine = searchEngine();
    expect(ids(engine, {})).toEqual(['a', 'b', 'c']);
    expect(ids(engine, { orderDirection: 'DESC' })).toEqual(['c', 'b', 'a']);
  });

  it('orders by another field, ascending and descending', () => {
    const engine = searchEngine();
    expect(ids(engine, { orderBy: 'createdAt' })).toEqual(['b', 'c', 'a']);
    expect(ids(engine, { orderBy: 'createdAt', orderDirection: 'DESC' })).toEqual(['a', 'c', 'b']);
    expect(ids(engine, { orderBy: 'createdAt', email: '.io' })).toEqual(['b', 'c', 'a']);
    expect(ids(engine, { orderBy: 'createdAt', email: 'one' })).toEqual(['c', 'a']);
  });

  it('filters by email, phone and name substrings (short and long needles)', () => {
    const engine = searchEngine();
    expect(ids(engine, { email: '@one.io' })).toEqual(['a', 'c']);
    expect(ids(engine, { email: 'o' })).toEqual(['a', 'b', 'c']);
    expect(ids(engine, { phone: '+1555' })).toEqual(['a', 'b']);
    expect(ids(engine, { phone: '44' })).toEqual(['c']);
    expect(ids(engine, { name: 'Bob' })).toEqual(['b']);
    expect(ids(engine, { name: 'i' })).toEqual(['c']);
    expect(ids(engine, { email: 'one', phone: '+1555' })).toEqual(['a']);
    expect(ids(engine, { email: '@one.io', orderDirection: 'DESC' })).toEqual(['c', 'a']);
  });

  it('a phone filter never matches a subscriber without a phone', () => {
    const engine = engineWith();
    expect(ids(engine, { phone: 'e' })).toEqual([]);
    expect(ids(engine, { phone: 'here' })).toEqual([]);
  });

  it('a subscriberId filter is exact and combines with the other filters', () => {
    const engine = searchEngine();
    expect(ids(engine, { subscriberId: 'b' })).toEqual(['b']);
    expect(ids(engine, { subscriberId: 'bo' })).toEqual([]);
    expect(ids(engine, { subscriberId: 'b', email: 'bob' })).toEqual(['b']);
    expect(ids(engine, { subscriberId: 'b', email: 'ann' })).toEqual([]);
    expect(ids(engine, { subscriberId: 'b', phone: '44' })).toEqual([]);
    expect(ids(engine, { subscriberId: 'nobody' })).toEqual([]);
  });

  it('leaves deleted subscribers out of every search', () => {
    const engine = searchEngine();
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'b' } });
    expect(ids(engine, {})).toEqual(['a', 'c']);
    expect(ids(engine, { email: '.io' })).toEqual(['a', 'c']);
    expect(ids(engine, { subscriberId: 'b' })).toEqual([]);
    expect(ids(engine, { orderBy: 'createdAt' })).toEqual(['c', 'a']);
  });

  it('a created subscriber joins the unfiltered and filtered lists', () => {
    const engine = searchEngine();
    expect(ids(engine, { email: '.io' })).toEqual(['a', 'b', 'c']);
    engine.operations['subscribers.create'](contextOf(engine), {
      body: { subscriberId: 'd', email: 'dee@one.io' },
      query: { failIfExists: true },
    });
    expect(ids(engine, {})).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(engine, { email: '.io' })).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(engine, { email: '@one.io' })).toEqual(['a', 'c', 'd']);
  });

  it('refuses both cursors with the service message', () => {
    const engine = searchEngine();
    const [first] = engine.operations['subscribers.search'](contextOf(engine), {
      query: byId,
    }).data;
    const id = first?._id ?? '';
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.search'](contextOf(engine), {
        query: { ...byId, after: id, before: id },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  });

  it('pages after a cursor; an unknown or malformed cursor gives an empty page', () => {
    const engine = searchEngine();
    const all = engine.operations['subscribers.search'](contextOf(engine), { query: byId }).data;
    const first = all[0]?._id ?? '';
    expect(ids(engine, { after: first })).toEqual(['b', 'c']);
    expect(ids(engine, { after: first.toUpperCase() })).toEqual(['b', 'c']);
    expect(ids(engine, { after: 'f'.repeat(24) })).toEqual([]);
    expect(ids(engine, { after: 'not-an-id' })).toEqual([]);
    expect(ids(engine, { before: 'f'.repeat(24) })).toEqual([]);
  });
});

const pushSeed: SeedData = {
  integrations: [
    { providerId: 'fcm', channel: 'push', identifier: 'fcm-old', active: true },
    { providerId: 'fcm', channel: 'push', identifier: 'fcm-new', active: true },
    { providerId: 'slack', channel: 'chat', identifier: 'slack-off', active: false },
  ],
};

function channelsOf(engine: MockEngine) {
  return engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
    params: { subscriberId: 'ada' },
    body: {
      providerId: 'fcm',
      credentials: {},
    },
  }).channels;
}

describe('subscribers: credentials upsert', () => {
  it('answers 400 "SubscriberId: nobody not found" for an unknown subscriber', () => {
    const engine = engineWith(pushSeed);
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
        body: {
          providerId: 'fcm',
          credentials: { deviceTokens: ['t'] },
        },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('SubscriberId: nobody not found');
  });

  it('names a bad providerId with the service message', () => {
    const engine = engineWith(pushSeed);
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          providerId: 'carrier-pigeon',
          credentials: {},
        },
      }),
    );
    expect(error.status).toBe(422);
    expect(validationMessages(error)).toEqual(['providerId must be a valid provider ID']);
  });

  it('refuses a provider with only an inactive (or no) integration', () => {
    const engine = engineWith(pushSeed);
    const environmentId = engine.environment('Development')._id;
    for (const providerId of ['slack', 'apns']) {
      const error = serviceErrorOf(() =>
        engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
          params: { subscriberId: 'ada' },
          body: {
            providerId,
            credentials: { webhookUrl: 'https://hooks.example.com/x' },
          },
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toBe(
        `Subscribers environment (${environmentId}) do not have active ${providerId} integration.`,
      );
    }
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).channels,
    ).toEqual([]);
  });

  it('refuses an integrationIdentifier that names no active integration of the provider', () => {
    const engine = engineWith(pushSeed);
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          providerId: 'fcm',
          integrationIdentifier: 'slack-off',
          credentials: { deviceTokens: ['t'] },
        },
      }),
    );
    expect(error.status).toBe(400);
  });

  it('without an identifier, stores the channel on the newest active integration, tokens deduplicated', () => {
    const engine = engineWith(pushSeed);
    const integrations = engine.operations['integrations.list'](contextOf(engine));
    const newest = integrations.find((integration) => integration.identifier === 'fcm-new');
    engine.clock.advance('1m');
    const answer = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['t1', 't2', 't1'] },
      },
    });
    expect(answer.channels).toEqual([
      {
        providerId: 'fcm',
        _integrationId: newest?._id,
        credentials: { deviceTokens: ['t1', 't2'] },
      },
    ]);
    expect(answer.updatedAt).toBe(engine.clock.iso());
  });

  it('with an identifier, stores it on the chosen integration and keeps channels apart', () => {
    const engine = engineWith(pushSeed);
    const integrations = engine.operations['integrations.list'](contextOf(engine));
    const oldest = integrations.find((integration) => integration.identifier === 'fcm-old');
    const newest = integrations.find((integration) => integration.identifier === 'fcm-new');
    engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['new'] },
      },
    });
    const answer = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        integrationIdentifier: 'fcm-old',
        credentials: { deviceTokens: ['old'] },
      },
    });
    expect(answer.channels).toEqual([
      { providerId: 'fcm', _integrationId: newest?._id, credentials: { deviceTokens: ['new'] } },
      {
        providerId: 'fcm',
        _integrationId: oldest?._id,
        integrationIdentifier: 'fcm-old',
        credentials: { deviceTokens: ['old'] },
      },
    ]);
  });

  it('merges into the existing entry: given tokens replace, omitted ones stay, other keys merge', () => {
    const engine = engineWith({
      integrations: [{ providerId: 'fcm', channel: 'push', identifier: 'fcm-1', active: true }],
    });
    engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['a', 'b'] },
      },
    });
    const withHook = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { webhookUrl: 'https://hooks.example.com/1', channel: 'general' },
      },
    });
    expect(withHook.channels.map((channel) => channel.credentials)).toEqual([
      { deviceTokens: ['a', 'b'], webhookUrl: 'https://hooks.example.com/1', channel: 'general' },
    ]);
    const replaced = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        integrationIdentifier: 'fcm-1',
        credentials: { deviceTokens: ['c'] },
      },
    });
    expect(replaced.channels).toHaveLength(1);
    expect(replaced.channels[0]).toMatchObject({
      integrationIdentifier: 'fcm-1',
      credentials: {
        deviceTokens: ['c'],
        webhookUrl: 'https://hooks.example.com/1',
        channel: 'general',
      },
    });
    expect(channelsOf(engine)[0]?.credentials).toEqual({
      deviceTokens: ['c'],
      webhookUrl: 'https://hooks.example.com/1',
      channel: 'general',
    });
  });

  it('leaves updatedAt alone when the credentials do not change', () => {
    const engine = engineWith({
      integrations: [{ providerId: 'fcm', channel: 'push', identifier: 'fcm-1', active: true }],
    });
    const first = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['a'] },
      },
    });
    engine.clock.advance('1m');
    const again = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['a'] },
      },
    });
    expect(again.updatedAt).toBe(first.updatedAt);
    const changed = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['b'] },
      },
    });
    expect(changed.updatedAt).toBe(engine.clock.iso());
  });

  it('allows exactly 100 device tokens and refuses 101 with the service message and ctx', () => {
    const engine = engineWith({
      integrations: [{ providerId: 'fcm', channel: 'push', identifier: 'fcm-1', active: true }],
    });
    const tokens = (count: number) => Array.from({ length: count }, (_, index) => `t${index}`);
    const ok = engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: tokens(100) },
      },
    });
    expect(ok.channels[0]?.credentials.deviceTokens).toHaveLength(100);
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          providerId: 'fcm',
          credentials: { deviceTokens: tokens(101) },
        },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Device tokens limit exceeded. Maximum allowed tokens per subscriber channel is 100, but got 101 tokens.',
    );
    expect(error).toMatchObject({
      ctx: { error: 'Bad Request', statusCode: 400, currentCount: 101, limit: 100 },
    });
    expect(channelsOf(engine)[0]?.credentials.deviceTokens).toHaveLength(100);
  });
});
