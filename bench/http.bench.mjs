// The HTTP server (issue 11): `svc-mock` against a bare node:http server answering constant JSON,
// loaded by a separate closed-loop process (bench/lib/http-load.mjs) over 32 keep-alive sockets,
// contestants interleaved round by round, medians and spread reported; the CLI's start to its
// first 200 against a bare script's; and the in-process trigger through the client in fetch mode
// (createFetchHandler) against msw mode (setupServer).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { Svc } from '../dist/index.js';
import { createFetchHandler, createMockEngine } from '../dist/mock/index.js';
import { createHandlers } from '../dist/mock/msw.js';
import { median, SMOKE, sample } from './lib/measure.mjs';
import { runHttpLoad } from './lib/run-load.mjs';

const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_HTTP_ROUNDS ?? 5);
const SECONDS = SMOKE ? 0.3 : Number(process.env.BENCH_HTTP_SECONDS ?? 3);
const CONNECTIONS = 32;
const START_SAMPLES = SMOKE ? 1 : 7;
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const bare = fileURLToPath(new URL('./lib/bare-server.mjs', import.meta.url));

/** Starts a server process and resolves with its URL (and banner) once it prints it. */
function startProcess(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && (!args.includes(cli) || output.includes('control API:'))) {
        resolve({ child, url, output, started });
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)),
    );
  });
}

function stop(child) {
  child.removeAllListeners('exit');
  return new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

function apiKeyOf(banner) {
  return /Development\s+_id=\S+\s+apiKey=(\S+)/.exec(banner)?.[1];
}

function runLoad(spec) {
  return runHttpLoad({ connections: CONNECTIONS, seconds: SECONDS, ...spec });
}

async function firstOk(url, headers) {
  for (;;) {
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
  }
}

async function startToFirst200(args, path, keyed) {
  const samples = [];
  for (let index = 0; index < START_SAMPLES; index++) {
    const started = performance.now();
    const running = await startProcess(args);
    const key = keyed ? apiKeyOf(running.output) : undefined;
    await firstOk(`${running.url}${path}`, key ? { authorization: `ApiKey ${key}` } : {});
    samples.push(performance.now() - started);
    await stop(running.child);
  }
  return median(samples);
}

/**
 * A control call between rounds. The server closes idle keep-alive sockets after 5 s, longer
 * than a round takes, so fetch's pooled socket may be gone: one retry on a fresh one.
 */
async function control(url, init) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init);
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

const spread = (values) =>
  `min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;

async function serverFigures() {
  const mock = await startProcess([cli, '--port', '0', '--quiet']);
  const reference = await startProcess([bare]);
  const key = apiKeyOf(mock.output);
  const json = { 'content-type': 'application/json' };
  const workflowSeed = JSON.stringify({
    workflows: [
      {
        workflowId: 'bench-in-app',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
        ],
      },
    ],
  });
  const seeded = await fetch(`${mock.url}/__svc/seed`, {
    method: 'POST',
    headers: json,
    body: workflowSeed,
  });
  if (seeded.status !== 200) throw new Error(`seed failed: ${await seeded.text()}`);
  const auth = { authorization: `ApiKey ${key}` };
  const contestants = {
    bare: { url: `${reference.url}/v2/subscribers/demo-ada`, method: 'GET' },
    get: { url: `${mock.url}/v2/subscribers/demo-ada`, method: 'GET', headers: auth },
    trigger: {
      url: `${mock.url}/v1/events/trigger`,
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'bench-in-app', to: 'demo-ada', payload: {} }),
    },
  };
  const results = { bare: [], get: [], trigger: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, spec] of Object.entries(contestants)) results[name].push(runLoad(spec));
      // Triggers pile up notifications; start each round from the demo data and the workflow.
      await control(`${mock.url}/__svc/reset`, { method: 'POST', headers: json, body: '{}' });
      await control(`${mock.url}/__svc/seed`, {
        method: 'POST',
        headers: json,
        body: workflowSeed,
      });
    }
  } finally {
    await stop(mock.child);
    await stop(reference.child);
  }
  const rps = (name) => results[name].map((run) => run.rps);
  const bareRps = median(rps('bare'));
  const getRps = median(rps('get'));
  const triggerRps = median(rps('trigger'));
  const bareP99 = median(results.bare.map((run) => run.p99));
  const getP99 = median(results.get.map((run) => run.p99));
  const detail = `median of ${ROUNDS} interleaved ${SECONDS} s runs, ${CONNECTIONS} keep-alive connections`;
  return [
    {
      bench: 'http',
      name: 'bare node:http, constant JSON (req/s)',
      value: Math.round(bareRps),
      unit: 'req/s',
      detail: `${detail}; ${spread(rps('bare'))}`,
    },
    {
      bench: 'http',
      name: 'svc-mock GET subscriber (req/s)',
      value: Math.round(getRps),
      unit: 'req/s',
      detail: `${detail}; ${spread(rps('get'))}`,
    },
    {
      bench: 'http',
      name: 'svc-mock POST trigger, 1-step in_app (req/s)',
      value: Math.round(triggerRps),
      unit: 'req/s',
      detail: `${detail}; ${spread(rps('trigger'))}`,
    },
    {
      bench: 'http',
      name: 'svc-mock GET subscriber / bare',
      value: +(getRps / bareRps).toFixed(2),
      unit: 'ratio',
      goal: 0.5,
      better: 'higher',
      detail,
    },
    {
      bench: 'http',
      name: 'svc-mock POST trigger / bare',
      value: +(triggerRps / bareRps).toFixed(2),
      unit: 'ratio',
      goal: 0.3,
      better: 'higher',
      detail,
    },
    {
      bench: 'http',
      name: 'p99 GET subscriber / bare p99',
      value: +(getP99 / bareP99).toFixed(2),
      unit: 'ratio',
      goal: 3,
      detail: `${getP99.toFixed(2)} ms vs ${bareP99.toFixed(2)} ms; ${detail}`,
    },
  ];
}

async function startFigures() {
  const mockMs = await startToFirst200(
    [cli, '--port', '0', '--quiet'],
    '/v2/subscribers/demo-ada',
    true,
  );
  const bareMs = await startToFirst200([bare], '/', false);
  const detail = `median of ${START_SAMPLES} fresh processes, spawn to first 200`;
  return [
    {
      bench: 'http',
      name: 'CLI start to first 200 (ms)',
      value: +mockMs.toFixed(0),
      unit: 'ms',
      detail,
    },
    {
      bench: 'http',
      name: 'CLI start to first 200 / bare script',
      value: +(mockMs / bareMs).toFixed(2),
      unit: 'ratio',
      goal: 2,
      detail: `${bareMs.toFixed(0)} ms for the bare script; ${detail}`,
    },
  ];
}

async function inProcessFigures() {
  const seed = {
    subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  };
  const fetchEngine = createMockEngine({ seed });
  const fetchSvc = new Svc({
    secretKey: fetchEngine.environment('Development').apiKey,
    fetch: createFetchHandler(fetchEngine),
  });
  const mswEngine = createMockEngine({ seed });
  const server = setupServer(...createHandlers(mswEngine));
  server.listen({ onUnhandledRequest: 'error' });
  const mswSvc = new Svc({ secretKey: mswEngine.environment('Development').apiKey });
  const body = { name: 'welcome', to: 'user-1', payload: {} };
  const fetchRuns = [];
  const mswRuns = [];
  try {
    for (let round = 0; round < (SMOKE ? 1 : 5); round++) {
      fetchRuns.push(
        median(await sample(() => fetchSvc.events.trigger(body), { budgetMs: SMOKE ? 50 : 400 })),
      );
      mswRuns.push(
        median(await sample(() => mswSvc.events.trigger(body), { budgetMs: SMOKE ? 50 : 400 })),
      );
      fetchEngine.reset();
      mswEngine.reset();
    }
  } finally {
    server.close();
  }
  const fetchUs = median(fetchRuns);
  const mswUs = median(mswRuns);
  const detail = 'client events.trigger, 1-step in_app workflow; median of interleaved rounds';
  return [
    {
      bench: 'http',
      name: 'in-process trigger, fetch mode (µs)',
      value: +fetchUs.toFixed(0),
      unit: 'µs',
      detail,
    },
    {
      bench: 'http',
      name: 'in-process trigger, msw mode (µs)',
      value: +mswUs.toFixed(0),
      unit: 'µs',
      detail,
    },
    {
      bench: 'http',
      name: 'in-process trigger, fetch mode / msw mode',
      value: +(fetchUs / mswUs).toFixed(2),
      unit: 'ratio',
      goal: 0.3,
      detail,
    },
  ];
}

// BENCH_HTTP_PARTS=server,start,inprocess picks parts (all by default), to rerun one figure.
const PARTS = new Set((process.env.BENCH_HTTP_PARTS ?? 'server,start,inprocess').split(','));

/** Runs the HTTP benches and answers their rows. */
export default async function run() {
  return [
    ...(PARTS.has('server') ? await serverFigures() : []),
    ...(PARTS.has('start') ? await startFigures() : []),
    ...(PARTS.has('inprocess') ? await inProcessFigures() : []),
  ];
}
