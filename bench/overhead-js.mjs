// The client's JavaScript alone (issue 42): the overhead bench's call against a `fetch` that
// answers at once (no socket, no server), as CPU time per call, ky alone and one or more builds'
// clients in one process, rounds interleaved. Prints the median per round and the ratio to ky.
//   npm run build && node bench/overhead-js.mjs [dist/ folder ...] (default: dist)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ky from 'ky';
import { SUBSCRIBER_ANSWER } from './lib/subscriber-answer.mjs';

const folders = process.argv.slice(2);
const CALLS_PER_ROUND = 400;
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const body = SUBSCRIBER_ANSWER;
const instantFetch = async () =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
const baseUrl = 'http://127.0.0.1:9';
const headers = { authorization: 'ApiKey sk_bench', accept: 'application/json' };
const calls = {
  'ky alone': () =>
    ky(`${baseUrl}/v2/subscribers/user-1`, { headers, retry: 0, fetch: instantFetch }).json(),
};
for (const folder of folders.length > 0 ? folders : ['dist']) {
  const { Svc } = await import(pathToFileURL(resolve(folder, 'index.js')).href);
  const svc = new Svc({
    secretKey: 'sk_bench',
    baseUrl,
    fetch: instantFetch,
    validation: 'strict',
  });
  calls[folder] = () => svc.subscribers.retrieve('user-1');
}
const names = Object.keys(calls);
const perCall = Object.fromEntries(names.map((name) => [name, []]));
for (const name of names) for (let index = 0; index < 2000; index++) await calls[name]();
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const started = process.cpuUsage();
    for (let index = 0; index < CALLS_PER_ROUND; index++) await calls[name]();
    const used = process.cpuUsage(started);
    perCall[name].push((used.user + used.system) / CALLS_PER_ROUND);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const floor = median(perCall['ky alone']);
for (const name of names) {
  const value = median(perCall[name]);
  console.log(
    `${name}: ${value.toFixed(1)} µs CPU a call, ${(value / floor).toFixed(3)}x ky alone (${(value - floor).toFixed(1)} µs)`,
  );
}
