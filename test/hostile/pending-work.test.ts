// Issue 31 item 3: the cost of a failed operation, a rollback or a cancel is what the operation
// touched, never what the engine holds: no pass over every pending task, and the subscriber search
// index stays built across a rollback or a delete.
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const forgotten = { count: 0 };
vi.mock('../../mock-server/engine/store/subscriber-text-index', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../mock-server/engine/store/subscriber-text-index')>();
  return {
    ...original,
    forgetSubscriberIndexes(...args: Parameters<typeof original.forgetSubscriberIndexes>) {
      forgotten.count += 1;
      original.forgetSubscriberIndexes(...args);
    },
  };
});

afterEach(() => {
  forgotten.count = 0;
});

const PENDING = 400;

/** An engine with `PENDING` delays waiting (one trigger per subscriber). */
function engineWithPendingDelays() {
  const subscribers = Array.from({ length: PENDING }, (_, n) => ({
    subscriberId: `user-${n}`,
    email: `user-${n}@example.com`,
  }));
  const engine = createMockEngine({
    seed: {
      subscribers,
      workflows: [
        {
          workflowId: 'later',
          steps: [
            { type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'days' } },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } },
          ] as never,
        },
      ],
    },
  });
  const context = engine.scope('Development');
  for (const { subscriberId } of subscribers) {
    engine.operations['events.trigger'](context, {
      body: { name: 'later', to: subscriberId, transactionId: `tx-${subscriberId}` },
    });
  }
  expect(engine.clock.pending()).toHaveLength(PENDING);
  return { engine, context };
}

/** How many times the clock's queue changes while `act` runs. */
async function clockChanges(engine: MockEngine, act: () => unknown): Promise<number> {
  let changes = 0;
  const stop = engine.clock.watch(() => {
    changes += 1;
  });
  try {
    await act();
  } finally {
    stop();
  }
  return changes;
}

const apiKey = (engine: MockEngine) => `ApiKey ${engine.environment('Development').apiKey}`;

describe('hostile: work does not grow with what is pending', () => {
  it('a GET answering 404 leaves the clock queue alone', async () => {
    const { engine } = engineWithPendingDelays();
    const changes = await clockChanges(engine, async () => {
      const answer = await engine.perform({
        operation: 'subscribers.retrieve',
        authorization: apiKey(engine),
        params: { subscriberId: 'nobody' },
        query: new URLSearchParams(),
        path: '/v2/subscribers/nobody',
      });
      expect(answer.status).toBe(404);
    });
    expect(changes).toBe(0);
    expect(engine.clock.pending()).toHaveLength(PENDING);
  });

  it('a bulk of 100 unknown-workflow events touches no pending task', async () => {
    const { engine } = engineWithPendingDelays();
    const events = Array.from({ length: 100 }, (_, n) => ({ name: `missing-${n}`, to: 'user-1' }));
    const changes = await clockChanges(engine, () =>
      engine.perform({
        operation: 'events.triggerBulk',
        authorization: apiKey(engine),
        params: {},
        query: new URLSearchParams(),
        path: '/v1/events/trigger/bulk',
        readBody: async () => ({ events }),
      }),
    );
    expect(changes).toBe(0);
  });

  it('a cancel disarms only the timers of its own transaction', async () => {
    const { engine, context } = engineWithPendingDelays();
    const before = engine.clock.pending();
    const changes = await clockChanges(engine, () =>
      engine.operations['events.cancel'](context, { params: { transactionId: 'tx-user-7' } }),
    );
    expect(changes).toBe(1);
    expect(engine.clock.pending()).toHaveLength(PENDING - 1);
    // The rest keep their places (same handles, same order).
    expect(engine.clock.pending()).toEqual(before.filter((_, index) => index !== 7));
  });

  it('a trigger that fails after scheduling puts back its own timers and no others', async () => {
    const { engine, context } = engineWithPendingDelays();
    const before = engine.clock.pending();
    const unsubscribe = engine.events.subscribe((event) => {
      if (event.type === 'trigger-answered') throw new Error('injected failure');
    });
    const changes = await clockChanges(engine, () => {
      expect(() =>
        engine.operations['events.trigger'](context, { body: { name: 'later', to: 'user-1' } }),
      ).toThrow('injected failure');
    });
    unsubscribe();
    // One timer armed by the trigger, one disarmed by its rollback.
    expect(changes).toBe(2);
    expect(engine.clock.pending()).toEqual(before);
  });
});

describe('hostile: the subscriber search index stays built', () => {
  const search = (engine: MockEngine, email: string) =>
    engine.operations['subscribers.search'](engine.scope('Development'), {
      query: { email },
    }) as { data: { subscriberId: string }[] };

  it('across a subscriber delete and a failed operation', () => {
    const { engine, context } = engineWithPendingDelays();
    expect(search(engine, 'user-12@').data.map((found) => found.subscriberId)).toEqual(['user-12']);
    engine.operations['subscribers.delete'](context, { params: { subscriberId: 'user-12' } });
    expect(search(engine, 'user-12@').data).toEqual([]);
    // A failed create that had stored the subscriber before failing.
    const unsubscribe = engine.events.subscribe((event) => {
      if (event.type === 'trigger-answered') throw new Error('injected failure');
    });
    expect(() =>
      engine.operations['events.trigger'](context, {
        body: { name: 'later', to: { subscriberId: 'fresh', email: 'fresh-user-13@example.com' } },
      }),
    ).toThrow('injected failure');
    unsubscribe();
    expect(search(engine, 'user-13@').data.map((found) => found.subscriberId)).toEqual(['user-13']);
    expect(forgotten.count).toBe(0);
  });
});
