// Runs bench/lib/http-load.mjs in its own process (so the generator does not share the event
// loop with what it measures) and answers its figures; any failed request fails the bench.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const load = fileURLToPath(new URL('./http-load.mjs', import.meta.url));

/**
 * Loads `spec.url` for `spec.seconds` over `spec.connections` keep-alive connections.
 *
 * @example
 * const { rps, p99 } = runHttpLoad({ url, method: 'GET', connections: 32, seconds: 3 });
 */
export function runHttpLoad(spec) {
  const result = spawnSync(
    process.execPath,
    [load, JSON.stringify({ body: null, headers: {}, ...spec })],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`load generator failed: ${result.stderr}`);
  const measured = JSON.parse(result.stdout.trim());
  if (measured.failures > 0) throw new Error(`${measured.failures} failed requests on ${spec.url}`);
  return measured;
}

/**
 * {@link runHttpLoad} without blocking: for two loads at once (GETs while triggers run). With
 * `countFailures`, failed requests are counted in the answer instead of failing the bench.
 *
 * @example
 * const gets = runHttpLoadInBackground({ url, method: 'GET', connections: 8, seconds: 3 });
 */
export function runHttpLoadInBackground(spec) {
  const child = spawn(process.execPath, [
    load,
    JSON.stringify({ body: null, headers: {}, ...spec }),
  ]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator failed: ${stderr}`));
      const measured = JSON.parse(stdout.trim());
      if (measured.failures > 0 && !spec.countFailures) {
        return reject(new Error(`${measured.failures} failed requests on ${spec.url}`));
      }
      resolve(measured);
    });
  });
}
