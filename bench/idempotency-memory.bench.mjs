// Idempotency memory (issue 13, item 9): resident memory while 50,000 triggers with unique
// Idempotency-Key headers run. The workflow is inactive, so each trigger stores only its
// idempotency entry (no notification): what grows is the idempotency cache alone. Past
// MAX_IDEMPOTENCY_ENTRIES the oldest entries are evicted, so the figures after the cap stay flat.
//
// Two series: through the engine's idempotency calls exactly as the handlers make them (begin,
// trigger, finish), with the goal; and through the MSW handlers with msw's getResponse (no
// network), reported without a goal: msw 2.15's getResponse itself keeps about 1 KB per call,
// even for a handler that answers a constant (docs/benchmarks.md). Goals are reported, never
// asserted.
import { getResponse } from 'msw';
import { MAX_IDEMPOTENCY_ENTRIES } from '../dist/mock/engine/policy/idempotency.js';
import { createMockEngine } from '../dist/mock/index.js';
import { createHandlers } from '../dist/mock/msw.js';
import { countLabel, SMOKE, settleHeap } from './lib/measure.mjs';

const MB = 1024 * 1024;
const TOTAL = SMOKE ? 2_000 : 50_000;
const STEP = SMOKE ? 500 : 10_000;
/** Growth allowed from the first checkpoint past the cap to the last, in MB. */
export const FLAT_GOAL_MB = 5;

const seed = {
  subscribers: [{ subscriberId: 'user-1' }],
  workflows: [
    { workflowId: 'inactive', active: false, steps: [{ type: 'in_app', name: 'Inbox' }] },
  ],
};
const trigger = { name: 'inactive', to: 'user-1' };

function row(name, value, unit, extra = {}) {
  return { bench: 'idempotency-memory', name, value, unit, ...extra };
}

function memory() {
  settleHeap();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / MB, heap: heapUsed / MB };
}

function viaEngine() {
  const engine = createMockEngine({ seed });
  const authorization = `ApiKey ${engine.environment('Development').apiKey}`;
  return {
    engine,
    async send(index) {
      const key = `engine-${index}`;
      const answer = await engine.perform({
        operation: 'events.trigger',
        authorization,
        params: {},
        query: new URLSearchParams(),
        path: '/v1/events/trigger',
        idempotencyKey: key,
        readBody: async () => trigger,
      });
      if (answer.status !== 201 || answer.headers['Idempotency-Replay']) {
        throw new Error(`key ${key} did not run`);
      }
    },
  };
}

function viaHandlers() {
  const engine = createMockEngine({ seed });
  const handlers = createHandlers(engine);
  const apiKey = engine.environment('Development').apiKey;
  const body = JSON.stringify(trigger);
  return {
    engine,
    async send(index) {
      const response = await getResponse(
        handlers,
        new Request('https://api.svc.co/v1/events/trigger', {
          method: 'POST',
          headers: {
            authorization: `ApiKey ${apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': `msw-${index}`,
          },
          body,
        }),
      );
      if (response?.status !== 201)
        throw new Error(`trigger ${index} answered ${response?.status}`);
    },
  };
}

async function series(label, target, goal, rows) {
  const start = memory();
  rows.push(row(`${label}: RSS before`, +start.rss.toFixed(1), 'MB'));
  const checkpoints = [];
  for (let index = 1; index <= TOTAL; index++) {
    await target.send(index);
    if (index % STEP === 0) {
      const now = memory();
      const kept = target.engine.snapshot().state.idempotency.size;
      checkpoints.push({ index, ...now });
      rows.push(
        row(`${label}: RSS after ${countLabel(index)}`, +now.rss.toFixed(1), 'MB', {
          detail: `heap ${now.heap.toFixed(1)} MB; ${kept} idempotency entries kept (cap ${MAX_IDEMPOTENCY_ENTRIES})`,
        }),
      );
    }
  }
  const pastCap = checkpoints.filter((point) => point.index > MAX_IDEMPOTENCY_ENTRIES);
  const first = pastCap[0];
  const last = pastCap[pastCap.length - 1];
  if (first === undefined || last === undefined || first === last) {
    rows.push(
      row(`${label}: heap growth past the cap`, null, 'MB', {
        skipped: `the cap (${MAX_IDEMPOTENCY_ENTRIES}) is not reached in smoke mode`,
      }),
    );
    return;
  }
  const span = `from ${countLabel(first.index)} to ${countLabel(last.index)} triggers`;
  rows.push(
    row(`${label}: heap growth past the cap`, +(last.heap - first.heap).toFixed(1), 'MB', {
      ...(goal ? { goal: FLAT_GOAL_MB } : {}),
      detail: `${span}; RSS ${(last.rss - first.rss).toFixed(1)} MB`,
    }),
  );
}

/** Runs the bench and answers its rows. */
export default async function run() {
  const rows = [];
  await series('engine', viaEngine(), true, rows);
  await series('msw getResponse', viaHandlers(), false, rows);
  return rows;
}
