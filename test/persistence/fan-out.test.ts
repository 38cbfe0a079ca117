// A fan-out reached in chunks (docs/decisions/0145-fan-out-in-chunks.md) is kept like a delay the
// clock fires: its operation's entry says how many recipients it reached itself, each chunk is an
// entry of its own, and playing them back makes the same state; a fan-out cut short by a restart
// goes on from the last chunk its journal holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import type { CommitEntry } from '../../mock-server/engine/store/commit-log';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { readJournal } from '../../mock-server/persistence/journal-reader';
import { openJournalWriter } from '../../mock-server/persistence/journal-writer';
import { temporaryDirectory } from './helpers';

const START = Date.parse('2026-03-01T09:00:00.000Z');
const SUBSCRIBERS = 40;

function engine(randomSeed: number): MockEngine {
  return createMockEngine({
    clockStart: START,
    randomSeed,
    // One recipient per chunk: the entries do not depend on the machine's speed.
    fanOutSlice: { inlineMs: 0, chunkMs: 0 },
    seed: {
      subscribers: Array.from({ length: SUBSCRIBERS }, (_, n) => ({ subscriberId: `user-${n}` })),
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: 'Hi {{ subscriber.subscriberId }}' },
            },
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours' },
            },
            { type: 'in_app', name: 'Again', controlValues: { body: 'Still there?' } },
          ] as never,
        },
      ],
    },
  });
}

function broadcast(target: MockEngine) {
  return target.perform({
    operation: 'events.broadcast',
    authorization: `ApiKey ${target.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/events/trigger/broadcast',
    readBody: async () => ({ name: 'news', payload: { n: 1 } }),
  });
}

/** An engine that writes its entries to `entries`, with the image it started from. */
function recorded() {
  const live = engine(7);
  const image = serialize(live.durability.image());
  const entries: CommitEntry[] = [];
  live.durability.attach({
    write: (entry) => entries.push(structuredClone(entry)),
    durable: async () => {},
  });
  return { live, image, entries };
}

const stateText = (target: MockEngine) =>
  JSON.stringify(target.snapshot().state, (_key, value) =>
    value instanceof Map || value instanceof Set ? [...value] : value,
  );

it('the chunks of a broadcast play back to the same state', async () => {
  const { live, image, entries } = recorded();
  expect((await broadcast(live)).status).toBe(201);
  live.clock.advance('1h'); // the delays of every recipient end: task entries
  const operation = entries.find((entry) => entry.kind === 'operation');
  // The request's rows hold the pending fan-out its chunks go on with.
  expect(operation?.changes.some((change) => change.table === 'fanOuts')).toBe(true);
  const chunks = entries.filter((entry) => entry.kind === 'fan-out');
  expect(chunks).toHaveLength(SUBSCRIBERS - 1);
  expect(live.outbox.count()).toBe(SUBSCRIBERS * 2);

  // Through a journal file, as svc-mock --data writes and reads it.
  const dir = temporaryDirectory();
  try {
    const file = join(dir.path, 'journal-1.log');
    const writer = openJournalWriter(dataFs(), file, 1);
    for (const entry of entries) writer.write(entry);
    writer.close();
    const read = readJournal(readFileSync(file), file, true).records.map((record) => record.entry);
    expect(read).toEqual(entries);

    const replayed = engine(99);
    replayed.durability.load(deserialize(image));
    for (const entry of read) replayed.durability.playBack(entry);
    expect(stateText(replayed)).toBe(stateText(live));
  } finally {
    dir.remove();
  }
});

it('a fan-out cut short by a restart goes on from the last chunk its journal holds', async () => {
  const { live, image, entries } = recorded();
  await broadcast(live);
  // The journal ends after the operation and three chunks (a crash between two chunks).
  const cut = entries.findIndex((entry) => entry.kind === 'fan-out') + 3;
  const kept = entries.slice(0, cut);

  const restarted = engine(99);
  restarted.durability.load(deserialize(image));
  for (const entry of kept) restarted.durability.playBack(entry);
  expect(restarted.outbox.count()).toBe(4);
  // Until a log is attached the rest waits: nothing runs on its own, and a settle does not hang.
  await restarted.settle();
  expect(restarted.outbox.count()).toBe(4);
  const later: CommitEntry[] = [];
  restarted.durability.attach({ write: (entry) => later.push(entry), durable: async () => {} });
  await restarted.settle();

  const { data } = restarted.scope('Development');
  const reached = data.notifications.map((n) => data.subscriberKeys.get(n._subscriberId));
  expect(new Set(reached).size).toBe(SUBSCRIBERS);
  expect(reached).toHaveLength(SUBSCRIBERS);
  // The four reached before the restart kept their ids; the rest went on as new chunks.
  const liveData = live.scope('Development').data;
  expect(data.notifications.slice(0, 4).map((n) => n._id)).toEqual(
    liveData.notifications.slice(0, 4).map((n) => n._id),
  );
  expect(later.filter((entry) => entry.kind === 'fan-out')).toHaveLength(SUBSCRIBERS - 4);
  expect(restarted.snapshot().state.fanOuts).toEqual([]);
});

it('an entry whose rows name an environment the state does not hold is refused on playback', () => {
  const replayed = engine(99);
  expect(() =>
    replayed.durability.playBack({
      kind: 'fan-out',
      at: START,
      changes: [{ table: 'fanOuts', environment: 'gone', key: 12, removed: true }],
    }),
  ).toThrow(/environment gone/);
});
