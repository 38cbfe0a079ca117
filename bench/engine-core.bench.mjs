// Engine core benchmark: retrieve and an unfiltered cursor page at 1k vs 100k subscribers.
// Run after `npm run build`: `node bench/engine-core.bench.mjs`. Prints one JSON line per figure
// ({"name", "value"}) and exports the figures for bench/run.mjs. Never a timed assertion.
import { performance } from 'node:perf_hooks';
import { createMockEngine } from '../dist/mock/index.js';

function engineWith(count) {
  const engine = createMockEngine({
    seed: {
      subscribers: Array.from({ length: count }, (_, index) => ({
        subscriberId: `user-${index}`,
        email: `user-${index}@example.com`,
      })),
    },
  });
  const context = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
  return { engine, context, count };
}

function perOperation(run, iterations) {
  for (let index = 0; index < Math.min(200, iterations); index++) run(index);
  const start = performance.now();
  for (let index = 0; index < iterations; index++) run(index);
  return ((performance.now() - start) * 1000) / iterations;
}

function measure({ engine, context, count }) {
  const search = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
  const middle = engine.operations.searchSubscribers(context, { ...search, limit: 100 }).data[50]
    ._id;
  return {
    retrieve: perOperation(
      (i) => engine.operations.retrieveSubscriber(context, `user-${i % count}`),
      20_000,
    ),
    page: perOperation(
      () => engine.operations.searchSubscribers(context, { ...search, after: middle }),
      5_000,
    ),
  };
}

const small = measure(engineWith(1_000));
const large = measure(engineWith(100_000));

export const figures = [
  { name: 'engine-core.retrieve.1k.us', value: small.retrieve },
  { name: 'engine-core.retrieve.100k.us', value: large.retrieve },
  { name: 'engine-core.retrieve.ratio', value: large.retrieve / small.retrieve },
  { name: 'engine-core.cursor-page.1k.us', value: small.page },
  { name: 'engine-core.cursor-page.100k.us', value: large.page },
  { name: 'engine-core.cursor-page.ratio', value: large.page / small.page },
];

for (const figure of figures) {
  console.log(JSON.stringify({ name: figure.name, value: Number(figure.value.toFixed(3)) }));
}
