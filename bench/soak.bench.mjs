// The soak run (issue 31): `svc-mock --clock real` under mixed traffic for BENCH_SOAK_MINUTES
// (default 10): triggers, broadcasts, workflow updates with payload schemas, inspector event
// streams (read and unread), failing requests and large bodies. Every interval (a minute, or
// BENCH_SOAK_INTERVAL_S) it reports the server's RSS and the p99 latency of that interval's
// requests; both should stay flat once the caps and retention hold.
//   npm run bench -- soak                      (10 minutes)
//   BENCH_SOAK_MINUTES=2 BENCH_SOAK_INTERVAL_S=20 npm run bench -- soak   (a short run)
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMOKE } from './lib/measure.mjs';
import { startSvcMock } from './lib/svc-mock-process.mjs';

const MINUTES = SMOKE ? 0.2 : Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const INTERVAL_S = SMOKE ? 4 : Number(process.env.BENCH_SOAK_INTERVAL_S ?? 60);
const REQUEST_TIMEOUT_MS = SMOKE ? 10_000 : 60_000;
const WORKERS = 6;
const SUBSCRIBERS = 500;

function row(name, value, unit, extra = {}) {
  return { bench: 'soak', name, value, unit, ...extra };
}

function seedFile() {
  const file = join(tmpdir(), `svc-soak-seed-${process.pid}.json`);
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
    subscriberId: `soak-${n}`,
    email: `soak-${n}@example.com`,
  }));
  writeFileSync(file, JSON.stringify({ subscribers }));
  return file;
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const schema = (n) => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 20 }, (_, index) => [
      `field${index}`,
      { type: 'string', default: `v${n}` },
    ]),
  ),
});

const workflowBody = (n) => ({
  name: 'Soak',
  workflowId: 'soak',
  steps: [
    {
      name: 'Inbox',
      type: 'in_app',
      controlValues: { body: 'Hi {{ subscriber.email }} {{ payload.field1 }}' },
    },
    {
      name: 'Email',
      type: 'email',
      controlValues: { subject: 'S {{ payload.n }}', body: 'B {{ payload | json }}' },
    },
  ],
  payloadSchema: schema(n),
  validatePayload: true,
});

export default async function run() {
  const seed = seedFile();
  const { child, url, key } = await startSvcMock(['--clock', 'real', '--seed', seed]);
  const api = { authorization: `ApiKey ${key}`, 'content-type': 'application/json' };
  // A request that hangs or fails on the network counts as a row: the run reports it, never
  // stalls on it (a worker that threw used to leave the sampler and the server running).
  let timedOut = 0;
  let networkErrors = 0;
  const call = async (method, path, body) => {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: api,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const answered = (method, path, body) =>
    call(method, path, body).catch((error) => {
      if (error?.name === 'TimeoutError') timedOut += 1;
      else {
        networkErrors += 1;
        console.error(`[soak] ${method} ${path} failed: ${error?.cause?.message ?? error}`);
      }
      return { status: 0, ms: error?.name === 'TimeoutError' ? REQUEST_TIMEOUT_MS : 0 };
    });
  const created = await call('POST', '/v2/workflows', workflowBody(0));
  if (created.status !== 201) throw new Error(`workflow create answered ${created.status}`);

  // Inspector streams: two read, four never read (their buffers fill until they are dropped).
  const streams = [];
  for (let n = 0; n < 6; n++) {
    const controller = new AbortController();
    streams.push(controller);
    fetch(`${url}/__svc/ui/events`, { signal: controller.signal })
      .then(async (response) => {
        if (n < 2)
          for await (const _ of response.body) {
            /* read */
          }
      })
      .catch(() => {});
  }

  const big = 'x'.repeat(2_000_000);
  const huge = 'y'.repeat(30 * 1024 * 1024);
  let latencies = [];
  let requests = 0;
  let errors = 0;
  let step = 0;
  const deadline = performance.now() + MINUTES * 60_000;
  const next = async () => {
    step += 1;
    const n = step;
    const kind = n % 50;
    let answer;
    if (kind === 0)
      answer = await answered('POST', '/v1/events/trigger/broadcast', {
        name: 'soak',
        payload: { n: `${n}` },
      });
    else if (kind === 1)
      answer = await answered('PUT', '/v2/workflows/soak', {
        origin: 'svc-cloud',
        preferences: {},
        ...workflowBody(n),
      });
    else if (kind === 2)
      answer = await answered('POST', '/v1/events/trigger', {
        name: 'missing',
        to: 'soak-1',
        payload: { big },
      });
    else if (kind === 3) answer = await answered('POST', '/v1/events/trigger', huge);
    else if (kind < 10) answer = await answered('GET', `/v2/subscribers/nobody-${n}`);
    else if (kind < 14) answer = await answered('GET', `/v2/subscribers?limit=10`);
    else
      answer = await answered('POST', '/v1/events/trigger', {
        name: 'soak',
        to: [`soak-${n % SUBSCRIBERS}`, `soak-${(n * 7) % SUBSCRIBERS}`],
        payload: { n: `${n}` },
      });
    requests += 1;
    if (answer.status >= 500) errors += 1;
    latencies.push(answer.ms);
  };

  const rows = [];
  const startRss = rssOf(child.pid);
  rows.push(row('RSS at start', +startRss.toFixed(1), 'MB'));
  let interval = 0;
  const sample = () => {
    interval += 1;
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
    const label =
      INTERVAL_S % 60 === 0 ? `${(interval * INTERVAL_S) / 60} min` : `${interval * INTERVAL_S} s`;
    rows.push(row(`${label}: server RSS`, +rssOf(child.pid).toFixed(1), 'MB'));
    rows.push(row(`${label}: p99 latency (${sorted.length} requests)`, +p99.toFixed(1), 'ms'));
    console.error(
      `[soak] ${label} rss=${rssOf(child.pid).toFixed(1)} MB p99=${p99.toFixed(1)} ms n=${sorted.length}`,
    );
    latencies = [];
  };
  const sampler = setInterval(sample, INTERVAL_S * 1000);

  try {
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (performance.now() < deadline) await next();
      }),
    );
  } finally {
    clearInterval(sampler);
    // The last interval ends with the run, not with the timer (which drifts past the deadline).
    if (latencies.length > 0) sample();
    for (const controller of streams) controller.abort();
    child.kill('SIGTERM');
  }
  rows.push(row('requests', requests, 'requests'));
  rows.push(row('5xx answers', errors, 'requests', { goal: 0 }));
  rows.push(row('requests with no answer in time', timedOut, 'requests', { goal: 0 }));
  rows.push(row('requests failed on the network', networkErrors, 'requests', { goal: 0 }));
  return rows;
}
