// Workflow runtime benchmark: triggers of a one-step in_app workflow through the engine directly
// and through MSW + the client, and a notifications page at 1k vs 100k notifications.
// Run after `npm run build`: `node bench/runtime.bench.mjs` or `node bench/run.mjs runtime`.
// Goals are reported, never asserted.
import { performance } from 'node:perf_hooks';
import { setupServer } from 'msw/node';
import { Svc } from '../dist/index.js';
import { createMockEngine } from '../dist/mock/index.js';
import { createHandlers } from '../dist/mock/msw.js';

const seed = {
  subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }],
  workflows: [
    {
      workflowId: 'inbox',
      steps: [
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
      ],
    },
  ],
};

function engineWithContext() {
  const engine = createMockEngine({ seed });
  const context = engine.scope('Development');
  return { engine, context };
}

function directTriggersPerSecond(count) {
  const { engine, context } = engineWithContext();
  const trigger = () =>
    engine.operations['events.trigger'](context, { body: { name: 'inbox', to: 'user-1' } });
  for (let index = 0; index < 500; index++) trigger();
  const start = performance.now();
  for (let index = 0; index < count; index++) trigger();
  return count / ((performance.now() - start) / 1000);
}

async function clientTriggersPerSecond(count) {
  const engine = createMockEngine({ seed });
  const server = setupServer(...createHandlers(engine));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const svc = new Svc({ secretKey: engine.environment('Development').apiKey, maxRetries: 0 });
    for (let index = 0; index < 100; index++)
      await svc.events.trigger({ name: 'inbox', to: 'user-1' });
    const start = performance.now();
    for (let index = 0; index < count; index++)
      await svc.events.trigger({ name: 'inbox', to: 'user-1' });
    return count / ((performance.now() - start) / 1000);
  } finally {
    server.close();
  }
}

function pageMicroseconds(notifications) {
  const { engine, context } = engineWithContext();
  for (let index = 0; index < notifications; index++) {
    engine.operations['events.trigger'](context, { body: { name: 'inbox', to: 'user-1' } });
  }
  const list = (page) =>
    engine.operations['notifications.list'](context, { query: { page, limit: 10 } });
  for (let index = 0; index < 200; index++) list(index % 5);
  const iterations = 5_000;
  const start = performance.now();
  for (let index = 0; index < iterations; index++) list(index % 5);
  return ((performance.now() - start) * 1000) / iterations;
}

export default async function run() {
  const direct = directTriggersPerSecond(20_000);
  const client = await clientTriggersPerSecond(2_000);
  const small = pageMicroseconds(1_000);
  const large = pageMicroseconds(100_000);
  const rows = [
    {
      bench: 'runtime',
      name: 'trigger, engine direct (µs per trigger; goal = 20,000/s)',
      value: Number((1e6 / direct).toFixed(2)),
      unit: 'µs',
      detail: `${Math.round(direct)} triggers/s`,
      goal: 50,
    },
    {
      bench: 'runtime',
      name: 'trigger, MSW + client (µs per trigger)',
      value: Number((1e6 / client).toFixed(1)),
      unit: 'µs',
      detail: `${Math.round(client)} triggers/s`,
    },
    {
      bench: 'runtime',
      name: 'notifications page, 1k',
      value: Number(small.toFixed(2)),
      unit: 'µs',
    },
    {
      bench: 'runtime',
      name: 'notifications page, 100k',
      value: Number(large.toFixed(2)),
      unit: 'µs',
    },
    {
      bench: 'runtime',
      name: 'notifications page, 100k / 1k',
      value: Number((large / small).toFixed(2)),
      unit: 'x',
      goal: 2,
    },
  ];
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run()) console.log(JSON.stringify(row));
}
