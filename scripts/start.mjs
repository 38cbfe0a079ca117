// `npm start`: build quietly if the sources are newer than dist, then run the HTTP mock server
// (demo data, real clock) in this very process, so a signal to `npm start` reaches the server's
// own handlers (docs/http-server.md#start-it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(cli) ||
  Math.max(newestSource(join(root, 'src')), newestSource(join(root, 'mock-server'))) >
    statSync(cli).mtimeMs;
if (stale) {
  // One line instead of the build's hundreds, so the banner with the keys is what the terminal
  // shows; the build's output appears only when it fails.
  console.log('Building @svc/api (dist is missing or older than the sources)...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`The build failed (${build.error?.message ?? `exit ${build.status}`}).`);
    process.exit(build.status ?? 1);
  }
}

// `npm start` runs this through `sh -c`, and npm forwards a SIGTERM to that shell only: dash
// dies without passing it on. The CLI watches the process that started it and stops when it goes
// (mock-server/http/close-on-signals.ts), so no server is left listening with no parent.

// Like exec: the CLI runs in this process (it reads its flags from process.argv), so its own
// SIGINT/SIGTERM handlers get the signals; there is no child to forward them to or leave behind.
await import(pathToFileURL(cli).href);
