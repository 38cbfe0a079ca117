// Subscriber create, bulk create and delete directly through the engine
// (mock-server/engine/resources/subscriber-lifecycle.ts, docs/behaviour/subscribers.md#create,
// #bulk-create, #delete): an email-shaped subscriberId must be an email as a whole, a null time
// zone is not checked, and a delete takes exactly the subscriber's own stored preferences.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { contextOf, refusalOf, validationError } from '../helpers';

function create(engine: MockEngine, body: unknown) {
  return engine.operations['subscribers.create'](contextOf(engine), {
    body: body,
    query: { failIfExists: false },
  });
}

const BAD_ID =
  'SubscriberId must be a valid email address or a string of alphanumeric characters, hyphens, and underscores';

describe('subscriber create: an email-shaped subscriberId', () => {
  it.each([['ada lovelace@example.com'], ['ada@example.com and more'], ['a b@c.d e']])(
    'refuses %j: the whole id must be one email address',
    (subscriberId) => {
      const engine = createMockEngine();
      expect(refusalOf(() => create(engine, { subscriberId }))).toStrictEqual(
        validationError([BAD_ID]),
      );
    },
  );
});

describe('subscriber create: a null time zone', () => {
  it('create accepts timezone null and stores no time zone', () => {
    const engine = createMockEngine();
    const answer = create(engine, { subscriberId: 'ada', timezone: null });
    expect(answer.subscriberId).toBe('ada');
    expect(answer).not.toHaveProperty('timezone');
  });

  it('bulk create accepts timezone null and stores it as null', () => {
    const engine = createMockEngine();
    expect(
      engine.operations['subscribers.createBulk'](contextOf(engine), {
        body: {
          subscribers: [{ subscriberId: 'ada', timezone: null }],
        },
      }),
    ).toStrictEqual({ updated: [], created: [{ subscriberId: 'ada' }], failed: [] });
    expect(
      engine.operations['subscribers.retrieve'](contextOf(engine), {
        params: { subscriberId: 'ada' },
      }).timezone,
    ).toBe(null);
  });
});

describe('subscriber delete: stored preferences', () => {
  function setup() {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
        workflows: [
          {
            workflowId: 'welcome',
            steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: 'Hi' } }],
          },
        ],
      },
    });
    const data = contextOf(engine).data;
    const idOf = (subscriberId: string) => {
      const found = data.subscribers.get(subscriberId);
      if (!found) throw new Error(subscriberId);
      return found._id;
    };
    const welcome = data.workflows.find((item) => item.workflowId === 'welcome');
    if (!welcome) throw new Error('welcome');
    for (const subscriberId of ['ada', 'bob']) {
      engine.operations['subscribers.preferences.update'](contextOf(engine), {
        params: { subscriberId },
        body: {
          channels: { email: false },
        },
      });
      engine.operations['subscribers.preferences.update'](contextOf(engine), {
        params: { subscriberId },
        body: {
          workflowId: 'welcome',
          channels: { email: true },
        },
      });
    }
    return { engine, data, idOf, welcome };
  }

  it("removes the subscriber's global and workflow preferences and keeps the other subscribers'", () => {
    const { engine, data, idOf, welcome } = setup();
    const ada = idOf('ada');
    const bob = idOf('bob');
    expect([...data.preferences.keys()]).toStrictEqual([
      ada,
      `${ada}:${welcome._id}`,
      bob,
      `${bob}:${welcome._id}`,
    ]);
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'ada' } });
    expect([...data.preferences.keys()]).toStrictEqual([bob, `${bob}:${welcome._id}`]);
  });

  it("another subscriber's preferences still apply after a delete", () => {
    const { engine, welcome } = setup();
    engine.operations['subscribers.delete'](contextOf(engine), { params: { subscriberId: 'ada' } });
    const answer = engine.operations['subscribers.preferences.list'](contextOf(engine), {
      params: { subscriberId: 'bob' },
      query: { criticality: 'nonCritical' },
    });
    expect(answer.global.channels).toStrictEqual({ email: false });
    expect(answer.workflows.map((item) => [item.workflow.identifier, item.channels])).toStrictEqual(
      [[welcome.workflowId, { email: true }]],
    );
  });
});
