// CPU profile of the client's request path (issue 42): the overhead bench's call in a loop against
// its loopback server, in one process as in the bench (the shares include the server's work).
// Prints self time by function and the inclusive time of the client's steps, as shares of the
// samples.
//   npm run build && node bench/overhead-profile.mjs [sdk|off|ky] [calls]
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import ky from 'ky';
import { Svc } from '../dist/index.js';
import { SUBSCRIBER_ANSWER } from './lib/subscriber-answer.mjs';

const body = SUBSCRIBER_ANSWER;

const mode = process.argv[2] ?? 'sdk';
const calls = Number(process.argv[3] ?? 5000);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const baseUrl = `http://127.0.0.1:${port}`;
const headers = { authorization: 'ApiKey sk_bench', accept: 'application/json' };
const svc = new Svc({
  secretKey: 'sk_bench',
  baseUrl,
  validation: mode === 'off' ? 'off' : 'strict',
});
const call =
  mode === 'ky'
    ? () => ky(`${baseUrl}/v2/subscribers/user-1`, { headers, retry: 0 }).json()
    : () => svc.subscribers.retrieve('user-1');
for (let index = 0; index < 300; index++) await call(); // warm-up, not profiled
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
for (let index = 0; index < calls; index++) await call();
const used = process.cpuUsage(cpu);
const { profile } = await session.post('Profiler.stop');
session.disconnect();
server.close();
console.log(
  `${mode}: ${calls} calls, ${((used.user + used.system) / calls).toFixed(1)} µs CPU per call`,
);
summarise(profile);

/** Self time by function, and inclusive time of the client's own steps, in % of the samples. */
function summarise({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = ({ callFrame: { functionName, url, lineNumber } }) =>
    `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${lineNumber + 1}`;
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  samples.forEach((id, index) => {
    const delta = timeDeltas[index] ?? 0;
    total += delta;
    const key = name(byId.get(id));
    self.set(key, (self.get(key) ?? 0) + delta);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = name(byId.get(at));
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + delta);
    }
  });
  const share = (value) => `${((100 * value) / total).toFixed(1).padStart(5)}%`;
  console.log('self time, top 25:');
  for (const [key, value] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${share(value)}  ${key}`);
  }
  console.log("inclusive time of the client's steps:");
  const steps =
    /^(send|parse|validateResponse|validateRequest|quickCheck|requestOf|readRequestId|safeParse|ky) /;
  for (const [key, value] of [...inclusive].sort((a, b) => b[1] - a[1])) {
    if (steps.test(key) || key.includes('zod/')) {
      if (value / total >= 0.002) console.log(`  ${share(value)}  ${key}`);
    }
  }
}
