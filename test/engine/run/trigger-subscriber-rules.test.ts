// Rules a trigger's recipients share with the subscriber endpoints (mock-server/engine/run/trigger.ts
// beside resources/subscriber-lifecycle.ts and resources/subscribers.ts): each case gives both
// paths the same input and expects the same answer, so a second copy of a rule cannot drift.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  channelIntegration,
  selectIntegration,
} from '../../../mock-server/engine/run/channels/delivery';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];

function setup(seed: Seed = {}) {
  // Deterministic: records of separate engines are compared whole.
  const engine = createMockEngine({
    deterministic: true,
    seed: {
      workflows: [
        {
          workflowId: 'welcome',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hello' } }],
        },
      ],
      ...seed,
    },
  });
  const context = engine.scope('Development');
  const trigger = (to: unknown) =>
    engine.operations['events.trigger'](context, { body: { name: 'welcome', to } }).status;
  /** The status of a call, or the ServiceError it throws as `<status> <message>`. */
  const outcome = (call: () => unknown): string => {
    try {
      call();
      return 'ok';
    } catch (error) {
      if (error instanceof ServiceError) return `${error.status} ${error.message}`;
      throw error;
    }
  };
  return { engine, context, trigger, outcome };
}

describe('the subscriberId rule: one for create and for a trigger recipient', () => {
  const ids = [
    'ada',
    'a_b:c.d-1',
    'a+b@example.com',
    'a@b@c.d',
    'a@b.c@d',
    'ada@example',
    'bad id!',
    'ada/1',
    'é',
  ];

  it.each(ids)('%s is accepted by both or refused by both', (id) => {
    const created = setup();
    const accepted =
      created.outcome(() =>
        created.engine.operations['subscribers.create'](created.context, {
          body: { subscriberId: id },
          query: { failIfExists: false },
        }),
      ) === 'ok';
    const triggered = setup();
    expect(triggered.trigger(id) === 'processed').toBe(accepted);
    expect(triggered.trigger({ subscriberId: id }) === 'processed').toBe(accepted);
  });

  it('an address with two @ is a subscriberId on both paths, as the service reads it', () => {
    const { engine, context, trigger } = setup();
    expect(trigger('a@b@c.d')).toBe('processed');
    expect(
      engine.operations['subscribers.create'](context, {
        body: { subscriberId: 'x@y@z.w' },
        query: { failIfExists: false },
      }).subscriberId,
    ).toBe('x@y@z.w');
  });
});

describe('a new subscriber: one record for create and for a trigger recipient', () => {
  it('the same profile and data give the same stored subscriber, key for key', () => {
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+15550100',
      avatar: 'https://example.com/ada.png',
      locale: 'en-GB',
      timezone: 'Europe/London',
      data: { plan: 'pro' },
    };
    const { engine, context, trigger } = setup();
    engine.operations['subscribers.create'](context, {
      body: { subscriberId: 'by-create', ...profile },
      query: { failIfExists: true },
    });
    trigger({ subscriberId: 'by-trigger', ...profile });
    const stored = (subscriberId: string) => {
      const record = context.data.subscribers.get(subscriberId);
      return JSON.stringify({ ...record, _id: '<_id>', subscriberId: '<id>' });
    };
    expect(stored('by-trigger')).toBe(stored('by-create'));
  });
});

describe('the integration a look-up picks: one rule for every finder', () => {
  /**
   * Two active fcm integrations and the identifier each finder picks: the credentials endpoint,
   * a trigger's subscriber channel, a push channel's delivery and a step's selection.
   */
  function picks(createdAt: { first: string; second: string }) {
    const { engine, context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [
        { providerId: 'fcm', channel: 'push', active: true, identifier: 'first' },
        { providerId: 'fcm', channel: 'push', active: true, identifier: 'second' },
      ],
    });
    // The clock only moves forward, so creation and storage order agree through the API; the
    // dates are set by hand to tell a newest-created rule from a last-stored one.
    for (const integration of context.data.integrations) {
      if (integration.identifier === 'first') integration.createdAt = createdAt.first;
      if (integration.identifier === 'second') integration.createdAt = createdAt.second;
    }
    const identifierOf = (id: string | undefined) =>
      context.data.integrations.find((integration) => integration._id === id)?.identifier;
    const viaEndpoint = engine.operations['subscribers.credentials.upsert'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId: 'fcm',
        credentials: { deviceTokens: ['t1'] },
      },
    }).channels[0]?._integrationId;
    engine.operations['subscribers.credentials.delete'](context, {
      params: { subscriberId: 'ada', providerId: 'fcm' },
    });
    trigger({
      subscriberId: 'ada',
      channels: [{ providerId: 'fcm', credentials: { deviceTokens: ['t1'] } }],
    });
    const viaTrigger = context.data.subscribers.get('ada')?.channels[0]?._integrationId;
    return {
      endpoint: identifierOf(viaEndpoint),
      trigger: identifierOf(viaTrigger),
      channel: channelIntegration(context.data, 'push', 'fcm')?.identifier,
      step: selectIntegration(context.data, 'push', {})?.identifier,
    };
  }

  const all = (identifier: string) => ({
    endpoint: identifier,
    trigger: identifier,
    channel: identifier,
    step: identifier,
  });

  it('each picks the newest created, even when it was stored first', () => {
    expect(
      picks({ first: '2026-03-01T00:00:00.000Z', second: '2026-02-01T00:00:00.000Z' }),
    ).toStrictEqual(all('first'));
  });

  it('of two created at the same time each picks the later stored', () => {
    expect(
      picks({ first: '2026-02-01T00:00:00.000Z', second: '2026-02-01T00:00:00.000Z' }),
    ).toStrictEqual(all('second'));
  });
});

describe('the credentials rule: one for the endpoint and a trigger subscriber channel', () => {
  const tokens = (count: number, prefix = 't') =>
    Array.from({ length: count }, (_, index) => `${prefix}${index}`);

  /** Two engines with the same integrations: one takes credentials by the endpoint, one by trigger. */
  function both() {
    const seed: Seed = {
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [
        { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-a' },
        { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-b' },
        { providerId: 'apns', channel: 'push', active: false, identifier: 'apns-off' },
      ],
    };
    const endpoint = setup(seed);
    const triggered = setup(seed);
    /** Gives both the same channel; answers each side's channels and whether it was refused. */
    const give = (channel: Record<string, unknown>) => {
      const refusedByEndpoint = endpoint.outcome(() =>
        endpoint.engine.operations['subscribers.credentials.upsert'](endpoint.context, {
          params: { subscriberId: 'ada' },
          body: channel,
        }),
      );
      const before = triggered.context.data.notifications.length;
      const status = triggered.trigger({ subscriberId: 'ada', channels: [channel] });
      const notified = triggered.context.data.notifications.length > before;
      const channelsOf = (side: ReturnType<typeof setup>) => {
        const record = side.context.data.subscribers.get('ada');
        return JSON.stringify(
          record?.channels.map((entry) => ({
            ...entry,
            _integrationId: side.context.data.integrations.find(
              (integration) => integration._id === entry._integrationId,
            )?.identifier,
          })),
        );
      };
      return {
        endpoint: { refused: refusedByEndpoint !== 'ok', channels: channelsOf(endpoint) },
        trigger: { refused: status === 'processed' && !notified, channels: channelsOf(triggered) },
        error: refusedByEndpoint,
      };
    };
    return { give };
  }

  it('the same credentials give the same stored channels, step after step', () => {
    const { give } = both();
    const steps = [
      { providerId: 'fcm', credentials: { deviceTokens: ['a', 'b', 'a'] } },
      { providerId: 'fcm', credentials: { webhookUrl: 'https://hooks.example.com/1' } },
      { providerId: 'fcm', credentials: { deviceTokens: ['c'] } },
      { providerId: 'fcm', integrationIdentifier: 'fcm-a', credentials: { deviceTokens: ['d'] } },
      { providerId: 'fcm', integrationIdentifier: 'fcm-b', credentials: { channel: '#x' } },
      { providerId: 'fcm', credentials: { deviceTokens: tokens(100) } },
    ];
    for (const step of steps) {
      const { endpoint, trigger } = give(step);
      expect([step, trigger]).toStrictEqual([step, endpoint]);
      expect(endpoint.refused).toBe(false);
    }
  });

  it('more than 100 device tokens is refused on both paths and stores nothing', () => {
    const { give } = both();
    give({ providerId: 'fcm', credentials: { deviceTokens: tokens(60, 'old') } });
    for (const channel of [
      { providerId: 'fcm', credentials: { deviceTokens: tokens(101) } },
      {
        providerId: 'fcm',
        integrationIdentifier: 'fcm-a',
        credentials: { deviceTokens: tokens(101) },
      },
    ]) {
      const { endpoint, trigger, error } = give(channel);
      expect(trigger).toStrictEqual(endpoint);
      expect(endpoint.refused).toBe(true);
      expect(error).toBe(
        '400 Device tokens limit exceeded. Maximum allowed tokens per subscriber channel is 100, but got 101 tokens.',
      );
    }
  });

  it('a provider without an active integration is refused on both paths', () => {
    const { give } = both();
    const { endpoint, trigger, error } = give({
      providerId: 'apns',
      credentials: { deviceTokens: ['t1'] },
    });
    expect(trigger).toStrictEqual(endpoint);
    expect(endpoint.refused).toBe(true);
    expect(error).toMatch(
      /^400 Subscribers environment \(.+\) do not have active apns integration\.$/,
    );
  });
});

describe('a refused trigger channel stops that subscriber run', () => {
  const fcm = { providerId: 'fcm', channel: 'push' as const, active: true, identifier: 'fcm-1' };
  const tooMany = {
    providerId: 'fcm',
    credentials: { deviceTokens: Array.from({ length: 101 }, (_, index) => `t${index}`) },
  };

  it('the other recipients still run; the refused one keeps its profile and gets no notification', () => {
    const { context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      integrations: [fcm],
    });
    expect(trigger([{ subscriberId: 'ada', firstName: 'Ada', channels: [tooMany] }, 'bob'])).toBe(
      'processed',
    );
    const notified = context.data.notifications.map((notification) =>
      context.data.subscriberKeys.get(notification._subscriberId),
    );
    expect(notified).toEqual(['bob']);
    expect(context.data.subscribers.get('ada')).toMatchObject({ firstName: 'Ada', channels: [] });
  });

  it('an actor whose channel is refused stops the whole run', () => {
    const { engine, context } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
      integrations: [fcm],
    });
    const answer = engine.operations['events.trigger'](context, {
      body: {
        name: 'welcome',
        to: ['ada', 'bob'],
        actor: { subscriberId: 'cy', channels: [tooMany] },
      },
    });
    expect(answer.status).toBe('processed');
    expect(context.data.notifications).toEqual([]);
    expect(context.data.subscribers.get('cy')?.channels).toEqual([]);
  });
});

describe('a subscriber definition is read the same whatever form carries it', () => {
  const definition = {
    subscriberId: 'ada',
    firstName: 'Ada',
    data: { plan: 'pro' },
    channels: [
      {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com/1', channel: '#general' },
      },
    ],
  };
  const slack = { providerId: 'slack', channel: 'chat' as const, active: true, identifier: 's' };

  /** The stored subscriber after a trigger that carries the definition as `form` builds it. */
  function storedAfter(form: (value: typeof definition) => Record<string, unknown>) {
    const { engine, context } = setup({ integrations: [slack] });
    engine.operations['events.trigger'](context, {
      body: { name: 'welcome', ...form(definition) },
    });
    const record = context.data.subscribers.get('ada');
    return JSON.stringify({
      ...record,
      _id: '<_id>',
      channels: record?.channels.map((channel) => ({ ...channel, _integrationId: '<id>' })),
    });
  }

  it('alone in to, in an array with an entry past the documented forms, or as the actor', () => {
    const alone = storedAfter((value) => ({ to: value }));
    expect(storedAfter((value) => ({ to: [value] }))).toBe(alone);
    expect(storedAfter((value) => ({ to: [null, value] }))).toBe(alone);
    expect(storedAfter((value) => ({ to: 'bob', actor: value }))).toBe(alone);
    expect(alone).toContain('"channel":"#general"');
  });
});
