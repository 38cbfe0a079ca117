// A data directory's journal is a file, and every file may be hostile (store/row-apply.ts): each
// row put back is checked for what the engine's keys, orders and lookups read, and one that fails
// is refused naming its table, environment and key; good rows still come back exactly.
import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../../mock-server/demo-seed';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { applyRowChanges, ROW_TABLES } from '../../../mock-server/engine/store/row-apply';
import type { RowChange } from '../../../mock-server/engine/store/row-changes';
import {
  createEnvironmentData,
  createState,
  type EngineState,
  type EnvironmentData,
  type MessageRecord,
  type SubscriptionRecord,
} from '../../../mock-server/engine/store/state';

const START = Date.parse('2026-03-01T09:00:00.000Z');

/** A state with one empty environment `env`. */
function stateWithEnvironment(): EngineState {
  const state = createState();
  state.data.set('env', createEnvironmentData());
  return state;
}

/** Applies one change of environment `env`'s tables. */
const apply = (state: EngineState, change: Partial<RowChange>) => () =>
  applyRowChanges(state, [{ table: 'x', environment: 'env', ...change }]);

/** Applies one change of the state's own tables. */
const applyToState = (state: EngineState, change: Partial<RowChange>) => () =>
  applyRowChanges(state, [{ table: 'x', ...change }]);

const subscription = (id: string, subscriberId: string): SubscriptionRecord =>
  ({
    _id: id,
    identifier: `tk_t:si_${subscriberId}`,
    _topicId: 'topic-1',
    topicKey: 't',
    _subscriberId: subscriberId,
    contextKeys: [],
  }) as unknown as SubscriptionRecord;

const task = {
  seq: 1,
  at: START,
  kind: 'resume-delay',
  environmentId: 'env',
  notificationId: 'n',
  jobIndex: 0,
};

describe('a list row put back', () => {
  it.each([
    ['subscriptions', 's-1', { _id: 's-1', identifier: 'i', _topicId: 't' }, /_subscriberId/],
    ['subscriptions', 's-1', { ...subscription('s-1', 'a'), identifier: 7 }, /identifier/],
    ['messages', 5, { _id: 5 }, /not a message: it has no string _id/],
    ['notifications', 5, { _id: 5, jobs: [] }, /not a notification: it has no string _id/],
    ['notifications', 'n-1', { _id: 'n-1' }, /not a notification: it has no jobs list/],
    ['integrations', 'i-1', { _id: 'i-1' }, /not an integration: it has no string identifier/],
    ['workflows', 'w-1', { _id: 'w-1' }, /not a workflow: it has no string workflowId/],
  ])(
    'of %s without what its order or lookups read is refused, naming it',
    (table, key, row, problem) => {
      const state = stateWithEnvironment();
      const refused = apply(state, { table, key, row });
      expect(refused).toThrow(`the row of ${table} in environment env stored as ${key} is not`);
      expect(refused).toThrow(problem);
      expect((state.data.get('env') as unknown as Record<string, unknown[]>)[table]).toEqual([]);
    },
  );

  it.each([
    ['at is not a time', { ...task, at: Number.NaN }],
    ['at is past the clock', { ...task, at: Number.POSITIVE_INFINITY }],
    ['seq is not whole', { ...task, seq: 1.5 }],
    ['kind is unknown', { ...task, kind: 'explode' }],
  ])('of scheduled is refused when its %s', (_case, row) => {
    const state = createState();
    const refused = applyToState(state, { table: 'scheduled', key: row.seq, row });
    expect(refused).toThrow(`the row of scheduled stored as ${row.seq} is not a scheduled task`);
    expect(state.scheduled).toEqual([]);
  });

  it('of the outbox, the fan-outs, the bridge calls and the idempotency entries is refused without its key or fields', () => {
    const state = createState();
    const stateRow = (table: string, key: unknown, row: unknown) =>
      applyToState(state, { table, key, row });
    expect(stateRow('outbox', undefined, { environmentId: 'env', subscriberId: 's' })).toThrow(
      'the row of outbox stored as undefined is not an outbox entry: it has no string messageId',
    );
    expect(
      stateRow('outbox', 'm', { messageId: 'n', environmentId: 'env', subscriberId: 's' }),
    ).toThrow('the row of outbox stored as m does not carry its key');
    expect(stateRow('outbox', 'm', { messageId: 'm', environmentId: 'env' })).toThrow(
      /not an outbox entry: it has no string subscriberId/,
    );
    expect(stateRow('fanOuts', 'x', { seq: 'x' })).toThrow(
      /fanOuts stored as x is not a pending fan-out/,
    );
    expect(stateRow('bridgeCalls', 2, { seq: 2, environmentId: 'env' })).toThrow(
      /bridgeCalls stored as 2 is not a pending bridge call/,
    );
    expect([state.outbox, state.fanOuts, state.bridgeCalls]).toEqual([[], [], []]);
    // An idempotency entry that never expires would outlive the cap's eviction order.
    const entry = { state: 'done', fingerprint: 'f', expiresAt: Number.NaN };
    expect(applyToState(state, { table: 'idempotency', key: 'org-k', row: entry })).toThrow(
      'the row of idempotency stored as org-k is not an idempotency entry: it has no expiresAt time',
    );
    expect(state.idempotency.size).toBe(0);
  });

  it('that is well formed goes in, found again by its key when it changes', () => {
    const state = stateWithEnvironment();
    const data = state.data.get('env') as EnvironmentData;
    apply(state, { table: 'subscriptions', key: 's-2', row: subscription('s-2', 'b') })();
    apply(state, { table: 'subscriptions', key: 's-1', row: subscription('s-1', 'a') })();
    expect(data.subscriptions.map((row) => row._id)).toEqual(['s-1', 's-2']);
    expect([...data.subscriptionsBySubscriber.keys()]).toEqual(['b', 'a']);
    // Changed in place: its subscriber's list keeps its place among the others.
    const renamed = { ...subscription('s-2', 'b'), name: 'renamed' };
    apply(state, { table: 'subscriptions', key: 's-2', row: renamed })();
    expect([...data.subscriptionsBySubscriber.keys()]).toEqual(['b', 'a']);
    expect(data.subscriptionsBySubscriber.get('b')).toEqual([renamed]);
    // Moved to another subscriber, then removed.
    apply(state, { table: 'subscriptions', key: 's-2', row: subscription('s-2', 'a') })();
    expect(data.subscriptionsBySubscriber.get('a')?.map((row) => row._id)).toEqual(['s-1', 's-2']);
    expect(data.subscriptionsBySubscriber.has('b')).toBe(false);
    apply(state, { table: 'subscriptions', key: 's-1', removed: true })();
    expect(data.subscriptions.map((row) => row._id)).toEqual(['s-2']);
    expect(data.subscriptionsBySubscriber.get('a')?.map((row) => row._id)).toEqual(['s-2']);
  });
});

describe('a new row goes where its table puts one', () => {
  it('a notification at the end (the table appends), found again by its _id when it changes', () => {
    const state = stateWithEnvironment();
    const data = state.data.get('env') as EnvironmentData;
    for (const id of ['n-2', 'n-1', 'n-3']) {
      apply(state, { table: 'notifications', key: id, row: { _id: id, jobs: [] } })();
    }
    expect(data.notifications.map((row) => row._id)).toEqual(['n-2', 'n-1', 'n-3']);
    const changed = { _id: 'n-1', jobs: [], payload: { late: true } };
    apply(state, { table: 'notifications', key: 'n-1', row: changed })();
    expect(data.notifications.map((row) => row._id)).toEqual(['n-2', 'n-1', 'n-3']);
    expect(data.notifications[1]).toBe(changed);
    // The lookup keeps its order too (a snapshot's JSON shows it).
    expect([...data.notificationsById.keys()]).toEqual(['n-2', 'n-1', 'n-3']);
    expect(data.notificationsById.get('n-1')).toBe(changed);
    apply(state, { table: 'notifications', key: 'n-2', removed: true })();
    expect([...data.notificationsById.keys()]).toEqual(['n-1', 'n-3']);
  });

  it('a subscriber whose _id changed under its subscriberId leaves no trace of the old _id', () => {
    const state = stateWithEnvironment();
    const data = state.data.get('env') as EnvironmentData;
    const subscriber = (id: string) => ({ _id: id, subscriberId: 'ada' });
    apply(state, { table: 'subscribers', key: 'ada', row: subscriber('b') })();
    apply(state, { table: 'subscribers', key: 'ada', row: subscriber('a') })();
    expect([...data.subscriberKeys]).toEqual([['a', 'ada']]);
    expect(data.subscriberOrder).toEqual(['a']);
    apply(state, { table: 'subscribers', key: 'ada', removed: true })();
    expect([data.subscribers.size, data.subscriberKeys.size, data.subscriberOrder]).toEqual([
      0,
      0,
      [],
    ]);
  });
});

describe('a map row put back', () => {
  it('is refused when it does not carry the key it is stored under', () => {
    const state = stateWithEnvironment();
    expect(apply(state, { table: 'topics', key: 'a', row: { _id: 't', key: 'b' } })).toThrow(
      'the row of topics in environment env stored as a is not a topic: its key is not the key it is stored under',
    );
    expect(
      apply(state, { table: 'tenants', key: 'a', row: { _id: 't', identifier: 'b' } }),
    ).toThrow(/not a tenant: its identifier is not the key/);
    expect(
      applyToState(state, {
        table: 'environments',
        key: 'e',
        row: { _id: 'f', _organizationId: 'o', apiKey: 'k' },
      }),
    ).toThrow('the row of environments stored as e is not an environment: its _id is not the key');
  });

  it('is refused under a key that is not a string', () => {
    const state = stateWithEnvironment();
    const open = { notificationId: 'n', jobIndex: 0, closesAt: START, notificationIds: [] };
    expect(apply(state, { table: 'digests', key: 5, row: open })).toThrow(
      'the row of digests in environment env stored as 5 is stored under a key that is not a string',
    );
    apply(state, { table: 'digests', key: 'group', row: open })();
    expect(state.data.get('env')?.digests.get('group')).toEqual(open);
  });

  it('of a table the engine derives from another is refused: it follows its table', () => {
    const state = stateWithEnvironment();
    for (const table of [
      'subscriberKeys',
      'subscriberOrder',
      'subscriptionsBySubscriber',
      'notificationsById',
    ]) {
      expect(apply(state, { table, key: 'a', row: 'b' })).toThrow(
        `a change names the table ${table}, which the state does not have`,
      );
    }
  });
});

describe('a set member put back', () => {
  it('is a string, or refused', () => {
    const state = stateWithEnvironment();
    for (const member of [5, { id: 'x' }, null]) {
      expect(apply(state, { table: 'transactionIds', key: member })).toThrow(
        /the row of transactionIds in environment env stored as .* is stored under a key that is not a string/,
      );
    }
    apply(state, { table: 'transactionIds', key: 'tx-1' })();
    expect([...(state.data.get('env')?.transactionIds ?? [])]).toEqual(['tx-1']);
  });
});

describe("an environment's data put back whole", () => {
  /** A seeded engine's environment data, as a journal carries it. */
  function seededData(): EnvironmentData {
    const engine = createMockEngine({ seed: demoSeed, clockStart: START });
    return structuredClone(engine.scope('Development').data);
  }

  const putData = (state: EngineState, row: unknown) =>
    applyToState(state, { table: 'data', key: 'env-2', row });

  it('comes back as written when it is one', () => {
    const state = createState();
    const row = seededData();
    putData(state, row)();
    expect(state.data.get('env-2')).toBe(row);
    putData(state, createEnvironmentData())();
    expect(state.data.get('env-2')).toEqual(createEnvironmentData());
  });

  it.each([
    ['not an object', () => 7, /is not an environment's data: its data is not an object/],
    [
      'a collection of the wrong kind',
      (data: Record<string, unknown>) => {
        data['messages'] = new Map();
      },
      /its data\.messages is not a array/,
    ],
    [
      'a collection missing',
      (data: Record<string, unknown>) => {
        delete data['preferences'];
      },
      /its preferences is not a map/,
    ],
    [
      'a field the engine does not keep',
      (data: Record<string, unknown>) => {
        data['extra'] = [];
      },
      /it holds extra, which the engine does not keep/,
    ],
    [
      'a set member that is not a string',
      (data: EnvironmentData) => {
        (data.transactionIds as Set<unknown>).add(5);
      },
      /holds a row of transactionIds stored as 5 that is stored under a key that is not a string/,
    ],
    [
      'a subscription without its subscriber',
      (data: EnvironmentData) => {
        delete (data.subscriptions[0] as Partial<SubscriptionRecord>)._subscriberId;
      },
      /holds a row of subscriptions stored as \w+ that is not a subscription: it has no string _subscriberId/,
    ],
    [
      'a subscriber stored under another key',
      (data: EnvironmentData) => {
        const [key, subscriber] = [...data.subscribers][0] as [string, { subscriberId: string }];
        data.subscribers.set(key, { ...subscriber, subscriberId: 'other' } as never);
      },
      /holds a row of subscribers stored as demo-ada that is not a subscriber: its subscriberId is not the key/,
    ],
    [
      'messages out of _id order',
      (data: EnvironmentData) => {
        data.messages.push({ _id: '000000000000000000000000' } as MessageRecord);
      },
      /holds messages its table cannot find by _id/,
    ],
    [
      'a subscription twice',
      (data: EnvironmentData) => {
        data.subscriptions.splice(1, 0, { ...(data.subscriptions[0] as SubscriptionRecord) });
      },
      /holds subscriptions its table cannot find by _id/,
    ],
    [
      'an _id map that is not its subscribers',
      (data: EnvironmentData) => {
        data.subscriberKeys.set('ffffffffffffffffffffffff', 'nobody');
      },
      /stored as env-2 holds subscriberKeys or subscriberOrder that are not its subscribers' _ids/,
    ],
    [
      'an _id order out of order',
      (data: EnvironmentData) => {
        data.subscriberOrder.reverse();
      },
      /subscriberKeys or subscriberOrder/,
    ],
    [
      'a subscriber list that is not its subscriptions',
      (data: EnvironmentData) => {
        data.subscriptionsBySubscriber.clear();
      },
      /holds a subscriptionsBySubscriber that is not its subscriptions by subscriber/,
    ],
  ])('is refused when it has %s', (_case, spoil, problem) => {
    const state = createState();
    const data = seededData();
    const spoilt = (spoil as (data: never) => unknown)(data as never) ?? data;
    const refused = putData(state, spoilt);
    expect(refused).toThrow('the row of data stored as env-2 ');
    expect(refused).toThrow(problem);
    expect(state.data.has('env-2')).toBe(false);
  });

  it('is refused when its notifications lookup is not its notifications', () => {
    const state = createState();
    const data = createEnvironmentData();
    data.notifications.push({ _id: 'n-1', jobs: [] } as never);
    expect(putData(state, data)).toThrow(
      /stored as env-2 holds a notificationsById that is not its notifications by _id/,
    );
    data.notificationsById.set('n-1', data.notifications[0] as never);
    putData(state, data)();
    expect(state.data.get('env-2')).toBe(data);
  });
});

it('every table of a fresh state has a check for its rows, or is derived from one that has', () => {
  const derived = [
    'subscriberKeys',
    'subscriberOrder',
    'subscriptionsBySubscriber',
    'notificationsById',
  ];
  const collections = (owner: object, prefix = '') =>
    Object.entries(owner)
      .filter(([, value]) => value instanceof Map || value instanceof Set || Array.isArray(value))
      .map(([field]) => prefix + field);
  const data = createEnvironmentData();
  expect(collections(createState()).sort()).toEqual(Object.keys(ROW_TABLES.state).sort());
  expect([...collections(data), ...collections(data.throttle, 'throttle.')].sort()).toEqual(
    [...Object.keys(ROW_TABLES.environment), ...derived].sort(),
  );
});
