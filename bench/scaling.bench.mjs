// Scaling (issue 8, item 4): the median time of one request through the engine's MSW handlers
// (`getResponse`, so the HTTP adapter is included) at 1k, 10k and 100k records, and its ratio to
// the 1k figure (goal <= 2x at 100k). Data is seeded through `engine.seed`; seeding times are
// reported too. Reads the built package (`npm run bench` builds it when stale).
import { performance } from 'node:perf_hooks';
import { getResponse } from 'msw';
import { createMockEngine } from '../dist/mock/index.js';
import { createHandlers } from '../dist/mock/msw.js';
import { COLLECTIONS } from './lib/datasets.mjs';
import { countLabel, median, SMOKE, sample, settleHeap } from './lib/measure.mjs';

/** Record counts measured; the first is the base of every ratio. */
export const SIZES = SMOKE ? [100, 200] : [1_000, 10_000, 100_000];

/** Goal for the ratio at the largest size against the first. */
export const RATIO_GOAL = 2;

const ORIGIN = 'https://api.svc.co';
// Sizes are measured in interleaved rounds, so load changes on a shared machine and JIT warm-up
// hit every size alike instead of skewing the ratios.
const ROUNDS = SMOKE ? 1 : 5;
const WARMUP = SMOKE ? { warmup: 2, minSamples: 1, budgetMs: 0 } : { warmup: 20, warmupMs: 300 };
const ROUND = SMOKE
  ? { warmup: 0, minSamples: 3, maxSamples: 20, budgetMs: 10 }
  : { warmup: 0, minSamples: 2, maxSamples: 5_000, budgetMs: 150 };

/**
 * The requests measured. `collection` is what grows with the size; `path(size, index, fixture)`
 * builds the request path (index varies per call); `before(engine, authorization, index)`, when
 * given, writes through the engine first, inside the timed call (an engine write is ≈ 20 µs).
 * Add a collection in lib/datasets.mjs and a line here to measure another page.
 */
export const OPERATIONS = [
  {
    name: 'subscriber retrieve',
    collection: 'subscribers',
    path: (size, index) => `/v2/subscribers/user-${(index * 7919) % size}`,
  },
  {
    name: 'subscriber search page, no filter',
    collection: 'subscribers',
    path: (_size, _index, fixture) => `/v2/subscribers?limit=10&after=${fixture.middleSubscriber}`,
  },
  {
    name: 'subscriber search page, email filter',
    collection: 'subscribers',
    path: () => '/v2/subscribers?limit=10&email=%40example-3.com',
  },
  {
    // A write forgets remembered matches (decision 0100): this is the first page of a filter,
    // which verifies every candidate of the trigram index (linear in the matches, not in n).
    name: 'subscriber search page, email filter, after a write',
    collection: 'subscribers',
    path: () => '/v2/subscribers?limit=10&email=%40example-3.com',
    before: (engine, _authorization, index) =>
      engine.operations['subscribers.update'](engine.scope('Development'), {
        params: { subscriberId: 'user-1' },
        body: {
          lastName: `Lovelace ${index % 2}`,
        },
      }),
  },
  {
    name: 'subscriptions page',
    collection: 'subscriptions',
    path: () => '/v2/subscribers/user-0/subscriptions?limit=10',
  },
  {
    name: 'workflows page',
    collection: 'workflows',
    path: () => '/v2/workflows?limit=50',
  },
];

const COLLECTION_ORDER = ['subscribers', 'subscriptions', 'workflows'];

function seedAll(engine, size, rows) {
  const loaded = {};
  for (const name of COLLECTION_ORDER) {
    const collection = COLLECTIONS[name];
    if (size > collection.maxRecords) continue;
    const started = performance.now();
    collection.seed(engine, size, { subscribers: size });
    loaded[name] = size;
    rows.push({
      bench: 'scaling',
      name: `seed ${name} @ ${countLabel(size)}`,
      value: +(performance.now() - started).toFixed(1),
      unit: 'ms',
      detail: 'engine.seed',
    });
  }
  return loaded;
}

async function fetchJson(handlers, authorization, path) {
  const response = await getResponse(
    handlers,
    new Request(`${ORIGIN}${path}`, { headers: { authorization } }),
  );
  if (response?.status !== 200) {
    throw new Error(`GET ${path} answered ${response?.status ?? 'nothing'}`);
  }
  return response.json();
}

async function prepareSize(size, rows) {
  const engine = createMockEngine();
  const loaded = seedAll(engine, size, rows);
  const handlers = createHandlers(engine);
  const authorization = `ApiKey ${engine.environment('Development').apiKey}`;
  const middle = await fetchJson(handlers, authorization, `/v2/subscribers/user-${size >> 1}`);
  const fixture = { middleSubscriber: middle.data._id };
  return {
    size,
    loaded,
    call: (operation) => (index) => {
      operation.before?.(engine, authorization, index);
      return fetchJson(handlers, authorization, operation.path(size, index, fixture));
    },
  };
}

async function measureOperation(operation, setups) {
  const durations = setups.map(() => []);
  for (const setup of setups) await sample(setup.call(operation), { ...WARMUP, maxSamples: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, setup] of setups.entries()) {
      durations[index].push(...(await sample(setup.call(operation), ROUND)));
    }
  }
  return durations;
}

function skippedReason(operation, size) {
  const cap = COLLECTIONS[operation.collection].maxRecords;
  return `not measured: ${countLabel(size)} ${operation.collection} is above the cap of ${countLabel(cap)} (BENCH_MAX_${operation.collection.toUpperCase()})`;
}

/** Runs the scaling bench and answers its rows. */
export default async function run() {
  const rows = [];
  const setups = [];
  for (const size of SIZES) setups.push(await prepareSize(size, rows));
  settleHeap(); // seeding garbage gone before timing
  const bySize = SIZES.map(() => ({}));
  for (const operation of OPERATIONS) {
    const measured = setups.filter((setup) => setup.loaded[operation.collection] !== undefined);
    const durations = await measureOperation(operation, measured);
    measured.forEach((setup, index) => {
      const value = median(durations[index]);
      bySize[SIZES.indexOf(setup.size)][operation.name] = value;
      rows.push({
        bench: 'scaling',
        name: `${operation.name} @ ${countLabel(setup.size)}`,
        value: +value.toFixed(1),
        unit: 'µs',
        detail: `median of ${durations[index].length} in ${ROUNDS} interleaved rounds, through getResponse`,
      });
    });
  }
  const [base] = bySize;
  const baseLabel = countLabel(SIZES[0]);
  for (const operation of OPERATIONS) {
    SIZES.slice(1).forEach((size, offset) => {
      const largest = offset === SIZES.length - 2;
      const value = bySize[offset + 1][operation.name];
      const row = {
        bench: 'scaling',
        name: `${operation.name} ${countLabel(size)} / ${baseLabel}`,
        unit: 'ratio',
        ...(largest ? { goal: RATIO_GOAL } : {}),
      };
      if (value === undefined || base[operation.name] === undefined) {
        rows.push({ ...row, value: null, skipped: skippedReason(operation, size) });
      } else {
        rows.push({ ...row, value: +(value / base[operation.name]).toFixed(2) });
      }
    });
  }
  return rows;
}
