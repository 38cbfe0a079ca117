// Engine core: retrieve and an unfiltered cursor page called on the engine's operations directly
// (no HTTP adapter) at 1k vs 100k subscribers: the engine's own share of the scaling figures.
import { performance } from 'node:perf_hooks';
import { createMockEngine } from '../dist/mock/index.js';
import { SMOKE } from './lib/measure.mjs';

const SIZES = SMOKE ? [100, 200] : [1_000, 100_000];
const ITERATIONS = SMOKE ? { retrieve: 50, page: 20 } : { retrieve: 20_000, page: 5_000 };

function engineWith(count) {
  const engine = createMockEngine();
  engine.seed({
    subscribers: Array.from({ length: count }, (_, index) => ({
      subscriberId: `user-${index}`,
      email: `user-${index}@example.com`,
    })),
  });
  const context = engine.scope('Development');
  return { engine, context, count };
}

function perOperation(call, iterations) {
  for (let index = 0; index < Math.min(200, iterations); index++) call(index);
  const start = performance.now();
  for (let index = 0; index < iterations; index++) call(index);
  return ((performance.now() - start) * 1000) / iterations;
}

function measure({ engine, context, count }) {
  const search = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
  const middle = engine.operations['subscribers.search'](context, {
    query: { ...search, limit: 100 },
  }).data[Math.min(50, count - 1)]._id;
  return {
    retrieve: perOperation(
      (index) =>
        engine.operations['subscribers.retrieve'](context, {
          params: { subscriberId: `user-${index % count}` },
        }),
      ITERATIONS.retrieve,
    ),
    page: perOperation(
      () =>
        engine.operations['subscribers.search'](context, { query: { ...search, after: middle } }),
      ITERATIONS.page,
    ),
  };
}

/** Runs the engine-core bench and answers its rows. */
export default async function run() {
  const [smallSize, largeSize] = SIZES;
  const small = measure(engineWith(smallSize));
  const large = measure(engineWith(largeSize));
  const label = (count) => (count >= 1000 ? `${count / 1000}k` : String(count));
  const row = (name, value, unit) => ({
    bench: 'engine-core',
    name,
    value: +value.toFixed(unit === 'ratio' ? 2 : 2),
    unit,
    detail: 'engine.operations, no HTTP adapter; mean per call',
  });
  return [
    row(`retrieve @ ${label(smallSize)}`, small.retrieve, 'µs'),
    row(`retrieve @ ${label(largeSize)}`, large.retrieve, 'µs'),
    row(
      `retrieve ${label(largeSize)} / ${label(smallSize)}`,
      large.retrieve / small.retrieve,
      'ratio',
    ),
    row(`cursor page @ ${label(smallSize)}`, small.page, 'µs'),
    row(`cursor page @ ${label(largeSize)}`, large.page, 'µs'),
    row(`cursor page ${label(largeSize)} / ${label(smallSize)}`, large.page / small.page, 'ratio'),
  ];
}
