// Seeding topic subscriptions with preferences (docs/behaviour/topics.md#seeding-subscriptions-with-preferences):
// each subscriber of a seeded topic may carry the preferences a subscriptions create takes,
// validated with its rules, stored on the subscription and applied at fan-out; snapshots keep
// them; a bad seed is refused whole, naming the field.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import { SKIP_RULE_BUDGET } from '../../mock-server/engine/policy/conditions';
import type { SeedData } from '../../mock-server/engine/seed';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };
const premiumOnly = { '===': [{ var: 'payload.tier' }, 'premium'] };

const seed: SeedData = {
  subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }, { subscriberId: 'alan' }],
  topics: [
    {
      key: 'news',
      subscribers: [
        'ada',
        { subscriberId: 'grace', preferences: [{ workflowId: 'welcome', enabled: false }] },
        { subscriberId: 'alan', preferences: [{ workflowId: 'welcome', condition: premiumOnly }] },
      ],
    },
    {
      key: 'billing',
      subscribers: [
        { subscriberId: 'ada', preferences: [{ filter: { tags: ['invoices'] }, enabled: false }] },
        'grace',
      ],
    },
  ],
  // Listed after the topics, as a seed may: the preferences still find them.
  workflows: [
    { workflowId: 'welcome', steps: [inbox] },
    { workflowId: 'invoice', tags: ['invoices'], steps: [inbox] },
  ],
};

function setup() {
  const engine = createMockEngine({ seed });
  const context = () => engine.scope('Development');
  const reached = (name: string, topicKey: string, payload: Record<string, unknown> = {}) => {
    engine.outbox.clear();
    engine.operations['events.trigger'](context(), {
      body: { name, to: { type: 'Topic', topicKey }, payload },
    });
    return engine.outbox
      .list()
      .map((message) => message.subscriberId)
      .sort();
  };
  return { engine, context, reached };
}

describe('seeding topic subscriptions with preferences', () => {
  it('applies them at fan-out as a subscriptions create would: enabled, condition, plain ids', () => {
    const { reached } = setup();
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada']);
    expect(reached('welcome', 'news', { tier: 'premium' })).toEqual(['ada', 'alan']);
    // Preferences for one workflow do not touch another.
    expect(reached('invoice', 'news')).toEqual(['ada', 'alan', 'grace']);
  });

  it('matches workflows by tag, as a group filter does', () => {
    const { reached } = setup();
    expect(reached('invoice', 'billing')).toEqual(['grace']);
    expect(reached('welcome', 'billing')).toEqual(['ada', 'grace']);
  });

  it('stores them as the create stores them, and answers them on a later create', () => {
    const { engine, context } = setup();
    const answer = engine.operations['topics.subscriptions.create'](context(), {
      params: { topicKey: 'news' },
      body: {
        subscriptions: ['alan'],
        preferences: ['welcome'],
      },
    });
    expect(answer.data[0]?.preferences).toEqual([
      expect.objectContaining({
        workflow: expect.objectContaining({ identifier: 'welcome' }),
        enabled: true,
        condition: premiumOnly,
      }),
    ]);
  });

  it('keeps them through a snapshot and restore; a later seed replaces them', () => {
    const { engine, reached } = setup();
    const snapshot = engine.snapshot();
    engine.seed({
      topics: [{ key: 'news', subscribers: [{ subscriberId: 'grace', preferences: ['invoice'] }] }],
    });
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada', 'grace']);
    engine.restore(snapshot);
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada']);
    // A plain id leaves the subscription's preferences as they are.
    engine.seed({ topics: [{ key: 'news', subscribers: ['grace'] }] });
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada']);
    engine.reset();
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada']);
  });

  it('holds a condition to the skip rule budgets at fan-out, as for a create', () => {
    const { engine, reached } = setup();
    // True when evaluated, but past the size budget: it never is, so it counts as false.
    const tooLarge = { or: [{ '===': [1, 1] }, 'x'.repeat(SKIP_RULE_BUDGET.size)] };
    engine.seed({
      topics: [
        { key: 'news', subscribers: [{ subscriberId: 'grace', preferences: [] }] },
        {
          key: 'deep',
          subscribers: [
            { subscriberId: 'ada', preferences: [{ workflowId: 'welcome', condition: tooLarge }] },
            'grace',
          ],
        },
      ],
    });
    // An empty list clears grace's preferences on news.
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada', 'grace']);
    expect(reached('welcome', 'deep')).toEqual(['grace']);
  });

  it('refuses bad preferences with a message naming the field, and stores nothing', () => {
    const { engine, context, reached } = setup();
    const before = engine.snapshot();
    const attempts: [unknown, string][] = [
      [
        { subscriberId: 'ada', preferences: [{ workflowId: 'welcome', enabled: 'no' }] },
        'topics.0.subscribers.1.preferences.0: Expected a workflow id, { workflowId, enabled?, condition? } or { filter: { workflowIds?, tags? }, enabled?, condition? }',
      ],
      [
        { subscriberId: 'ada', preferences: [{ workflowId: 'welcome', condition: 'premium' }] },
        'topics.0.subscribers.1.preferences.0: Expected a workflow id',
      ],
      [
        { subscriberId: 'ada', preferences: 'welcome' },
        'topics.0.subscribers.1.preferences: Expected an array',
      ],
      [
        { subscriberId: 'ada', prefs: ['welcome'] },
        'topics.0.subscribers.1: Unrecognized key: "prefs" (allowed keys: subscriberId, identifier, preferences)',
      ],
      [
        42,
        'topics.0.subscribers.1: Expected a subscriberId, or { subscriberId, identifier?, preferences? }',
      ],
    ];
    for (const [entry, message] of attempts) {
      expect(() =>
        engine.seed({
          topics: [{ key: 'fresh', subscribers: ['grace', entry as never] }],
        } as SeedData),
      ).toThrow(message);
    }
    expect(context().data.topics.has('fresh')).toBe(false);
    expect(engine.snapshot()).toEqual(before);
    expect(reached('welcome', 'news', { tier: 'free' })).toEqual(['ada']);
  });
});

describe('seeding several subscriptions of one subscriber, and topic data', () => {
  const byStatus = (status: string) => ({
    workflowId: 'welcome',
    condition: { '==': [{ var: 'payload.status' }, status] },
  });

  it('makes one subscription per identifier, each judged at fan-out', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [{ workflowId: 'welcome', steps: [inbox] }],
        topics: [
          {
            key: 'alerts',
            data: { category: 'ops' },
            subscribers: [
              { subscriberId: 'ada', identifier: 'ada-active', preferences: [byStatus('active')] },
              {
                subscriberId: 'ada',
                identifier: 'ada-pending',
                preferences: [byStatus('pending')],
              },
            ],
          },
        ],
      },
    });
    const data = engine.scope('Development').data;
    expect(data.subscriptions.map((item) => item.identifier)).toEqual([
      'ada-active',
      'ada-pending',
    ]);
    expect(data.topics.get('alerts')?.data).toEqual({ category: 'ops' });
    const reached = (status: string) => {
      engine.outbox.clear();
      engine.operations['events.trigger'](engine.scope('Development'), {
        body: { name: 'welcome', to: { type: 'Topic', topicKey: 'alerts' }, payload: { status } },
      });
      return engine.outbox.list().map((message) => message.subscriberId);
    };
    expect(reached('active')).toEqual(['ada']);
    expect(reached('pending')).toEqual(['ada']);
    expect(reached('closed')).toEqual([]);
  });

  it('refuses an 11th subscription of a subscriber to a topic, and bad data, storing nothing', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const before = engine.snapshot();
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      subscriberId: 'ada',
      identifier: `ada-${i}`,
    }));
    expect(() => engine.seed({ topics: [{ key: 'alerts', subscribers: eleven }] })).toThrow(
      'topics.0: Subscriber ada has reached the maximum allowed of 10 subscriptions for topic "alerts"',
    );
    expect(() => engine.seed({ topics: [{ key: 'alerts', data: { nested: { a: 1 } } }] })).toThrow(
      'topics.0.data: Custom data field "nested" must be a string, number, boolean, or string[]',
    );
    expect(engine.snapshot()).toEqual(before);
  });
});
