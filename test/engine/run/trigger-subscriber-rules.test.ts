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
  const engine = createMockEngine({
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
  const context = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
  const trigger = (to: unknown) =>
    engine.operations.triggerEvent(context, { name: 'welcome', to }).status;
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
        created.engine.operations.createSubscriber(
          created.context,
          { subscriberId: id },
          { failIfExists: false },
        ),
      ) === 'ok';
    const triggered = setup();
    expect(triggered.trigger(id) === 'processed').toBe(accepted);
    expect(triggered.trigger({ subscriberId: id }) === 'processed').toBe(accepted);
  });

  it('an address with two @ is a subscriberId on both paths, as the service reads it', () => {
    const { engine, context, trigger } = setup();
    expect(trigger('a@b@c.d')).toBe('processed');
    expect(
      engine.operations.createSubscriber(
        context,
        { subscriberId: 'x@y@z.w' },
        { failIfExists: false },
      ).subscriberId,
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
    engine.operations.createSubscriber(
      context,
      { subscriberId: 'by-create', ...profile },
      { failIfExists: true },
    );
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
    const viaEndpoint = engine.operations.upsertCredentials(context, 'ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['t1'] },
    }).channels[0]?._integrationId;
    engine.operations.deleteCredentials(context, 'ada', 'fcm');
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
