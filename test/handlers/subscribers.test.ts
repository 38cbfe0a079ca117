import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [
      {
        subscriberId: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+1234567890',
        data: { plan: 'pro', nested: { a: 1 } },
      },
      { subscriberId: 'grace', firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.com' },
      { subscriberId: 'alan', firstName: 'Alan', email: 'alan@other.org' },
    ],
    integrations: [
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
      { providerId: 'slack', channel: 'chat', active: false },
    ],
    topics: [
      { key: 'news', name: 'News', subscribers: ['ada', 'grace'] },
      { key: 'billing', subscribers: ['ada'] },
      { key: 'ctx', subscribers: ['ada'], contextKeys: ['tenant:acme'] },
    ],
  },
});

describe('GET /v2/subscribers/{id}', () => {
  it('answers {data: subscriber} with 200', async () => {
    const reply = await call('GET', '/v2/subscribers/ada');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      subscriberId: 'ada',
      isOnline: null,
      lastOnlineAt: null,
    });
  });

  it('answers 404 "Subscriber: x was not found" with path and query string', async () => {
    const reply = await call('GET', '/v2/subscribers/ghost?x=1');
    expect(reply.body).toEqual({
      error: 'Not Found',
      statusCode: 404,
      timestamp: engine.clock.iso(),
      path: '/v2/subscribers/ghost?x=1',
      message: 'Subscriber: ghost was not found',
      ctx: { error: 'Not Found', statusCode: 404 },
    });
  });
});

describe('PATCH /v2/subscribers/{id}', () => {
  it('sets given fields, null clears, data is replaced whole, response keeps the old updatedAt', async () => {
    const before = (await call('GET', '/v2/subscribers/ada')).body.data;
    engine.clock.advance(60_000);
    const reply = await call('PATCH', '/v2/subscribers/ada', {
      body: { firstName: 'Augusta', phone: null, data: { plan: 'free' }, unknownKey: 1 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      firstName: 'Augusta',
      phone: null,
      data: { plan: 'free' },
    });
    expect(reply.body.data.updatedAt).toBe(before.updatedAt);
    expect(reply.body.data).not.toHaveProperty('unknownKey');
    const after = (await call('GET', '/v2/subscribers/ada')).body.data;
    expect(after.updatedAt).toBe(engine.clock.iso());
    expect(after.data).toEqual({ plan: 'free' });
    expect(after.lastName).toBe('Lovelace');
  });

  it('accepts "" for names and stores it', async () => {
    const reply = await call('PATCH', '/v2/subscribers/ada', { body: { lastName: '' } });
    expect(reply.body.data.lastName).toBe('');
  });

  it.each([
    [{ email: '' }, 'email must be an email'],
    [{ email: 'nope' }, 'email must be an email'],
    [{ locale: '' }, 'locale must be locale'],
    [{ timezone: 'Mars/Olympus' }, 'timezone must be a valid IANA time-zone'],
    [{ firstName: 5 }, 'firstName must be a string'],
  ])('rejects %j with 422 Validation Error', async (body, message) => {
    const reply = await call('PATCH', '/v2/subscribers/ada', { body });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      message: 'Validation Error',
      ctx: {},
      errors: { general: { messages: [message], value: 'No Value Recorded' } },
    });
  });

  it('answers 404 "Subscriber x was not found"', async () => {
    const reply = await call('PATCH', '/v2/subscribers/ghost', { body: { firstName: 'x' } });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Subscriber ghost was not found');
  });
});

describe('GET /v2/subscribers', () => {
  const ids = async (query: string) =>
    (await call('GET', `/v2/subscribers${query}`)).body.data.map(
      (s: { subscriberId: string }) => s.subscriberId,
    );

  it('defaults: limit 10, newest _id first, not double-wrapped', async () => {
    const reply = await call('GET', '/v2/subscribers');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual([
      'data',
      'next',
      'previous',
      'totalCount',
      'totalCountCapped',
    ]);
    expect(reply.body.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual([
      'alan',
      'grace',
      'ada',
    ]);
    expect(reply.body).toMatchObject({
      next: null,
      previous: null,
      totalCount: 3,
      totalCountCapped: false,
    });
  });

  it('matches case-sensitively: substring for email/phone/name, exact subscriberId', async () => {
    expect(await ids('?email=example.com')).toEqual(['ada']);
    expect(await ids('?email=Example')).toEqual(['grace']);
    expect(await ids('?phone=1234567')).toEqual(['ada']);
    expect(await ids('?name=Ada%20Love')).toEqual(['ada']);
    expect(await ids('?name=ada')).toEqual([]);
    expect(await ids('?subscriberId=ad')).toEqual([]);
    expect(await ids('?subscriberId=ada')).toEqual(['ada']);
  });

  it('orders ascending for anything but exactly DESC, and by another field on request', async () => {
    expect(await ids('?orderDirection=asc')).toEqual(['ada', 'grace', 'alan']);
    expect(await ids('?orderBy=email&orderDirection=ASC')).toEqual(['grace', 'ada', 'alan']);
  });

  it('pages with raw _id cursors; includeCursor includes the cursor item', async () => {
    const first = (await call('GET', '/v2/subscribers?limit=1')).body;
    expect(first.next).toBe(first.data[0]._id);
    expect(first.previous).toBeNull();
    const second = (await call('GET', `/v2/subscribers?limit=1&after=${first.next}`)).body;
    expect(second.data[0].subscriberId).toBe('grace');
    expect(second.previous).toBe(second.data[0]._id);
    const inclusive = (
      await call('GET', `/v2/subscribers?limit=1&after=${first.next}&includeCursor=true`)
    ).body;
    expect(inclusive.data[0].subscriberId).toBe('alan');
    const back = (await call('GET', `/v2/subscribers?limit=5&before=${second.data[0]._id}`)).body;
    expect(back.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(['alan']);
    expect(back).toMatchObject({ previous: null, next: back.data[0]._id });
  });

  it('limit: 0, missing or text → 10; above 100 → 422 command validation', async () => {
    expect((await call('GET', '/v2/subscribers?limit=0')).status).toBe(200);
    expect((await call('GET', '/v2/subscribers?limit=abc')).status).toBe(200);
    const reply = await call('GET', '/v2/subscribers?limit=101');
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      limit: { messages: ['limit must not be greater than 100'], value: 101 },
    });
  });

  it('both cursors → 400; unknown or malformed cursor → empty page', async () => {
    const both = await call(
      'GET',
      '/v2/subscribers?after=6955b9000000000000000000&before=6955b9000000000000000000',
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
    for (const cursor of ['6955b9000000000000000000', 'not-an-id']) {
      const reply = await call('GET', `/v2/subscribers?after=${cursor}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        data: [],
        next: null,
        previous: null,
        totalCount: 0,
        totalCountCapped: false,
      });
    }
  });

  it('caps totalCount at 50,000 and flags totalCountCapped', async () => {
    engine.seed({
      subscribers: Array.from({ length: 50_001 }, (_, index) => ({
        subscriberId: `bulk-${index}`,
      })),
    });
    const reply = await call('GET', '/v2/subscribers?limit=2');
    expect(reply.body).toMatchObject({ totalCount: 50_000, totalCountCapped: true });
  });
});

describe('PATCH /v1/subscribers/{id}/credentials', () => {
  const patch = (body: unknown, id = 'ada') =>
    call('PATCH', `/v1/subscribers/${id}/credentials`, { body });

  it('creates the channel entry with the newest active integration, answering the v1 entity', async () => {
    const reply = await patch({
      providerId: 'fcm',
      credentials: { deviceTokens: ['a', 'a', 'b'], title: 'dropped' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.__v).toBe(0);
    expect(reply.body.data.channels).toEqual([
      {
        providerId: 'fcm',
        _integrationId: expect.stringMatching(/^[0-9a-f]{24}$/),
        credentials: { deviceTokens: ['a', 'b'] },
      },
    ]);
  });

  it('replaces device tokens (spec), and an omitted list leaves them alone', async () => {
    await patch({ providerId: 'fcm', credentials: { deviceTokens: ['a', 'b'] } });
    const replaced = await patch({ providerId: 'fcm', credentials: { deviceTokens: ['c'] } });
    expect(replaced.body.data.channels[0].credentials.deviceTokens).toEqual(['c']);
    const kept = await patch({ providerId: 'fcm', credentials: { webhookUrl: 'https://hook' } });
    expect(kept.body.data.channels[0].credentials).toEqual({
      deviceTokens: ['c'],
      webhookUrl: 'https://hook',
    });
    const cleared = await patch({ providerId: 'fcm', credentials: { deviceTokens: [] } });
    expect(cleared.body.data.channels[0].credentials.deviceTokens).toEqual([]);
  });

  it('answers 400 over 100 tokens with currentCount and limit', async () => {
    const tokens = Array.from({ length: 101 }, (_, index) => `t${index}`);
    const reply = await patch({ providerId: 'fcm', credentials: { deviceTokens: tokens } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      message:
        'Device tokens limit exceeded. Maximum allowed tokens per subscriber channel is 100, but got 101 tokens.',
      currentCount: 101,
      limit: 100,
    });
  });

  it('answers 400 when the environment has no active integration for the provider', async () => {
    const reply = await patch({ providerId: 'slack', credentials: { webhookUrl: 'https://x' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      `Subscribers environment (${engine.environment('Development')._id}) do not have active slack integration.`,
    );
    const wrongIdentifier = await patch({
      providerId: 'fcm',
      integrationIdentifier: 'other',
      credentials: {},
    });
    expect(wrongIdentifier.status).toBe(400);
  });

  it('answers 400 "SubscriberId: x not found" for an unknown subscriber', async () => {
    const reply = await patch({ providerId: 'fcm', credentials: {} }, 'ghost');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('SubscriberId: ghost not found');
  });

  it('validates the body: provider id and credentials', async () => {
    const bad = await patch({ providerId: 'sendgrid', credentials: {} });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.general.messages).toEqual(['providerId must be a valid provider ID']);
    const missing = await patch({ providerId: 'fcm' });
    expect(missing.body.errors.general.messages).toEqual([
      'credentials should not be null or undefined',
    ]);
  });
});

describe('GET /v2/subscribers/{id}/subscriptions', () => {
  it('lists subscriptions newest first in the subscriptions shape', async () => {
    const reply = await call('GET', '/v2/subscribers/ada/subscriptions');
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((s: { topic: { key: string } }) => s.topic.key)).toEqual([
      'ctx',
      'billing',
      'news',
    ]);
    expect(reply.body.data[2]).toMatchObject({
      identifier: 'tk_news:si_ada',
      topic: { key: 'news', name: 'News' },
      subscriber: { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
      contextKeys: [],
    });
    expect(reply.body.data[0].identifier).toBe('tk_ctx:si_ada:ctx_tenant:acme');
  });

  it('filters by exact key and context keys; ASC only for exactly ASC; orderBy ignored', async () => {
    const byKey = await call('GET', '/v2/subscribers/ada/subscriptions?key=news');
    expect(byKey.body.data).toHaveLength(1);
    const noContext = await call('GET', '/v2/subscribers/ada/subscriptions?contextKeys=');
    expect(noContext.body.data.map((s: { topic: { key: string } }) => s.topic.key)).toEqual([
      'billing',
      'news',
    ]);
    const withContext = await call(
      'GET',
      '/v2/subscribers/ada/subscriptions?contextKeys=tenant:acme',
    );
    expect(withContext.body.data).toHaveLength(1);
    const asc = await call(
      'GET',
      '/v2/subscribers/ada/subscriptions?orderDirection=ASC&orderBy=createdAt',
    );
    expect(asc.body.data.map((s: { topic: { key: string } }) => s.topic.key)).toEqual([
      'news',
      'billing',
      'ctx',
    ]);
  });

  it('pages with cursors like the subscriber search', async () => {
    const first = (await call('GET', '/v2/subscribers/ada/subscriptions?limit=2')).body;
    expect(first).toMatchObject({ totalCount: 3, previous: null });
    const second = (
      await call('GET', `/v2/subscribers/ada/subscriptions?limit=2&after=${first.next}`)
    ).body;
    expect(second.data.map((s: { topic: { key: string } }) => s.topic.key)).toEqual(['news']);
    expect(second.next).toBeNull();
  });

  it('answers 404 "Subscriber not found", 422 for limit > 100 or text, 400 for both cursors', async () => {
    expect((await call('GET', '/v2/subscribers/ghost/subscriptions')).body.message).toBe(
      'Subscriber not found',
    );
    const tooMany = await call('GET', '/v2/subscribers/ada/subscriptions?limit=101');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.general.messages).toEqual(['limit must not be greater than 100']);
    expect((await call('GET', '/v2/subscribers/ada/subscriptions?limit=abc')).status).toBe(422);
    expect((await call('GET', '/v2/subscribers/ada/subscriptions?limit=0')).status).toBe(200);
    const both = await call('GET', '/v2/subscribers/ada/subscriptions?after=a&before=b');
    expect(both.status).toBe(400);
  });
});
