// The bench harness's own logic: verdicts against goals, the table, the stale-dist check and the
// child-process runner. Benchmarks themselves are never timed assertions.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { distStatus } from '../../bench/lib/dist.mjs';
import { type BenchRow, evaluate, formatTable } from '../../bench/lib/report.mjs';

const temporary: string[] = [];
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  temporary.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of temporary.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('evaluate', () => {
  it('treats a goal as an upper bound by default', () => {
    expect(evaluate({ value: 1.2, goal: 1.1 })).toEqual({ verdict: 'fail', ratio: 1.09 });
    expect(evaluate({ value: 1.1, goal: 1.1 })).toEqual({ verdict: 'pass', ratio: 1 });
  });

  it('reads a goal of zero (no 5xx, no lost write) against 1, so the ratio is the count', () => {
    expect(evaluate({ value: 0, goal: 0 })).toEqual({ verdict: 'pass', ratio: 0 });
    expect(evaluate({ value: 3, goal: 0 })).toEqual({ verdict: 'fail', ratio: 3 });
  });

  it("treats a goal as a lower bound with better: 'higher'", () => {
    expect(evaluate({ value: 25_000, goal: 20_000, better: 'higher' })).toEqual({
      verdict: 'pass',
      ratio: 1.25,
    });
    expect(evaluate({ value: 15_000, goal: 20_000, better: 'higher' }).verdict).toBe('fail');
  });

  it('gives no verdict without a goal, and marks unmeasured figures as skipped', () => {
    expect(evaluate({ value: 3 })).toEqual({ verdict: 'no goal', ratio: null });
    expect(evaluate({ value: null, goal: 2, skipped: 'too slow to seed' })).toEqual({
      verdict: 'skipped',
      ratio: null,
    });
  });
});

describe('formatTable', () => {
  const rows: BenchRow[] = [
    { bench: 'heap', name: 'after load', value: 320, unit: 'MB', goal: 300 },
    {
      bench: 'scaling',
      name: 'page 100k / 1k',
      value: null,
      unit: 'ratio',
      goal: 2,
      skipped: 'why',
    },
    { bench: 'bundle', name: 'whole', value: 100, unit: 'B gzip' },
  ];

  it('prints one line per figure under the figure/value/goal/pass-fail/ratio header', () => {
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^figure\s+\|\s+value \|\s+goal \| pass\/fail \| ratio$/);
    expect(lines[2]).toMatch(
      /^heap: after load\s+\|\s+320 MB \|\s+<= 300 MB \|\s+FAIL \|\s+1\.07$/,
    );
    expect(lines[4]).toMatch(/^bundle: whole\s+\|\s+100 B gzip \|\s+\|\s+\|$/);
  });

  it('numbers the figures it could not measure and explains them under the table', () => {
    const text = formatTable(rows);
    expect(text).toMatch(/scaling: page 100k \/ 1k \[1\]\s+\| not measured \|/);
    expect(text.split('\n').at(-1)).toBe('[1] why');
  });
});

describe('distStatus', () => {
  function project(): string {
    const root = temporaryDirectory();
    mkdirSync(join(root, 'src', 'core'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'src', 'core', 'request.ts'), '');
    writeFileSync(join(root, 'dist', 'index.js'), '');
    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(join(root, 'src', 'core', 'request.ts'), old, old);
    return root;
  }
  const options = { inputs: ['src', 'package.json'], outputs: ['dist/index.js'] };

  it('is fresh when every output is newer than every input', () => {
    expect(distStatus(project(), options)).toEqual({
      stale: false,
      reason: 'dist is newer than its sources',
    });
  });

  it('is stale when a nested source changed after the build', () => {
    const root = project();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'core', 'request.ts'), later, later);
    expect(distStatus(root, options)).toEqual({
      stale: true,
      reason: 'src changed after dist/index.js',
    });
  });

  it('is stale when an output is missing', () => {
    const root = project();
    expect(
      distStatus(root, { ...options, outputs: ['dist/index.js', 'dist/mock/index.js'] }),
    ).toEqual({ stale: true, reason: 'dist/mock/index.js is missing' });
  });
});

describe('bench child process', () => {
  const child = join(import.meta.dirname, '..', '..', 'bench', 'lib', 'child.mjs');

  function runModule(source: string): Promise<{ message: unknown; code: number | null }> {
    const file = join(temporaryDirectory(), 'fake.bench.mjs');
    writeFileSync(file, source);
    return new Promise((resolve) => {
      let message: unknown;
      const process = fork(child, [pathToFileURL(file).href], { stdio: 'ignore' as never });
      process.on('message', (received) => {
        message = received;
      });
      process.on('exit', (code) => resolve({ message, code }));
    });
  }

  it('sends the rows of the bench module it runs', async () => {
    const result = await runModule(
      "export default async () => [{ bench: 'fake', name: 'x', value: 1, unit: 'ms' }];",
    );
    expect(result).toEqual({
      message: { rows: [{ bench: 'fake', name: 'x', value: 1, unit: 'ms' }] },
      code: 0,
    });
  });

  it('reports a failing bench instead of crashing the run', async () => {
    const result = await runModule("export default async () => { throw new Error('boom'); };");
    expect(result.code).toBe(1);
    expect((result.message as { error: string }).error).toContain('Error: boom');
  });
});
