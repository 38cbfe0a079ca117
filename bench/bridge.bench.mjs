// A 3-step code-first workflow (in-app, email, in-app) run through a real @novu/framework bridge
// served by Express, against the same workflow stored in the engine, both over loopback against
// svc-mock: trigger-to-last-delivery time (POST /v1/events/trigger, then POST /__svc/settle, which
// answers once every bridge call of the run was answered and delivered).
//   npm run bench -- bridge
import { performance } from 'node:perf_hooks';
import { Client, workflow } from '@novu/framework';
import { serve } from '@novu/framework/express';
import express from 'express';
import { startMockServer } from '../dist/mock/node.js';
import { median, SMOKE } from './lib/measure.mjs';

const ROUNDS = SMOKE ? 3 : 60;
const KEY = 'sk_bench_bridge_000000000001';

function row(name, value, unit, extra = {}) {
  return { bench: 'bridge', name, value, unit, ...extra };
}

const codeFirst = workflow('three-steps', async ({ step, payload }) => {
  await step.inApp('hello', async () => ({ body: `Hello ${payload.n}` }));
  await step.email('mail', async () => ({ subject: 'Mail', body: `<p>${payload.n}</p>` }));
  await step.inApp('bye', async () => ({ body: `Bye ${payload.n}` }));
});

const STORED = {
  workflowId: 'three-stored',
  steps: [
    { type: 'in_app', name: 'hello', controlValues: { body: 'Hello {{ payload.n }}' } },
    {
      type: 'email',
      name: 'mail',
      controlValues: { subject: 'Mail', body: '<p>{{ payload.n }}</p>' },
    },
    { type: 'in_app', name: 'bye', controlValues: { body: 'Bye {{ payload.n }}' } },
  ],
};

async function startApp() {
  const app = express();
  app.use(express.json());
  app.use(
    '/api/novu',
    serve({
      workflows: [codeFirst],
      client: new Client({ secretKey: KEY, strictAuthentication: true }),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/api/novu`, server };
}

async function timeRuns(url, name) {
  const headers = { authorization: `ApiKey ${KEY}`, 'content-type': 'application/json' };
  const times = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const started = performance.now();
    const answer = await fetch(`${url}/v1/events/trigger`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, to: 'ada', payload: { n: round } }),
    });
    if (answer.status !== 201) throw new Error(`trigger answered ${answer.status}`);
    await answer.arrayBuffer();
    const settled = await fetch(`${url}/__svc/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await settled.arrayBuffer();
    if (round >= 3) times.push(performance.now() - started); // 3 warm-up runs
  }
  return times;
}

export default async function run() {
  const app = await startApp();
  const server = await startMockServer({
    port: 0,
    clock: 'virtual',
    inspector: false,
    apiKeys: { Development: KEY },
    seed: { subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }], workflows: [STORED] },
    bridgeUrl: app.url,
    log: () => {},
  });
  try {
    const stored = await timeRuns(server.url, 'three-stored');
    const bridged = await timeRuns(server.url, 'three-steps');
    const delivered = server.engine.outbox.count({ workflowId: 'three-steps' });
    if (delivered !== (ROUNDS + 3) * 3) throw new Error(`the bridge runs delivered ${delivered}`);
    const storedMs = median(stored);
    const bridgedMs = median(bridged);
    return [
      row('stored workflow: trigger to last delivery (median)', +storedMs.toFixed(2), 'ms'),
      row('bridge workflow: trigger to last delivery (median)', +bridgedMs.toFixed(2), 'ms'),
      row('bridge / stored', +(bridgedMs / storedMs).toFixed(1), 'x'),
    ];
  } finally {
    await server.close();
    await new Promise((resolve) => app.server.close(resolve));
  }
}
