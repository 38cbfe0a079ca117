// `svc-mock --data` (issue 30, item 5): triggers/s and GET/s of a server keeping its data against
// one in memory, in the same run (rounds interleaved; goals: triggers >= 0.5x, GETs unchanged),
// the journal's bytes per trigger and the snapshot's size after compaction, and the start time of
// a directory holding 100k subscribers, 1k workflows and 100k notifications (goal < 3 s), from the
// snapshot alone and with a journal topped up to just under its compaction threshold.
// BENCH_PERSISTENCE_PARTS=throughput,start,compaction picks parts; BENCH_PERSISTENCE_ROUNDS and
// _SECONDS set the load. `compaction`: p99 and worst latency of triggers and of GETs at once on the
// 100k-notification directory while compactions run, against the svc-mock built at
// BENCH_COMPACTION_BEFORE (a dist/ folder of another checkout) when given, in the same run.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { COMPACT_AFTER_BYTES } from '../dist/mock/persistence/data-directory.js';
import { subscriberSeed, workflowSeed } from './lib/datasets.mjs';
import { median, SMOKE } from './lib/measure.mjs';
import { runHttpLoad, runHttpLoadInBackground } from './lib/run-load.mjs';

const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_PERSISTENCE_ROUNDS ?? 3);
const SECONDS = SMOKE ? 0.3 : Number(process.env.BENCH_PERSISTENCE_SECONDS ?? 3);
const CONNECTIONS = 32;
const SUBSCRIBERS = SMOKE ? 1_000 : 100_000;
const WORKFLOWS = SMOKE ? 10 : 1_000;
const NOTIFICATIONS = SMOKE ? 1_000 : 100_000;
const START_SAMPLES = SMOKE ? 1 : 3;
const JOURNAL_SAMPLE = SMOKE ? 20 : 500;
const KEY = 'persistence-bench-key-0123';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const json = { 'content-type': 'application/json' };
const auth = { authorization: `ApiKey ${KEY}` };

/** Events per bulk trigger when a bench fills a directory with notifications. */
const BULK = 100;

/** Triggers NOTIFICATIONS notifications through bulk triggers of BULK, four senders at once. */
async function triggerNotifications(url) {
  let sent = 0;
  const sender = async () => {
    while (sent < NOTIFICATIONS) {
      const from = sent;
      sent += BULK;
      const events = Array.from({ length: BULK }, (_, offset) => ({
        name: `workflow-${(from + offset) % WORKFLOWS}`,
        to: `user-${(from + offset) % SUBSCRIBERS}`,
        payload: {},
      }));
      const response = await fetch(`${url}/v1/events/trigger/bulk`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({ events }),
      });
      if (response.status !== 201)
        throw new Error(`bulk trigger: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, sender));
}

function startProcess(args, program = cli) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [program, '--port', '0', '--quiet', '--no-inspector', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, SVC_MOCK_DATA: '' },
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)[\s\S]*control API:/.exec(output)?.[1];
      if (url) resolve({ child, url, ms: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`svc-mock exited with ${code}: ${output}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function runLoad(spec) {
  return runHttpLoad({ connections: CONNECTIONS, seconds: SECONDS, ...spec });
}

async function control(url, path, body = {}) {
  // An idle keep-alive socket the server closed fails the next fetch before it is sent: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${url}/__svc${path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

const bytesOf = (directory, test) =>
  readdirSync(directory)
    .filter(test)
    .reduce((total, name) => total + statSync(join(directory, name)).size, 0);
const isJournal = (name) => name.startsWith('journal-');
const byGeneration = (a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]);

async function throughput() {
  const directory = mkdtempSync(join(tmpdir(), 'svc-mock-bench-data-'));
  const seed = {
    workflows: [
      {
        workflowId: 'bench-in-app',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
        ],
      },
    ],
  };
  const memory = await startProcess(['--clock', 'virtual', '--api-key', KEY]);
  const kept = await startProcess(['--clock', 'virtual', '--api-key', KEY, '--data', directory]);
  const results = { memoryGet: [], keptGet: [], memoryTrigger: [], keptTrigger: [] };
  let journalPerTrigger = 0;
  let snapshotBytes = 0;
  let journalBytes = 0;
  try {
    for (const server of [memory, kept]) await control(server.url, '/seed', seed);
    const get = (server) => ({
      url: `${server.url}/v2/subscribers/demo-ada`,
      method: 'GET',
      headers: auth,
    });
    const trigger = (server) => ({
      url: `${server.url}/v1/events/trigger`,
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'bench-in-app', to: 'demo-ada', payload: {} }),
    });
    for (let round = 0; round < ROUNDS; round++) {
      // Which server goes first alternates, so neither always meets the other's leftovers.
      if (round % 2 === 0) {
        results.memoryGet.push(runLoad(get(memory)));
        results.keptGet.push(runLoad(get(kept)));
      } else {
        results.keptGet.push(runLoad(get(kept)));
        results.memoryGet.push(runLoad(get(memory)));
      }
      results.memoryTrigger.push(runLoad(trigger(memory)));
      results.keptTrigger.push(runLoad(trigger(kept)));
      // A control change saves the whole engine: the size the journal compacts to.
      await control(kept.url, '/settle');
      snapshotBytes = statSync(join(directory, 'state.snap')).size;
      for (const server of [memory, kept]) {
        await control(server.url, '/reset');
        await control(server.url, '/seed', seed);
      }
    }
    // Journal growth per trigger, from a count of triggers too small to reach a compaction (a
    // timed round writes more than the 2 MiB after which the journal starts again).
    const before = bytesOf(directory, isJournal);
    const { body, method, headers, url } = trigger(kept);
    for (let index = 0; index < JOURNAL_SAMPLE; index++) {
      const response = await fetch(url, { method, headers, body });
      if (response.status !== 201) throw new Error(`trigger: ${response.status}`);
    }
    journalBytes = bytesOf(directory, isJournal) - before;
    journalPerTrigger = journalBytes / JOURNAL_SAMPLE;
  } finally {
    await stop(memory.child);
    await stop(kept.child);
    rmSync(directory, { recursive: true, force: true });
  }
  const rps = (runs) => median(runs.map((run) => run.rps));
  const detail = `median of ${ROUNDS} interleaved ${SECONDS} s runs, ${CONNECTIONS} keep-alive connections`;
  // Each request: in memory, with --data, and their ratio against its goal.
  const rateRows = (label, memory, kept, goal, note = '') => [
    {
      bench: 'persistence',
      name: `${label} in memory (req/s)`,
      value: Math.round(rps(memory)),
      unit: 'req/s',
      detail,
    },
    {
      bench: 'persistence',
      name: `${label} with --data (req/s)`,
      value: Math.round(rps(kept)),
      unit: 'req/s',
      detail,
    },
    {
      bench: 'persistence',
      name: `${label}: --data / memory`,
      value: +(rps(kept) / rps(memory)).toFixed(2),
      unit: 'x',
      goal,
      better: 'higher',
      detail: `${detail}${note}`,
    },
  ];
  return [
    ...rateRows('POST trigger', results.memoryTrigger, results.keptTrigger, 0.5),
    ...rateRows(
      'GET subscriber',
      results.memoryGet,
      results.keptGet,
      0.9,
      '; unchanged within the noise',
    ),
    {
      bench: 'persistence',
      name: 'journal bytes per trigger',
      value: Math.round(journalPerTrigger),
      unit: 'B',
      detail: `${journalBytes} bytes for ${JOURNAL_SAMPLE} triggers`,
    },
    {
      bench: 'persistence',
      name: 'snapshot after compaction (demo data + one round of triggers)',
      value: Math.round(snapshotBytes / 1024),
      unit: 'KiB',
      detail: 'state.snap after POST /__svc/settle',
    },
  ];
}

async function startTime() {
  const directory = mkdtempSync(join(tmpdir(), 'svc-mock-bench-start-'));
  const seedFile = join(directory, '..', `${directory.split('/').at(-1)}-seed.json`);
  const data = join(directory, 'data');
  // Every notification is unread in-app, which retention keeps only up to three times its cap:
  // a cap with room above them keeps them all (every start passes it, so a play back keeps what
  // the writes kept).
  const keep = ['--retention-max', String(2 * NOTIFICATIONS)];
  try {
    writeFileSync(
      seedFile,
      JSON.stringify({
        subscribers: Array.from({ length: SUBSCRIBERS }, (_, index) => subscriberSeed(index)),
        workflows: Array.from({ length: WORKFLOWS }, (_, index) => workflowSeed(index)),
      }),
    );
    const first = await startProcess([
      '--clock',
      'virtual',
      '--api-key',
      KEY,
      '--seed',
      seedFile,
      '--data',
      data,
      ...keep,
    ]);
    await triggerNotifications(first.url);
    // The journal is compacted past its threshold, so what a start plays back is at most that:
    // top it up with single triggers to just under it (the most a running server leaves), once
    // a compaction in flight has removed the journals before its snapshot.
    const journals = () => readdirSync(data).filter(isJournal).sort(byGeneration);
    const settled = async () => {
      for (let waited = 0; journals().length > 1 && waited < 120_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const newest = () => statSync(join(data, journals().at(-1))).size;
    let topUps = 0;
    const topUp = async () => {
      while (newest() < COMPACT_AFTER_BYTES * 0.95) {
        const response = await fetch(`${first.url}/v1/events/trigger`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({
            name: `workflow-${topUps % WORKFLOWS}`,
            to: `user-${topUps % SUBSCRIBERS}`,
            payload: {},
          }),
        });
        topUps += 1;
        if (response.status !== 201)
          throw new Error(`trigger: ${response.status} ${await response.text()}`);
      }
    };
    await settled();
    if (!SMOKE) await Promise.all(Array.from({ length: 4 }, topUp));
    await settled();
    const journalOnly = bytesOf(data, isJournal);
    await stop(first.child);
    // First start after the writes: the snapshot plus a journal of every bulk trigger to play back.
    const replaying = await startProcess([
      '--clock',
      'virtual',
      '--api-key',
      KEY,
      '--data',
      data,
      ...keep,
    ]);
    const replayMs = replaying.ms;
    await control(replaying.url, '/settle'); // compacted: the snapshot holds everything
    await stop(replaying.child);
    const samples = [];
    for (let index = 0; index < START_SAMPLES; index++) {
      const started = await startProcess([
        '--clock',
        'virtual',
        '--api-key',
        KEY,
        '--data',
        data,
        ...keep,
      ]);
      samples.push(started.ms);
      await stop(started.child);
    }
    const snapshot = statSync(join(data, 'state.snap')).size;
    const what = `${SUBSCRIBERS} subscribers, ${WORKFLOWS} workflows, ${NOTIFICATIONS} notifications`;
    return [
      {
        bench: 'persistence',
        name: `start with ${what} (snapshot)`,
        value: Math.round(median(samples)),
        unit: 'ms',
        goal: 3000,
        detail: `process start to banner, median of ${START_SAMPLES}; state.snap ${Math.round(snapshot / 1048576)} MiB`,
      },
      {
        bench: 'persistence',
        name: `start with ${what} (snapshot + journal to replay)`,
        value: Math.round(replayMs),
        unit: 'ms',
        detail: `the ${Math.round(journalOnly / 1024)} KiB journal left after ${NOTIFICATIONS / BULK} bulk triggers and ${topUps} single ones (compaction at ${COMPACT_AFTER_BYTES / 1048576} MiB) played back`,
      },
    ];
  } finally {
    rmSync(directory, { recursive: true, force: true });
    rmSync(seedFile, { force: true });
  }
}

/** Fills `data` with SUBSCRIBERS subscribers, WORKFLOWS workflows and NOTIFICATIONS notifications. */
async function fillLargeDirectory(data, seedFile, keep, program = cli) {
  writeFileSync(
    seedFile,
    JSON.stringify({
      subscribers: Array.from({ length: SUBSCRIBERS }, (_, index) => subscriberSeed(index)),
      workflows: Array.from({ length: WORKFLOWS }, (_, index) => workflowSeed(index)),
    }),
  );
  const first = await startProcess(
    ['--clock', 'virtual', '--api-key', KEY, '--seed', seedFile, '--data', data, ...keep],
    program,
  );
  await triggerNotifications(first.url);
  await control(first.url, '/settle'); // compacted: the snapshot holds everything
  await stop(first.child);
}

const COMPACTION_SECONDS = SMOKE ? 1 : Number(process.env.BENCH_COMPACTION_SECONDS ?? 20);

/** The newest journal's generation: how many compactions started between two reads. */
const generationOf = (data) =>
  Math.max(
    ...readdirSync(data)
      .filter(isJournal)
      .map((name) => Number(/\d+/.exec(name)?.[0])),
  );

/**
 * Triggers (16 connections), GETs (8) and bulk triggers (4, what fills the journal) at once for
 * COMPACTION_SECONDS on a copy of `data`: a compaction every 2 MiB of journal, of the whole
 * 100k-notification state.
 */
async function underCompaction(label, program, data, keep) {
  const server = await startProcess(
    ['--clock', 'virtual', '--api-key', KEY, '--data', data, ...keep],
    program,
  );
  try {
    // A start after a format change (or a journal) compacts first: let it finish.
    await control(server.url, '/settle');
    const before = generationOf(data);
    const load = (spec) =>
      runHttpLoadInBackground({
        method: 'POST',
        seconds: COMPACTION_SECONDS,
        countFailures: true,
        ...spec,
      });
    // Bulk triggers fill the journal fast enough for compactions to happen in the window.
    const events = Array.from({ length: 40 }, (_, index) => ({
      name: `workflow-${index % WORKFLOWS}`,
      to: `user-${(index * 7) % SUBSCRIBERS}`,
      payload: { text: 'x'.repeat(2000) },
    }));
    const bulk = load({
      url: `${server.url}/v1/events/trigger/bulk`,
      headers: { ...auth, ...json },
      body: JSON.stringify({ events }),
      connections: 4,
    });
    const gets = load({
      url: `${server.url}/v2/subscribers/user-1`,
      method: 'GET',
      headers: auth,
      connections: 8,
    });
    const triggers = await load({
      url: `${server.url}/v1/events/trigger`,
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'workflow-1', to: 'user-1', payload: {} }),
      connections: 16,
    });
    const read = await gets;
    await bulk;
    return { label, triggers, gets: read, compactions: generationOf(data) - before };
  } finally {
    await stop(server.child);
  }
}

async function compactionLatency() {
  const directory = mkdtempSync(join(tmpdir(), 'svc-mock-bench-compaction-'));
  const seedFile = join(directory, 'seed.json');
  const built = join(directory, 'built');
  const keep = ['--retention-max', String(4 * NOTIFICATIONS)];
  const beforeDist = process.env.BENCH_COMPACTION_BEFORE;
  const beforeCli = beforeDist ? join(beforeDist, 'cli.js') : undefined;
  try {
    // Built by the older svc-mock when comparing: a newer one reads (and rewrites) its files.
    await fillLargeDirectory(built, seedFile, keep, beforeCli ?? cli);
    const runs = [];
    for (const [label, program] of [
      ...(beforeCli ? [['before', beforeCli]] : []),
      ['this build', cli],
    ]) {
      const copy = join(directory, label.replace(/\W/g, '-'));
      cpSync(built, copy, { recursive: true });
      runs.push(await underCompaction(label, program, copy, keep));
    }
    const what = `${NOTIFICATIONS} notifications, ${SUBSCRIBERS} subscribers`;
    return runs.flatMap((run) => {
      const detail = `${what}; ${COMPACTION_SECONDS} s of triggers (16 connections), GETs (8) and bulk triggers of 40 x 2 KB (4) at once, ${run.compactions} compaction(s) started meanwhile`;
      return [
        ['POST trigger', run.triggers],
        ['GET subscriber', run.gets],
      ].flatMap(([name, measured]) => [
        {
          bench: 'persistence',
          name: `${name} p99 under compaction (${run.label})`,
          value: Math.round(measured.p99),
          unit: 'ms',
          better: 'lower',
          detail: `${detail}; ${Math.round(measured.rps)} req/s, ${measured.failures} failed`,
        },
        {
          bench: 'persistence',
          name: `${name} worst under compaction (${run.label})`,
          value: Math.round(measured.max),
          unit: 'ms',
          better: 'lower',
          detail,
        },
      ]);
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Runs the persistence bench and answers its rows. */
export default async function run() {
  const parts = (process.env.BENCH_PERSISTENCE_PARTS ?? 'throughput,start,compaction').split(',');
  return [
    ...(parts.includes('throughput') ? await throughput() : []),
    ...(parts.includes('start') ? await startTime() : []),
    ...(parts.includes('compaction') ? await compactionLatency() : []),
  ];
}
