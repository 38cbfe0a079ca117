// Overhead of the SDK on subscribers.retrieve against raw fetch of the same URL, on a loopback
// node:http server, interleaved in one run. Prints the ratios of medians: the SDK over ky alone
// (the transport's floor; goal <= 1.05 with response validation on, issue 14), ky and the SDK over
// raw fetch, and the SDK with response validation off.
// BENCH_OVERHEAD_BEFORE=<another build's dist/ folder> adds that build's SDK (validation on) to
// the same interleaved run, so a change is compared with what it replaces at the same load.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ky from 'ky';
import { Svc } from '../dist/index.js';
import { SMOKE } from './lib/measure.mjs';
import { SUBSCRIBER_ANSWER } from './lib/subscriber-answer.mjs';

const BEFORE = process.env.BENCH_OVERHEAD_BEFORE;

const ITERATIONS = SMOKE ? 20 : Number(process.env.BENCH_ITERATIONS ?? 3000);
const WARMUP = SMOKE ? 5 : 300;

const body = SUBSCRIBER_ANSWER;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export default async function run() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const baseUrl = `http://127.0.0.1:${port}`;
  const svc = new Svc({ secretKey: 'sk_bench', baseUrl });
  const raw = () =>
    fetch(`${baseUrl}/v2/subscribers/user-1`, {
      headers: { authorization: 'ApiKey sk_bench', accept: 'application/json' },
    }).then((response) => response.json());
  const sdk = () => svc.subscribers.retrieve('user-1');
  // The SDK without response validation: the zod parse's share of the SDK's own cost.
  const svcUnchecked = new Svc({ secretKey: 'sk_bench', baseUrl, validation: 'off' });
  const sdkUnchecked = () => svcUnchecked.subscribers.retrieve('user-1');
  // ky alone (one attempt, same headers): the transport's own share of the overhead.
  const kyOnly = () =>
    ky(`${baseUrl}/v2/subscribers/user-1`, {
      headers: { authorization: 'ApiKey sk_bench', accept: 'application/json' },
      retry: 0,
    }).json();
  const calls = { raw, sdk, ky: kyOnly, sdkUnchecked };
  if (BEFORE) {
    const before = await import(pathToFileURL(resolve(BEFORE, 'index.js')).href);
    const svcBefore = new before.Svc({ secretKey: 'sk_bench', baseUrl });
    calls.sdkBefore = () => svcBefore.subscribers.retrieve('user-1');
  }
  const names = Object.keys(calls);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  try {
    for (let i = 0; i < WARMUP; i++) {
      for (const name of names) await calls[name]();
    }
    for (let i = 0; i < ITERATIONS; i++) {
      // Alternate the order so neither side always runs on a warmer connection.
      const order = i % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const started = performance.now();
        await calls[name]();
        times[name].push(performance.now() - started);
      }
    }
  } finally {
    server.close();
  }
  const rawMedian = median(times.raw);
  const sdkMedian = median(times.sdk);
  const kyMedian = median(times.ky);
  const uncheckedMedian = median(times.sdkUnchecked);
  const beforeRows = BEFORE
    ? [
        {
          bench: 'overhead',
          name: 'before build: sdk / ky alone (median)',
          value: +(median(times.sdkBefore) / kyMedian).toFixed(3),
          unit: 'ratio',
        },
      ]
    : [];
  return [
    {
      bench: 'overhead',
      name: 'raw fetch median',
      value: +(rawMedian * 1000).toFixed(1),
      unit: 'µs',
    },
    {
      bench: 'overhead',
      name: 'subscribers.retrieve median',
      value: +(sdkMedian * 1000).toFixed(1),
      unit: 'µs',
    },
    {
      bench: 'overhead',
      name: 'sdk / raw (median)',
      value: +(sdkMedian / rawMedian).toFixed(3),
      unit: 'ratio',
    },
    {
      bench: 'overhead',
      name: 'ky alone median',
      value: +(kyMedian * 1000).toFixed(1),
      unit: 'µs',
    },
    {
      bench: 'overhead',
      name: 'ky alone / raw (median)',
      value: +(kyMedian / rawMedian).toFixed(3),
      unit: 'ratio',
    },
    {
      bench: 'overhead',
      name: 'sdk / ky alone (median)',
      value: +(sdkMedian / kyMedian).toFixed(3),
      unit: 'ratio',
      goal: 1.05,
    },
    {
      bench: 'overhead',
      name: 'sdk, validation off / ky alone (median)',
      value: +(uncheckedMedian / kyMedian).toFixed(3),
      unit: 'ratio',
    },
    ...beforeRows,
  ];
}
