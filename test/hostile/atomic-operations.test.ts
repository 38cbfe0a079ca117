// Issue 13 item 7: a 500 never commits. A trigger upserts subscribers, its actor and its tenant
// from the body, then runs; a throw at any point after those writes (before the answer) must
// leave the engine exactly as it was: the operation's journal undoes every write
// (docs/http-server.md#a-failed-request-changes-no-state). Failures are injected at internal
// calls the trigger makes after its writes (subscriber index updates, the workflow cache, the
// run's workflow lookup, the answer on the event feed, the clock's due work).
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFeed } from '../../mock-server/engine/event-feed';
import { ServiceError } from '../../mock-server/engine/wire/service-error';
import { useEngine } from '../handlers/harness';

const injected = vi.hoisted(() => ({
  /** Fail the `at`-th checkpoint call overall (0: none)... */
  at: 0,
  /** ...or the `nth` call of the checkpoint named `name`. */
  name: '',
  nth: 0,
  calls: 0,
  byName: new Map<string, number>(),
  /** The checkpoint names of the calls so far, in order. */
  seen: [] as string[],
  makeError: (label: string): Error => new Error(`injected failure at ${label}`),
}));

function checkpoint(name: string): void {
  injected.calls += 1;
  const nth = (injected.byName.get(name) ?? 0) + 1;
  injected.byName.set(name, nth);
  injected.seen.push(name);
  if (injected.calls === injected.at || (injected.name === name && injected.nth === nth)) {
    throw injected.makeError(`${name} #${nth}`);
  }
}

function count(): void {
  injected.calls = 0;
  injected.byName.clear();
  injected.seen = [];
}

function disarm(): void {
  injected.at = 0;
  injected.name = '';
  injected.nth = 0;
  injected.makeError = (label) => new Error(`injected failure at ${label}`);
}

vi.mock('../../mock-server/engine/store/subscriber-text-index', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../mock-server/engine/store/subscriber-text-index')>();
  return {
    ...original,
    subscriberChanged(...args: Parameters<typeof original.subscriberChanged>) {
      original.subscriberChanged(...args);
      checkpoint('subscriberChanged');
    },
    subscriberRemoved(...args: Parameters<typeof original.subscriberRemoved>) {
      original.subscriberRemoved(...args);
      checkpoint('subscriberRemoved');
    },
  };
});

vi.mock('../../mock-server/engine/resources/subscriptions', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../mock-server/engine/resources/subscriptions')>();
  return {
    ...original,
    subscribe(...args: Parameters<typeof original.subscribe>) {
      const subscription = original.subscribe(...args);
      checkpoint('subscribe');
      return subscription;
    },
  };
});

vi.mock('../../mock-server/engine/store/workflow-index', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../mock-server/engine/store/workflow-index')>();
  return {
    ...original,
    workflowsChanged(...args: Parameters<typeof original.workflowsChanged>) {
      original.workflowsChanged(...args);
      checkpoint('workflowsChanged');
    },
    workflowByObjectId(...args: Parameters<typeof original.workflowByObjectId>) {
      checkpoint('workflowByObjectId');
      return original.workflowByObjectId(...args);
    },
  };
});

vi.mock('../../mock-server/engine/run/execution', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../mock-server/engine/run/execution')>();
  return {
    ...original,
    // Only calls from other modules go through here (the cancel's, not the run's own).
    setStatus(...args: Parameters<typeof original.setStatus>) {
      original.setStatus(...args);
      checkpoint('setStatus');
    },
  };
});

afterEach(() => {
  disarm();
  count();
  vi.restoreAllMocks();
});

const SEED = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
    { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com' },
  ],
  tenants: [{ identifier: 'acme', name: 'Acme' }],
  topics: [{ key: 'team', subscribers: ['bob'] }],
  workflows: [
    {
      workflowId: 'wf',
      steps: [
        {
          type: 'throttle',
          name: 'Throttle',
          controlValues: { amount: 1, unit: 'hours', threshold: 50 },
        },
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi {{ payload.n }}' } },
        { type: 'digest', name: 'Digest', controlValues: { amount: 10, unit: 'minutes' } },
        { type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } },
      ],
    },
    {
      workflowId: 'wait',
      steps: [
        {
          type: 'delay',
          name: 'Wait',
          controlValues: { type: 'regular', amount: 5, unit: 'minutes' },
        },
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'later' } },
      ],
    },
  ],
} as const;

/** A trigger that writes before it runs: a new actor, a changed and a new recipient, a tenant. */
const WRITING_TRIGGER = {
  name: 'wf',
  to: [
    { subscriberId: 'ada', firstName: 'Changed', data: { plan: 'pro' } },
    { subscriberId: 'newcomer', email: 'newcomer@example.com', firstName: 'New' },
    { type: 'Topic', topicKey: 'team' },
  ],
  actor: { subscriberId: 'actor-1', firstName: 'Act' },
  tenant: { identifier: 'acme', name: 'Renamed', data: { tier: 'gold' } },
  payload: { n: 2 },
};

type Context = ReturnType<MockEngine['scope']>;

/**
 * An engine after one clean trigger (an open digest for ada, a throttle admission, a scheduled
 * digest close) and a minute later, with the subscriber search's indexes built.
 */
function preparedEngine() {
  const engine = createMockEngine({ seed: structuredClone(SEED) as never });
  const context: Context = engine.scope('Development');
  engine.operations['events.trigger'](context, {
    body: { name: 'wf', to: 'ada', payload: { n: 1 } },
  });
  engine.clock.advance(60_000);
  const search = (email: string) =>
    engine.operations['subscribers.search'](context, {
      query: {
        limit: 10,
        includeCursor: false,
        orderBy: '_id',
        orderDirection: 'DESC',
        email,
      },
    }).data.map((subscriber) => subscriber.subscriberId);
  expect(search('example.com')).toEqual(['bob', 'ada']);
  expect(search('newcomer')).toEqual([]);
  return { engine, context, search };
}

function expectUnchanged(
  engine: MockEngine,
  before: ReturnType<MockEngine['snapshot']>,
  pending: string[],
  label: string,
) {
  expect(engine.snapshot(), label).toEqual(before);
  expect(
    engine.clock.pending().map((task) => `${task.at} ${task.label}`),
    label,
  ).toEqual(pending);
}

describe('hostile: a trigger that fails after its writes changes nothing', () => {
  it('a throw at each checkpoint leaves the state, the timers and the search as they were', () => {
    const clean = preparedEngine();
    count();
    const answer = clean.engine.operations['events.trigger'](clean.context, {
      body: structuredClone(WRITING_TRIGGER),
    });
    expect(answer.status).toBe('processed');
    // Checkpoints after the writes: the actor, the changed and the new recipient; the
    // workflow's lastTriggeredAt (after the tenant); one run per recipient (ada, newcomer, bob).
    expect(injected.seen.filter((name) => name === 'subscriberChanged').length).toBe(3);
    expect(injected.seen).toContain('workflowsChanged');
    expect(injected.seen.filter((name) => name === 'workflowByObjectId').length).toBe(3);
    const total = injected.calls;
    for (let at = 1; at <= total; at++) {
      const { engine, context, search } = preparedEngine();
      const before = engine.snapshot();
      const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
      count();
      injected.at = at;
      expect(
        () =>
          engine.operations['events.trigger'](context, { body: structuredClone(WRITING_TRIGGER) }),
        `failure #${at}`,
      ).toThrow('injected failure');
      disarm();
      expectUnchanged(engine, before, pending, `failure #${at} (${injected.seen.at(-1)})`);
      // The derived indexes forgot the undone writes: no stale match for the rolled-back subscriber.
      expect(search('newcomer'), `failure #${at}`).toEqual([]);
      expect(search('example.com'), `failure #${at}`).toEqual(['bob', 'ada']);
      // The engine goes on: the same trigger then runs in full.
      const retried = engine.operations['events.trigger'](context, {
        body: structuredClone(WRITING_TRIGGER),
      });
      expect(retried.status).toBe('processed');
      expect(search('example.com')).toEqual(['newcomer', 'bob', 'ada']);
    }
  });

  it('a throw in the answer to the event feed or in the due work after it changes nothing', () => {
    for (const point of ['answer', 'due work'] as const) {
      const { engine, context } = preparedEngine();
      const before = engine.snapshot();
      const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
      if (point === 'answer') {
        // The engine's events are its internal feed: the operations answer through it.
        const feed = engine.events as EventFeed;
        const answered = feed.triggerAnswered.bind(feed);
        vi.spyOn(feed, 'triggerAnswered').mockImplementation((id, status, answer) => {
          answered(id, status, answer);
          if (status === 201) throw new Error('injected failure in the answer');
        });
      } else {
        vi.spyOn(engine.clock, 'runDue').mockImplementation(() => {
          throw new Error('injected failure in the due work');
        });
      }
      expect(() =>
        engine.operations['events.trigger'](context, { body: structuredClone(WRITING_TRIGGER) }),
      ).toThrow('injected failure');
      expectUnchanged(engine, before, pending, point);
      vi.restoreAllMocks();
    }
  });

  it('a bulk trigger: an event failing with a service error after its writes undoes its own writes only', () => {
    const { engine, context } = preparedEngine();
    count();
    injected.name = 'subscriberChanged';
    injected.nth = 2;
    injected.makeError = () => ServiceError.http(422, 'injected service error');
    const answers = engine.operations['events.triggerBulk'](context, {
      body: {
        events: [
          { name: 'wf', to: { subscriberId: 'first', email: 'first@example.com' } },
          { name: 'wf', to: { subscriberId: 'second' }, transactionId: 'txn-second' },
        ],
      },
    });
    expect(answers.map((answer) => answer.status)).toEqual(['processed', 'error']);
    const ids = [...context.data.subscribers.keys()];
    expect(ids).toContain('first');
    expect(ids).not.toContain('second');
    expect(context.data.transactionIds.has('txn-second')).toBe(false);
  });

  it('a bulk trigger: an unexpected error undoes every event of the request', () => {
    const { engine, context } = preparedEngine();
    const before = engine.snapshot();
    const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
    count();
    injected.name = 'subscriberChanged';
    injected.nth = 2;
    expect(() =>
      engine.operations['events.triggerBulk'](context, {
        body: {
          events: [
            { name: 'wf', to: { subscriberId: 'first' } },
            { name: 'wf', to: { subscriberId: 'second' } },
          ],
        },
      }),
    ).toThrow('injected failure');
    expectUnchanged(engine, before, pending, 'bulk');
  });

  it('a broadcast failing in its second run changes nothing', () => {
    const { engine, context } = preparedEngine();
    const before = engine.snapshot();
    const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
    count();
    injected.name = 'workflowByObjectId';
    injected.nth = 2;
    expect(() =>
      engine.operations['events.broadcast'](context, {
        body: {
          name: 'wf',
          payload: { n: 3 },
          tenant: { identifier: 'acme', name: 'Broadcast' },
        },
      }),
    ).toThrow('injected failure');
    expectUnchanged(engine, before, pending, 'broadcast');
  });

  it('a cancel failing half-way changes nothing', () => {
    const { engine, context } = preparedEngine();
    engine.operations['events.trigger'](context, {
      body: {
        name: 'wait',
        to: ['ada', 'bob'],
        transactionId: 'txn-wait',
      },
    });
    const before = engine.snapshot();
    const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
    count();
    injected.name = 'setStatus';
    injected.nth = 2;
    expect(() =>
      engine.operations['events.cancel'](context, { params: { transactionId: 'txn-wait' } }),
    ).toThrow('injected failure');
    expectUnchanged(engine, before, pending, 'cancel');
    disarm();
    expect(
      engine.operations['events.cancel'](context, { params: { transactionId: 'txn-wait' } }),
    ).toBe(true);
  });
});

describe('hostile: other operations that write several things change nothing when they fail', () => {
  const failing = (
    name: string,
    nth: number,
    run: (engine: MockEngine, context: Context) => unknown,
    prepare: (engine: MockEngine, context: Context) => void = () => {},
  ) => {
    const { engine, context } = preparedEngine();
    prepare(engine, context);
    const before = engine.snapshot();
    const pending = engine.clock.pending().map((task) => `${task.at} ${task.label}`);
    count();
    injected.name = name;
    injected.nth = nth;
    expect(() => run(engine, context)).toThrow('injected failure');
    disarm();
    expectUnchanged(engine, before, pending, name);
    return { engine, context };
  };

  it('a bulk subscriber upsert failing at its third subscriber', () => {
    const { engine, context } = failing('subscriberChanged', 3, (engine, context) =>
      engine.operations['subscribers.createBulk'](context, {
        body: {
          subscribers: [
            { subscriberId: 'ada', firstName: 'Changed' },
            { subscriberId: 'new-1' },
            { subscriberId: 'new-2' },
          ],
        },
      }),
    );
    expect(
      engine.operations['subscribers.retrieve'](context, { params: { subscriberId: 'ada' } })
        .firstName,
    ).toBe('Ada');
  });

  it('a subscriber upsert (POST /v2/subscribers) failing after it changed the subscriber', () => {
    failing('subscriberChanged', 1, (engine, context) =>
      engine.operations['subscribers.create'](context, {
        body: { subscriberId: 'ada', firstName: 'Changed', data: { plan: 'pro' } },
        query: { failIfExists: false },
      }),
    );
  });

  it('a subscriber delete failing half-way keeps the subscriber, its messages and subscriptions', () => {
    failing('subscriberRemoved', 1, (engine, context) =>
      engine.operations['subscribers.delete'](context, { params: { subscriberId: 'bob' } }),
    );
  });

  it('topic subscriptions failing at the second subscriber keep no topic and no subscription', () => {
    failing('subscribe', 2, (engine, context) =>
      engine.operations['topics.subscriptions.create'](context, {
        params: { topicKey: 'fresh' },
        body: {
          subscriptions: ['ada', 'bob'],
        },
      }),
    );
  });

  it('marking messages failing after the messages changed', () => {
    failing('none', 0, (engine, context) => {
      const unsubscribe = engine.events.subscribe((event) => {
        if (event.type === 'messages-marked') throw new Error('injected failure in a listener');
      });
      try {
        const ids = context.data.messages.map((message) => message._id);
        expect(ids.length).toBeGreaterThan(0);
        engine.operations['subscribers.messages.markAs'](context, {
          params: { subscriberId: 'ada' },
          body: { messageId: ids, markAs: 'read' },
        });
      } finally {
        unsubscribe();
      }
    });
  });

  it('workflow changes failing after their writes (create, update, patch, delete)', () => {
    const steps = [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'x' } }];
    failing('workflowsChanged', 1, (engine, context) =>
      engine.operations['workflows.create'](context, {
        body: { name: 'Fresh', workflowId: 'fresh', steps },
      }),
    );
    failing('workflowsChanged', 1, (engine, context) =>
      engine.operations['workflows.update'](context, {
        params: { workflowId: 'wf' },
        // A valid body: the failure must come after the writes, not from the validation.
        body: { name: 'Renamed', origin: 'svc-cloud', preferences: {}, steps },
      }),
    );
    failing('workflowsChanged', 1, (engine, context) =>
      engine.operations['workflows.patch'](context, {
        params: { workflowId: 'wf' },
        body: { active: false, name: 'Off' },
      }),
    );
    failing('workflowsChanged', 1, (engine, context) =>
      engine.operations['workflows.delete'](context, { params: { workflowId: 'wait' } }),
    );
  });

  it('setting a primary integration failing at its answer', () => {
    let integrationId = '';
    failing(
      'none',
      0,
      (engine, context) => {
        const clone = globalThis.structuredClone;
        vi.spyOn(globalThis, 'structuredClone').mockImplementation((value, options) => {
          const record = value as { _id?: string; primary?: boolean } | undefined;
          if (record?._id === integrationId && record.primary === true) {
            throw new Error('injected failure at the answer');
          }
          return clone(value, options);
        });
        engine.operations['integrations.setPrimary'](context, { params: { integrationId } });
      },
      (engine, context) => {
        integrationId = engine.operations['integrations.create'](context, {
          body: {
            providerId: 'sendgrid',
            channel: 'email',
            active: true,
          },
        })._id;
      },
    );
  });
});

describe('hostile: a trigger failing after its writes, over HTTP', () => {
  const mock = useEngine({ seed: structuredClone(SEED) as never });

  it('answers the service 500, stores nothing, and frees its idempotency key', async () => {
    const before = mock.engine.snapshot();
    count();
    injected.name = 'workflowByObjectId';
    injected.nth = 2;
    const send = () =>
      mock.call('POST', '/v1/events/trigger', {
        body: WRITING_TRIGGER,
        headers: { 'Idempotency-Key': 'atomic-1' },
      });
    const failed = await send();
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      statusCode: 500,
      message: 'Internal server error, contact support and provide them with the errorId',
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(mock.engine.snapshot().state.data).toEqual(before.state.data);
    expect((await mock.call('GET', '/v2/subscribers/newcomer')).status).toBe(404);
    expect((await mock.call('GET', '/v2/subscribers/ada')).body.data.firstName).toBe('Ada');
    expect((await mock.call('GET', '/v1/notifications')).body.data).toEqual([]);
    disarm();
    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotency-replay')).toBeNull();
    expect(retried.body.data.status).toBe('processed');
    expect((await mock.call('GET', '/v2/subscribers/newcomer')).status).toBe(200);
  });
});
