// Crash safety of `svc-mock --data` (issue 30, item 2): at least 50 SIGKILLs at random moments
// under concurrent writes, each followed by a restart on the same directory and a check that
// every acknowledged write is there, unanswered ones are whole or absent, and idempotency keys
// replay (bench/lib/crash-loop.mjs). The goal is zero problems.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crashLoop } from './lib/crash-loop.mjs';
import { SMOKE } from './lib/measure.mjs';

const KILLS = SMOKE ? 2 : Number(process.env.BENCH_CRASH_KILLS ?? 50);
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** Runs the crash loop and answers its rows. */
export default async function run() {
  const directory = mkdtempSync(join(tmpdir(), 'svc-mock-crash-'));
  try {
    const result = await crashLoop({ cli, directory, kills: KILLS });
    for (const problem of result.problems) console.error(`[persistence-crash] ${problem}`);
    const detail = `${result.kills} SIGKILLs under 6 concurrent writers; ${result.acknowledged} acknowledged and ${result.unanswered} unanswered writes checked`;
    return [
      {
        bench: 'persistence-crash',
        name: 'problems after SIGKILL + restart',
        value: result.problems.length,
        unit: 'problems',
        goal: 0,
        detail,
      },
      {
        bench: 'persistence-crash',
        name: 'kills survived',
        value: result.kills,
        unit: 'kills',
        goal: SMOKE ? 2 : 50,
        better: 'higher',
        detail,
      },
    ];
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
