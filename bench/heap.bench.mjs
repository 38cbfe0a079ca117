// Heap (issue 8, item 5): V8 heap used after loading an environment through `engine.seed`,
// measured after full GCs (run.mjs starts benches with --expose-gc). Reports each load's share
// and bytes per record, the goal's load (100k subscribers and 100k notifications with jobs)
// against the goal (<= 300 MB), the total with 100k seeded in-app messages on top, and what the
// `seed` option costs (the engine keeps a copy of it for reset()).
import { performance } from 'node:perf_hooks';
import { createMockEngine } from '../dist/mock/index.js';
import { COLLECTIONS, subscriberSeed } from './lib/datasets.mjs';
import { countLabel, SMOKE, settleHeap } from './lib/measure.mjs';

const MB = 1024 * 1024;

/** Goal for the heap after every load, in MB. */
export const HEAP_GOAL_MB = 300;

/** What is loaded, in order (a `collection` of lib/datasets.mjs and a count). */
export const LOADS = SMOKE
  ? [
      { collection: 'subscribers', count: 100 },
      { collection: 'workflows', count: 10 },
      { collection: 'notifications', count: 100 },
      { collection: 'messages', count: 100 },
    ]
  : [
      { collection: 'subscribers', count: 100_000 },
      { collection: 'workflows', count: 1_000 },
      { collection: 'notifications', count: 100_000 },
      { collection: 'messages', count: 100_000 },
    ];

/**
 * The goal's load ends with the notifications: "100k subscribers and 100k notifications with jobs"
 * (the 1k workflows they are triggered from come first; the seeded messages after are extra).
 */
export const GOAL_LOAD_ENDS_WITH = 'notifications';

function heapUsed() {
  settleHeap();
  return process.memoryUsage().heapUsed;
}

function row(name, value, unit, extra = {}) {
  return { bench: 'heap', name, value, unit, ...extra };
}

function loadAll(rows) {
  const before = heapUsed();
  const engine = createMockEngine();
  const empty = heapUsed();
  rows.push(row('empty engine', +((empty - before) / MB).toFixed(2), 'MB'));
  const loaded = { subscribers: 0, workflows: 0 };
  let previous = empty;
  for (const load of LOADS) {
    const started = performance.now();
    COLLECTIONS[load.collection].seed(engine, load.count, loaded);
    const seconds = (performance.now() - started) / 1000;
    if (load.collection in loaded) loaded[load.collection] += load.count;
    const now = heapUsed();
    const label = `${countLabel(load.count)} ${load.collection}`;
    rows.push(
      row(`${label}: heap`, +((now - previous) / MB).toFixed(1), 'MB', {
        detail: `${Math.round((now - previous) / load.count)} B per record; seeded in ${seconds.toFixed(1)} s`,
      }),
    );
    previous = now;
    if (load.collection === GOAL_LOAD_ENDS_WITH) {
      const goalLoads = LOADS.slice(0, LOADS.indexOf(load) + 1);
      rows.push(
        row('heap after the goal load', +((now - before) / MB).toFixed(1), 'MB', {
          goal: HEAP_GOAL_MB,
          detail: goalLoads
            .map((item) => `${countLabel(item.count)} ${item.collection}`)
            .join(', '),
        }),
      );
    }
  }
  const total = previous - before;
  const { rss } = process.memoryUsage();
  rows.push(
    row('heap after all loads', +(total / MB).toFixed(1), 'MB', {
      detail: LOADS.map((load) => `${countLabel(load.count)} ${load.collection}`).join(', '),
    }),
    row('process RSS after all loads', +(rss / MB).toFixed(1), 'MB'),
  );
  return engine; // returned so it stays alive until measured
}

function seedOptionCost(rows) {
  const [first] = LOADS;
  const count = first?.collection === 'subscribers' ? first.count : 1000;
  const before = heapUsed();
  const viaSeedCall = createMockEngine();
  COLLECTIONS.subscribers.seed(viaSeedCall, count);
  const afterSeedCall = heapUsed();
  const viaOption = createMockEngine({
    seed: { subscribers: Array.from({ length: count }, (_, index) => subscriberSeed(index)) },
  });
  const afterOption = heapUsed();
  rows.push(
    row(
      `${countLabel(count)} subscribers via the seed option: heap`,
      +((afterOption - afterSeedCall) / MB).toFixed(1),
      'MB',
      {
        detail: `vs ${((afterSeedCall - before) / MB).toFixed(1)} MB via engine.seed(): the option is also kept as the reset() baseline`,
      },
    ),
  );
  return [viaSeedCall, viaOption];
}

/** Runs the heap bench and answers its rows. */
export default async function run() {
  if (!settleHeap()) throw new Error('the heap bench needs node --expose-gc');
  const rows = [];
  loadAll(rows); // its engine is garbage afterwards, so the next figure starts from empty
  seedOptionCost(rows);
  return rows;
}
