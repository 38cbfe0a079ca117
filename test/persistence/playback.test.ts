// The journal's promise (docs/decisions/0142-keeping-data.md): the entries a running engine
// writes, played back on the state it started from, make exactly the same state; they are rows,
// put back without running any rule (#rows-not-requests).
import { serialize } from 'node:v8';
import { expect, it } from 'vitest';
import { demoSeed } from '../../mock-server/demo-seed';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import type { CommitEntry } from '../../mock-server/engine/store/commit-log';

const START = Date.parse('2026-03-01T09:00:00.000Z');

function call(engine: MockEngine, operation: string, path: string, body?: unknown, extra = {}) {
  return engine.perform({
    operation: operation as never,
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path,
    ...(body === undefined ? {} : { readBody: async () => body }),
    ...extra,
  });
}

it('playing the entries back on the starting image makes the same state', async () => {
  const live = createMockEngine({ seed: demoSeed, clockStart: START });
  const image = serialize(live.durability.image());
  const entries: CommitEntry[] = [];
  live.durability.attach({
    write: (entry) => entries.push(structuredClone(entry)),
    durable: async () => {},
  });

  await call(live, 'subscribers.create', '/v2/subscribers', {
    subscriberId: 'p-1',
    firstName: 'A',
  });
  await call(
    live,
    'subscribers.create',
    '/v2/subscribers',
    { subscriberId: 'p-2' },
    {
      idempotencyKey: 'once',
    },
  );
  await call(
    live,
    'subscribers.create',
    '/v2/subscribers',
    { subscriberId: 'p-2' },
    {
      idempotencyKey: 'once',
    },
  );
  await call(
    live,
    'subscribers.update',
    '/v2/subscribers/p-1',
    { lastName: 'B' },
    {
      params: { subscriberId: 'p-1' },
    },
  );
  await call(live, 'topics.create', '/v2/topics', { key: 't-1', name: 'T' });
  await call(
    live,
    'topics.subscriptions.create',
    '/v2/topics/t-1/subscriptions',
    {
      subscriptions: ['p-1', 'p-2'],
    },
    { params: { topicKey: 't-1' } },
  );
  // Refused: changes nothing, and writes nothing.
  const before = entries.length;
  const refused = await call(live, 'subscribers.create', '/v2/subscribers', { subscriberId: '' });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(entries).toHaveLength(before);
  for (const postId of ['post-1', 'post-1', 'post-2']) {
    await call(live, 'events.trigger', '/v1/events/trigger', {
      name: 'comment-digest',
      to: 'p-1',
      payload: { postId, postTitle: postId },
    });
  }
  await call(live, 'events.trigger', '/v1/events/trigger', {
    name: 'trial-ending',
    to: { type: 'Topic', topicKey: 't-1' },
    payload: {},
  });
  live.clock.advance('15m'); // the digests close on their own: task entries
  await call(live, 'events.triggerBulk', '/v1/events/trigger/bulk', {
    events: [
      { name: 'welcome', to: 'p-2', payload: {} },
      { name: 'trial-ending', to: 'p-2', payload: {} },
    ],
  });
  live.clock.advance('3d'); // the delays finish
  await call(live, 'subscribers.delete', '/v2/subscribers/p-2', undefined, {
    params: { subscriberId: 'p-2' },
  });

  expect(entries.map((entry) => entry.kind)).toContain('task');
  expect(entries.filter((entry) => entry.kind === 'operation').length).toBeGreaterThanOrEqual(10);

  const replayed = createMockEngine({ clockStart: START, randomSeed: 99 });
  replayed.durability.load((await import('node:v8')).deserialize(image));
  for (const entry of entries) replayed.durability.playBack(entry);
  expect(replayed.snapshot().state).toEqual(live.snapshot().state);
  // Field order too (answers are JSON): Maps and Sets written as their entries.
  const text = (engine: MockEngine) =>
    JSON.stringify(engine.snapshot().state, (_key, value) =>
      value instanceof Map || value instanceof Set ? [...value] : value,
    );
  expect(text(replayed)).toBe(text(live));
  expect(replayed.clock.now()).toBe(entries.at(-1)?.at);
});

it('an entry is put back as written: rows no handler would make come back exactly, no rule runs', async () => {
  const live = createMockEngine({ seed: demoSeed, clockStart: START });
  const image = serialize(live.durability.image());
  const environment = live.environment('Development')._id;
  const existing = live.scope('Development').data.subscribers.values().next().value;
  // An e-mail and an id the subscriber rules refuse, a field no rule writes, and a time in the past.
  const row = {
    ...structuredClone(existing),
    _id: 'ffffffffffffffffffffffff',
    subscriberId: 'not made by any handler',
    email: 'not an e-mail',
    madeBy: 'hand',
  };
  const at = START - 86_400_000;
  const replayed = createMockEngine({ clockStart: START, randomSeed: 99 });
  replayed.durability.load((await import('node:v8')).deserialize(image));
  replayed.durability.playBack({
    kind: 'operation',
    at,
    changes: [{ table: 'subscribers', environment, key: row.subscriberId, row }],
  });
  const { data } = replayed.scope('Development');
  expect(data.subscribers.get(row.subscriberId)).toEqual(row);
  // Its derived indexes follow the row: found by _id, last in the _id order.
  expect(data.subscriberKeys.get(row._id)).toBe(row.subscriberId);
  expect(data.subscriberOrder.at(-1)).toBe(row._id);
  expect(replayed.clock.now()).toBe(at);
  const read = await replayed.perform({
    operation: 'subscribers.retrieve',
    authorization: `ApiKey ${replayed.environment('Development').apiKey}`,
    params: { subscriberId: row.subscriberId },
    query: new URLSearchParams(),
    path: '/v2/subscribers/x',
  });
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ data: { email: 'not an e-mail' } });

  // A row of a table the state does not have is refused, never guessed at.
  expect(() =>
    replayed.durability.playBack({ kind: 'task', at, changes: [{ table: 'nope', key: 1 }] }),
  ).toThrow(/table nope/);
  // A field no change writes, a field of the wrong kind, and a subscriber that is not one.
  const refused = (change: Record<string, unknown>) => () =>
    replayed.durability.playBack({ kind: 'task', at, changes: [change as never] });
  expect(refused({ table: 'organizationId', field: true, row: 'x' })).toThrow(/not one the engine/);
  expect(refused({ table: '__proto__', field: true, row: { polluted: true } })).toThrow(
    /not one the engine/,
  );
  expect(refused({ table: 'taskSequence', field: true, row: 'seven' })).toThrow(
    /not one the engine/,
  );
  expect(refused({ table: 'retentionPass', environment, field: true, row: 3 })).toThrow(
    /not one the engine/,
  );
  expect(refused({ table: 'subscribers', environment, key: 'ada', row: 7 })).toThrow(
    /not a subscriber/,
  );
  expect(refused({ table: 'subscribers', environment, key: 'ada', row: { ...row } })).toThrow(
    /not a subscriber/,
  );
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  replayed.durability.playBack({
    kind: 'task',
    at,
    changes: [{ table: 'taskSequence', field: true, row: 41 }],
  });
  expect(replayed.snapshot().state.taskSequence).toBe(41);
});
