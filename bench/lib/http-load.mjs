// A closed-loop HTTP load generator, run as its own process by http.bench.mjs: `connections`
// keep-alive sockets each send one request, wait for the whole answer, and send the next, for
// `seconds`. Prints one JSON line: requests/s and latency percentiles (ms).
//   node bench/lib/http-load.mjs '{"url":"http://127.0.0.1:4010/x","method":"GET","headers":{},"body":null,"connections":32,"seconds":3}'
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const spec = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
const url = new URL(spec.url);
const body = spec.body === null ? undefined : Buffer.from(spec.body);
const headers = { ...spec.headers, ...(body ? { 'content-length': body.length } : {}) };
const latencies = [];
let failures = 0;

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: spec.method,
        headers,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode >= 400) failures += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      },
    );
    req.on('error', () => {
      failures += 1;
      resolve();
    });
    if (body) req.end(body);
    else req.end();
  });
}

const deadline = performance.now() + spec.seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: spec.connections }, async () => {
    while (performance.now() < deadline) await once();
  }),
);
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    requests: latencies.length,
    failures,
  }),
);
