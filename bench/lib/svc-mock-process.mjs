// svc-mock as a separate process, the way a team runs it: the built CLI on a free port, ready
// once its banner names the URL, the Development API key and the control API.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Starts `dist/cli.js --port 0 --quiet` with `args`; answers the child, its URL and the
 * Development environment's API key.
 *
 * @example
 * const { child, url, key } = await startSvcMock(['--clock', 'real', '--seed', file]);
 */
export function startSvcMock(args) {
  const child = spawn(process.execPath, [cli, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const key = /Development\s+_id=\S+\s+apiKey=(\S+)/.exec(output)?.[1];
      if (url && key && output.includes('control API:')) resolve({ child, url, key });
    });
    child.on('exit', (code) => reject(new Error(`svc-mock exited with ${code}: ${output}`)));
  });
}
