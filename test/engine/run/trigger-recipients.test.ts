// The recipients of a trigger through the engine (mock-server/engine/run/trigger.ts): which `to`
// entries the run can use, the upsert of each subscriber definition and its channel credentials,
// topic fan-out with exclude and the actor, and de-duplication (docs/behaviour/runs.md#recipients,
// docs/behaviour/subscribers.md#credentials).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];

const inbox = {
  workflowId: 'welcome',
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hello' } }],
};

// The engine's clock starts at SEEDED; the tests that look at updatedAt move it to LATER first.
const SEEDED = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T01:00:00.000Z';

function setup(seed: Seed = {}) {
  const engine = createMockEngine({
    seed: { subscribers: [{ subscriberId: 'ada' }], workflows: [inbox], ...seed },
  });
  const context = engine.scope('Development');
  const trigger = (to: unknown, more: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context, { body: { name: 'welcome', to, ...more } });
  const notified = () =>
    context.data.notifications.map((notification) => {
      const subscriberId = context.data.subscriberKeys.get(notification._subscriberId);
      return subscriberId;
    });
  return { engine, context, trigger, notified };
}

describe('trigger recipients: which entries the run can use', () => {
  it('a subscriberId of letters, digits and _:.- or an email address is a recipient', () => {
    const { trigger, notified } = setup();
    expect(trigger(['a_b:c.d-1', 'a+b@example.com']).status).toBe('processed');
    expect(notified()).toEqual(['a_b:c.d-1', 'a+b@example.com']);
  });

  it('a subscriberId with other characters is dropped, alone answering invalid_recipients', () => {
    const { context, trigger, notified } = setup();
    expect(trigger('bad id!').status).toBe('invalid_recipients');
    expect(trigger(['bad id!', 'ada']).status).toBe('processed');
    expect(notified()).toEqual(['ada']);
    expect(context.data.subscribers.has('bad id!')).toBe(false);
  });

  it('entries that are null, numbers or arrays are dropped, the others still run', () => {
    const { trigger, notified } = setup();
    expect(trigger([null, 5, ['ada'], 'ada']).status).toBe('processed');
    expect(notified()).toEqual(['ada']);
  });

  it('subscriber objects the service cannot use are dropped', () => {
    const { context, trigger } = setup();
    const unusable = [
      { subscriberId: 5 },
      { subscriberId: 'bad id!' },
      { firstName: 'No id' },
      { subscriberId: 'cy', firstName: 5 },
      { subscriberId: 'cy', data: 'text' },
      { subscriberId: 'cy', data: ['list'] },
      { subscriberId: 'cy', channels: { providerId: 'slack' } },
      { subscriberId: 'cy', channels: ['slack'] },
      { subscriberId: 'cy', channels: [null] },
      { subscriberId: 'cy', channels: [{ providerId: 5, credentials: {} }] },
      { subscriberId: 'cy', channels: [{ credentials: {} }] },
      { subscriberId: 'cy', channels: [{ providerId: 'slack' }] },
      { subscriberId: 'cy', channels: [{ providerId: 'slack', credentials: 'token' }] },
      { subscriberId: 'cy', channels: [{ providerId: 'slack', credentials: ['token'] }] },
    ];
    for (const entry of unusable) {
      expect([entry, trigger(entry).status]).toEqual([entry, 'invalid_recipients']);
    }
    expect(context.data.subscribers.has('cy')).toBe(false);
    expect(context.data.notifications).toEqual([]);
  });

  it('a topic entry needs a non-empty text topicKey', () => {
    const { trigger } = setup({ topics: [{ key: 'news', subscribers: ['ada'] }] });
    expect(trigger({ type: 'Topic', topicKey: '' }).status).toBe('invalid_recipients');
    expect(trigger({ type: 'Topic', topicKey: 5 }).status).toBe('invalid_recipients');
    expect(trigger({ type: 'Topic' }).status).toBe('invalid_recipients');
    expect(trigger({ type: 'Topic', topicKey: 'news' }).status).toBe('processed');
  });

  it('an unknown topic is skipped: alone it is processed with no notification', () => {
    const { context, trigger, notified } = setup({
      topics: [{ key: 'news', subscribers: ['ada'] }],
    });
    expect(trigger({ type: 'Topic', topicKey: 'nobody' }).status).toBe('processed');
    expect(context.data.notifications).toEqual([]);
    expect(trigger([{ type: 'Topic', topicKey: 'nobody' }, 'ada']).status).toBe('processed');
    expect(notified()).toEqual(['ada']);
  });
});

describe('trigger recipients: the stored to, topics and subscriptions', () => {
  it('a subscriberId is stored as { subscriberId } with no topics or subscriptions', () => {
    const { context, trigger } = setup();
    trigger('ada');
    const [notification] = context.data.notifications;
    expect(notification?.to).toEqual({ subscriberId: 'ada' });
    expect(notification?.topics).toEqual([]);
    expect(notification !== undefined && 'subscriptions' in notification).toBe(false);
  });

  it('a subscriber object is stored as given, a copy', () => {
    const { context, trigger } = setup();
    const entry = { subscriberId: 'ada', firstName: 'Ada' };
    trigger(entry);
    entry.firstName = 'Changed';
    expect(context.data.notifications[0]?.to).toEqual({ subscriberId: 'ada', firstName: 'Ada' });
  });

  it('a subscriber named twice gets one notification, stored with the last entry naming it', () => {
    const { context, trigger, notified } = setup();
    trigger(['ada', { subscriberId: 'ada', lastName: 'Lovelace' }, 'bob']);
    expect(notified()).toEqual(['ada', 'bob']);
    expect(context.data.notifications[0]?.to).toEqual({
      subscriberId: 'ada',
      lastName: 'Lovelace',
    });
  });

  it("a topic's subscribers are stored with the topic and their subscription", () => {
    const { context, trigger, notified } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      topics: [{ key: 'news', subscribers: ['ada', 'bob'] }],
    });
    trigger({ type: 'Topic', topicKey: 'news' });
    const topic = context.data.topics.get('news');
    expect(notified()).toEqual(['ada', 'bob']);
    expect(context.data.notifications.map((n) => [n.to, n.topics, n.subscriptions])).toEqual([
      [{ subscriberId: 'ada' }, [{ _topicId: topic?._id, topicKey: 'news' }], ['tk_news:si_ada']],
      [{ subscriberId: 'bob' }, [{ _topicId: topic?._id, topicKey: 'news' }], ['tk_news:si_bob']],
    ]);
  });

  it('a subscriber reached directly and through topics gets one notification listing each topic once', () => {
    const { context, trigger, notified } = setup({
      topics: [
        { key: 'news', subscribers: ['ada'] },
        { key: 'sales', subscribers: ['ada'] },
      ],
    });
    trigger([
      { subscriberId: 'ada', firstName: 'Ada' },
      { type: 'Topic', topicKey: 'news' },
      { type: 'Topic', topicKey: 'sales' },
      { type: 'Topic', topicKey: 'news' },
    ]);
    expect(notified()).toEqual(['ada']);
    const [notification] = context.data.notifications;
    expect(notification?.to).toEqual({ subscriberId: 'ada', firstName: 'Ada' });
    expect(notification?.topics).toEqual([
      { _topicId: context.data.topics.get('news')?._id, topicKey: 'news' },
      { _topicId: context.data.topics.get('sales')?._id, topicKey: 'sales' },
    ]);
    expect(notification?.subscriptions?.slice(0, 2)).toEqual(['tk_news:si_ada', 'tk_sales:si_ada']);
  });

  it("a topic's exclude leaves out the subscriberIds it lists, ignoring entries that are not text", () => {
    const { trigger, notified } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }, { subscriberId: 'cy' }],
      topics: [{ key: 'news', subscribers: ['ada', 'bob', 'cy'] }],
    });
    trigger({ type: 'Topic', topicKey: 'news', exclude: ['bob', 5] });
    expect(notified()).toEqual(['ada', 'cy']);
  });

  it('the actor is left out of the topic fan-out, as a string or an object', () => {
    const { trigger, notified } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      topics: [{ key: 'news', subscribers: ['ada', 'bob'] }],
    });
    trigger({ type: 'Topic', topicKey: 'news' }, { actor: 'bob' });
    trigger({ type: 'Topic', topicKey: 'news' }, { actor: { subscriberId: 'ada' } });
    expect(notified()).toEqual(['ada', 'bob']);
  });
});

describe('trigger recipients: subscriber upserts', () => {
  it('an unknown subscriber is created with the given profile fields and data', () => {
    const { engine, context, trigger } = setup();
    const environment = engine.environment('Development');
    trigger({
      subscriberId: 'cy',
      firstName: 'Cy',
      email: 'cy@example.com',
      timezone: 'Europe/Paris',
      data: { plan: 'pro' },
    });
    const record = context.data.subscribers.get('cy');
    expect(record).toEqual({
      _id: record?._id,
      _organizationId: environment._organizationId,
      _environmentId: environment._id,
      subscriberId: 'cy',
      firstName: 'Cy',
      email: 'cy@example.com',
      timezone: 'Europe/Paris',
      data: { plan: 'pro' },
      channels: [],
      topics: [],
      deleted: false,
      createdAt: SEEDED,
      updatedAt: SEEDED,
      __v: 0,
    });
    expect(context.data.notifications[0]?._subscriberId).toBe(record?._id);
  });

  it('an unknown subscriber named by id is created with no data key', () => {
    const { context, trigger } = setup();
    trigger('cy');
    const record = context.data.subscribers.get('cy');
    expect(record?.channels).toEqual([]);
    expect(record?.topics).toEqual([]);
    expect(record !== undefined && 'data' in record).toBe(false);
  });

  it('null profile fields and null data are taken as given', () => {
    const { context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro' } }],
    });
    expect(trigger({ subscriberId: 'ada', firstName: null, data: null }).status).toBe('processed');
    expect(trigger({ subscriberId: 'cy', lastName: null, data: null }).status).toBe('processed');
    expect(context.data.subscribers.get('ada')).toMatchObject({ firstName: null, data: null });
    expect(context.data.subscribers.get('cy')).toMatchObject({ lastName: null, data: null });
  });

  it('a known subscriber gets the given fields and data replaced, and a new updatedAt', () => {
    const { engine, context, trigger } = setup({
      subscribers: [
        {
          subscriberId: 'ada',
          firstName: 'Ada',
          lastName: 'Byron',
          data: { plan: 'free', seats: 1 },
        },
      ],
    });
    engine.clock.advance('1h');
    trigger({ subscriberId: 'ada', lastName: 'Lovelace', data: { plan: 'pro' } });
    expect(context.data.subscribers.get('ada')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      data: { plan: 'pro' },
      updatedAt: LATER,
    });
  });

  it('a known subscriber given only its data gets it replaced', () => {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada', data: { plan: 'free' } }],
    });
    engine.clock.advance('1h');
    trigger({ subscriberId: 'ada', data: { plan: 'pro' } });
    expect(context.data.subscribers.get('ada')).toMatchObject({
      data: { plan: 'pro' },
      updatedAt: LATER,
    });
  });

  it('a known subscriber given the values it has keeps its updatedAt', () => {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro' } }],
    });
    engine.clock.advance('1h');
    trigger({ subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro' } });
    trigger('ada');
    expect(context.data.subscribers.get('ada')).toMatchObject({
      firstName: 'Ada',
      data: { plan: 'pro' },
      updatedAt: SEEDED,
    });
  });

  it('a known subscriber given no data keeps its data', () => {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada', data: { plan: 'pro' } }],
    });
    engine.clock.advance('1h');
    trigger({ subscriberId: 'ada', firstName: 'Ada' });
    expect(context.data.subscribers.get('ada')).toMatchObject({
      firstName: 'Ada',
      data: { plan: 'pro' },
      updatedAt: LATER,
    });
  });

  it('the stored data is a copy of the given one', () => {
    const { context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada', data: { plan: 'free' } }],
    });
    const known = { plan: 'pro' };
    const created = { plan: 'team' };
    trigger([
      { subscriberId: 'ada', data: known },
      { subscriberId: 'cy', data: created },
    ]);
    known.plan = 'changed';
    created.plan = 'changed';
    expect(context.data.subscribers.get('ada')?.data).toEqual({ plan: 'pro' });
    expect(context.data.subscribers.get('cy')?.data).toEqual({ plan: 'team' });
  });
});

describe('trigger recipients: channel credentials', () => {
  const chat = { providerId: 'slack', channel: 'chat' as const, active: true };

  it('credentials go to the active integration of the provider, named by its _integrationId only', () => {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [{ ...chat, identifier: 'slack-main' }],
    });
    engine.clock.advance('1h');
    trigger({
      subscriberId: 'ada',
      channels: [
        { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/1' } },
      ],
    });
    const integration = context.data.integrations.find((i) => i.identifier === 'slack-main');
    // As the credentials endpoint (and the service's UpdateSubscriberChannel, which both run):
    // an identifier the channel did not give is not stored.
    expect(context.data.subscribers.get('ada')).toMatchObject({
      channels: [
        {
          providerId: 'slack',
          _integrationId: integration?._id,
          credentials: { webhookUrl: 'https://hooks.example.com/1' },
        },
      ],
      updatedAt: LATER,
    });
    expect(context.data.subscribers.get('ada')?.channels[0]).not.toHaveProperty(
      'integrationIdentifier',
    );
  });

  it('an integrationIdentifier picks that integration; without one the newest active one is used', () => {
    const { context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      integrations: [
        { ...chat, identifier: 'first' },
        { ...chat, identifier: 'second' },
        { ...chat, identifier: 'third', active: false },
      ],
    });
    trigger([
      {
        subscriberId: 'ada',
        channels: [
          {
            providerId: 'slack',
            integrationIdentifier: 'first',
            credentials: { webhookUrl: 'https://a' },
          },
        ],
      },
      {
        subscriberId: 'bob',
        channels: [{ providerId: 'slack', credentials: { webhookUrl: 'https://b' } }],
      },
    ]);
    const identifierOf = (id: string) =>
      context.data.integrations.find((integration) => integration._id === id)?.identifier;
    expect(
      context.data.subscribers.get('ada')?.channels.map((c) => identifierOf(c._integrationId)),
    ).toEqual(['first']);
    expect(
      context.data.subscribers.get('bob')?.channels.map((c) => identifierOf(c._integrationId)),
    ).toEqual(['second']);
  });

  it('without an active integration of the provider (or with that identifier) the credentials are dropped', () => {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [
        { ...chat, identifier: 'off', active: false },
        { providerId: 'discord', channel: 'chat', active: true, identifier: 'discord-1' },
      ],
    });
    engine.clock.advance('1h');
    trigger({
      subscriberId: 'ada',
      channels: [
        { providerId: 'slack', credentials: { webhookUrl: 'https://a' } },
        {
          providerId: 'discord',
          integrationIdentifier: 'other',
          credentials: { webhookUrl: 'https://b' },
        },
      ],
    });
    expect(context.data.subscribers.get('ada')).toMatchObject({ channels: [], updatedAt: SEEDED });
  });

  it('a subscriber search sorted by updatedAt sees the credentials change', () => {
    const { engine, context, trigger } = setup({
      subscribers: [
        { subscriberId: 'ada', email: 'ada@example.com' },
        { subscriberId: 'bob', email: 'bob@example.com' },
      ],
      integrations: [{ ...chat, identifier: 'slack-1' }],
    });
    const search = {
      limit: 10,
      includeCursor: false,
      orderBy: 'updatedAt',
      orderDirection: 'ASC' as const,
      email: '@example.com',
    };
    const order = () =>
      engine.operations['subscribers.search'](context, { query: search }).data.map(
        (s) => s.subscriberId,
      );
    expect(order()).toEqual(['ada', 'bob']);
    engine.clock.advance('1h');
    trigger({
      subscriberId: 'ada',
      channels: [{ providerId: 'slack', credentials: { webhookUrl: 'https://a' } }],
    });
    expect(order()).toEqual(['bob', 'ada']);
  });

  it('keeps webhookUrl, channel and the text device tokens once each, nothing else', () => {
    const { context, trigger } = setup({ integrations: [{ ...chat, identifier: 'slack-1' }] });
    trigger({
      subscriberId: 'ada',
      channels: [
        {
          providerId: 'slack',
          credentials: {
            webhookUrl: 'https://a',
            channel: '#general',
            deviceTokens: ['t1', 5, 't2', 't1'],
            token: 'secret',
          },
        },
      ],
    });
    expect(context.data.subscribers.get('ada')?.channels[0]?.credentials).toEqual({
      webhookUrl: 'https://a',
      channel: '#general',
      deviceTokens: ['t1', 't2'],
    });
  });

  it('credentials values that are not text (or an array) are left out', () => {
    const { context, trigger } = setup({ integrations: [{ ...chat, identifier: 'slack-1' }] });
    trigger({
      subscriberId: 'ada',
      channels: [
        { providerId: 'slack', credentials: { webhookUrl: 5, channel: 6, deviceTokens: 't1' } },
      ],
    });
    expect(context.data.subscribers.get('ada')?.channels).toEqual([
      expect.objectContaining({ providerId: 'slack', credentials: {} }),
    ]);
  });

  it('credentials for a channel the subscriber has are merged into it', () => {
    const { context, trigger } = setup({
      integrations: [
        { ...chat, identifier: 'slack-1' },
        { ...chat, identifier: 'slack-2' },
      ],
    });
    // The null entry takes `to` past the documented forms, so the run reads `channel` as given.
    trigger([
      null,
      {
        subscriberId: 'ada',
        channels: [
          {
            providerId: 'slack',
            integrationIdentifier: 'slack-1',
            credentials: { webhookUrl: 'https://a', channel: '#one' },
          },
          {
            providerId: 'slack',
            integrationIdentifier: 'slack-2',
            credentials: { webhookUrl: 'https://b' },
          },
        ],
      },
    ]);
    trigger({
      subscriberId: 'ada',
      channels: [
        {
          providerId: 'slack',
          integrationIdentifier: 'slack-1',
          credentials: { webhookUrl: 'https://c' },
        },
      ],
    });
    expect(
      context.data.subscribers
        .get('ada')
        ?.channels.map((c) => [c.integrationIdentifier, c.credentials]),
    ).toEqual([
      ['slack-1', { webhookUrl: 'https://c', channel: '#one' }],
      ['slack-2', { webhookUrl: 'https://b' }],
    ]);
  });
});
