// Whether `dist/` is older than the sources it is built from, and a build when it is, so
// `npm run bench` never measures yesterday's code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads (files or folders, relative to the package root). */
export const BUILD_INPUTS = [
  'src',
  'mock-server',
  'package.json',
  'tsup.config.ts',
  'tsconfig.json',
  'scripts/inspector-page.mjs',
  'scripts/engine-dependencies.mjs',
  'scripts/lazy-dependencies.mjs',
  'scripts/engine-deps',
];

/** What the benches load from the build. */
export const BUILD_OUTPUTS = [
  'dist/index.js',
  'dist/mock/index.js',
  'dist/mock/node.js',
  'dist/mock/browser.js',
];

function newestModified(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestModified(join(path, entry)));
  }
  return newest;
}

/**
 * Says whether the build outputs are missing or older than any build input, and why.
 *
 * @example
 * distStatus('/repo'); // { stale: true, reason: 'src changed after dist/index.js' }
 */
export function distStatus(root, { inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS } = {}) {
  let oldestOutput = Number.POSITIVE_INFINITY;
  let oldestName = '';
  for (const output of outputs) {
    const path = join(root, output);
    if (!existsSync(path)) return { stale: true, reason: `${output} is missing` };
    const modified = statSync(path).mtimeMs;
    if (modified < oldestOutput) {
      oldestOutput = modified;
      oldestName = output;
    }
  }
  for (const input of inputs) {
    const path = join(root, input);
    if (existsSync(path) && newestModified(path) > oldestOutput) {
      return { stale: true, reason: `${input} changed after ${oldestName}` };
    }
  }
  return { stale: false, reason: 'dist is newer than its sources' };
}

/**
 * Runs `npm run build` when `dist/` is stale (build output goes to stderr). Answers what it did.
 *
 * @example
 * ensureFreshDist('/repo'); // 'built: src changed after dist/index.js'
 */
export function ensureFreshDist(root) {
  const status = distStatus(root);
  if (!status.stale) return 'fresh';
  console.error(`[bench] building: ${status.reason}`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  return `built: ${status.reason}`;
}
