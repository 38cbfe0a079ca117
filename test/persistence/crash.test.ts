// `svc-mock --data` killed with SIGKILL under concurrent writes, a few times (the benchmark
// bench/persistence.bench.mjs runs 50 kills): every acknowledged write survives, unanswered
// ones are wholly there or absent, idempotency keys still replay. Needs the built CLI (dist/).
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { crashLoop } from '../../bench/lib/crash-loop.mjs';
import { freshDist } from '../package/fresh-dist';
import { temporaryDirectory } from './helpers';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

beforeAll(() => freshDist(), 300_000);

let dir: ReturnType<typeof temporaryDirectory>;
beforeEach(() => {
  dir = temporaryDirectory();
});
afterEach(() => dir.remove());

it('loses no acknowledged write across SIGKILLs', { timeout: 60_000 }, async () => {
  const result = await crashLoop({ cli, directory: dir.path, kills: 3 });
  expect(result.problems).toEqual([]);
  expect(result.acknowledged).toBeGreaterThan(0);
});
