// A large fan-out and the requests around it (issue 31, item 2; docs/decisions/0145): `svc-mock`
// with N subscribers, all in one topic; a trigger to the topic and a broadcast, each while a
// second client reads a subscriber over and over. Reported: how long the fan-out's answer took,
// how many reads were answered while it ran, and the longest a read waited (what the fan-out held
// the server for: the whole fan-out before it went on in chunks, about a chunk after).
//   npm run bench -- fan-out            (20,000 subscribers)
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, SMOKE } from './lib/measure.mjs';
import { startSvcMock } from './lib/svc-mock-process.mjs';

const SUBSCRIBERS = SMOKE ? 300 : Number(process.env.BENCH_FAN_OUT_SUBSCRIBERS ?? 20_000);
const ROUNDS = SMOKE ? 1 : 3;

function row(name, value, unit, extra = {}) {
  return { bench: 'fan-out', name, value, unit, ...extra };
}

function seedFile() {
  const file = join(tmpdir(), `svc-fan-out-seed-${process.pid}.json`);
  const ids = Array.from({ length: SUBSCRIBERS }, (_, n) => `fan-${n}`);
  writeFileSync(
    file,
    JSON.stringify({
      subscribers: ids.map((subscriberId) => ({ subscriberId })),
      topics: [{ key: 'everyone', name: 'Everyone', subscribers: ids }],
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: 'Hi {{ subscriber.subscriberId }}' },
            },
          ],
        },
      ],
    }),
  );
  return file;
}

/** Sends the fan-out and reads a subscriber in a loop until it answers. */
async function measure(url, headers, path, body) {
  let done = false;
  const started = performance.now();
  const fanOut = fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    .then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, answerMs: performance.now() - started };
    })
    .finally(() => {
      done = true;
    });
  // Every read sent before the fan-out's answer counts, the one that waited for it too.
  const waits = [];
  let answeredBefore = 0;
  while (!done) {
    const before = performance.now();
    const read = await fetch(`${url}/v2/subscribers/fan-1`, { headers });
    await read.arrayBuffer();
    waits.push(performance.now() - before);
    if (!done) answeredBefore += 1;
  }
  return { ...(await fanOut), reads: answeredBefore, longestWaitMs: Math.max(0, ...waits) };
}

export default async function run() {
  const seed = seedFile();
  const { child, url, key } = await startSvcMock(['--clock', 'virtual', '--seed', seed]);
  const headers = { authorization: `ApiKey ${key}`, 'content-type': 'application/json' };
  const rows = [];
  try {
    const kinds = [
      [
        'topic trigger',
        '/v1/events/trigger',
        { name: 'news', to: { type: 'Topic', topicKey: 'everyone' } },
      ],
      ['broadcast', '/v1/events/trigger/broadcast', { name: 'news', payload: {} }],
    ];
    for (const [label, path, body] of kinds) {
      const results = [];
      for (let round = 0; round < ROUNDS; round++)
        results.push(await measure(url, headers, path, body));
      const name = `${label} to ${SUBSCRIBERS} subscribers`;
      const refused = results.find((result) => result.status !== 201);
      if (refused !== undefined) {
        rows.push({ ...row(`${name}: answer`, null, 'ms'), skipped: `answered ${refused.status}` });
        continue;
      }
      rows.push(row(`${name}: answer`, +median(results.map((r) => r.answerMs)).toFixed(1), 'ms'));
      rows.push(
        row(`${name}: reads answered before it`, median(results.map((r) => r.reads)), 'requests'),
      );
      rows.push(
        row(
          `${name}: longest read wait`,
          +Math.max(...results.map((r) => r.longestWaitMs)).toFixed(1),
          'ms',
          {
            goal: 250,
          },
        ),
      );
    }
  } finally {
    child.kill('SIGTERM');
    rmSync(seed, { force: true });
  }
  return rows;
}
