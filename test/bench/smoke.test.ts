// Smoke run of every bench module (`npm run bench -- --smoke`: 100-200 records, a few samples),
// checking the output's shape, never its timings.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface ResultRow {
  bench: string;
  name: string;
  value: number | null;
  unit: string;
  goal?: number;
  skipped?: string;
  verdict: string;
  ratio: number | null;
}

interface Results {
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string };
  smoke: boolean;
  build: string;
  rows: ResultRow[];
  failures: { file: string; error: string }[];
}

const root = join(import.meta.dirname, '..', '..');
const output = mkdtempSync(join(tmpdir(), 'svc-bench-smoke-'));
let results: Results;
let table: string;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['bench/run.mjs', '--smoke', '--out', join(output, 'results.json')],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  table = stdout;
  results = JSON.parse(readFileSync(join(output, 'results.json'), 'utf8')) as Results;
}, 240_000);

afterAll(() => rmSync(output, { recursive: true, force: true }));

function rowsOf(bench: string): ResultRow[] {
  return results.rows.filter((row) => row.bench === bench);
}

function names(bench: string): string[] {
  return rowsOf(bench).map((row) => row.name);
}

describe('npm run bench --smoke', () => {
  it('runs every bench module without a failure and records the machine', () => {
    expect(results.failures).toEqual([]);
    expect(results.smoke).toBe(true);
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.machine.node).toBe(process.version);
    const modules = readdirSync(join(root, 'bench')).filter((file) => file.endsWith('.bench.mjs'));
    const benches = new Set(results.rows.map((row) => row.bench));
    expect(benches.size).toBeGreaterThanOrEqual(modules.length);
  });

  it('gives every row a measured number or a reason, and a verdict', () => {
    for (const row of results.rows) {
      expect(typeof row.name, row.name).toBe('string');
      expect(typeof row.unit, row.name).toBe('string');
      if (row.value === null) expect(row.skipped, row.name).toBeTypeOf('string');
      else expect(Number.isFinite(row.value), row.name).toBe(true);
      expect(['pass', 'fail', 'skipped', 'no goal'], row.name).toContain(row.verdict);
      if (row.goal !== undefined && row.value !== null) expect(row.ratio).toBeTypeOf('number');
    }
  });

  it('prints one table with a line per figure', () => {
    const lines = table.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^figure\s+\| +value \| +goal \| pass\/fail \| ratio$/);
    for (const row of results.rows) expect(table).toContain(`${row.bench}: ${row.name}`);
  });

  it('scaling: every operation at each size and its ratio to the first size, goal 2x', () => {
    const operations = [
      'subscriber retrieve',
      'subscriber search page, no filter',
      'subscriber search page, email filter',
      'subscriptions page',
      'workflows page',
    ];
    for (const operation of operations) {
      expect(names('scaling')).toContain(`${operation} @ 100`);
      expect(names('scaling')).toContain(`${operation} @ 200`);
      const ratio = rowsOf('scaling').find((row) => row.name === `${operation} 200 / 100`);
      expect(ratio, operation).toMatchObject({ unit: 'ratio', goal: 2 });
    }
    expect(names('scaling')).toContain('seed subscribers @ 200');
  });

  it('heap: one figure per load, the goal load against 300 MB, and the total', () => {
    expect(names('heap')).toEqual(
      expect.arrayContaining([
        '100 subscribers: heap',
        '10 workflows: heap',
        '100 notifications: heap',
        '100 messages: heap',
      ]),
    );
    expect(rowsOf('heap').find((row) => row.name === 'heap after the goal load')).toMatchObject({
      unit: 'MB',
      goal: 300,
      detail: '100 subscribers, 10 workflows, 100 notifications',
    });
    expect(rowsOf('heap').find((row) => row.name === 'heap after all loads')).toMatchObject({
      unit: 'MB',
    });
  });

  it('mock-start: engine + handlers + first response against 50 ms, and the setupSvcMock path', () => {
    expect(rowsOf('mock-start').find((row) => row.goal !== undefined)).toMatchObject({
      name: 'createMockEngine + createHandlers + getResponse',
      unit: 'ms',
      goal: 50,
    });
    expect(names('mock-start')).toContain('setupSvcMock + listen + client call');
    expect(names('mock-start')).toContain('engine: import');
  });

  it('overhead, bundle and engine-core keep their figures', () => {
    // Issue 14's goals: the SDK's layer over ky alone, and the two bundles, everything bundled.
    expect(rowsOf('overhead').filter((row) => row.goal !== undefined)).toEqual([
      expect.objectContaining({ name: 'sdk / ky alone (median)', goal: 1.05 }),
    ]);
    expect(
      rowsOf('bundle')
        .filter((row) => row.goal !== undefined)
        .map((row) => [row.name, row.goal]),
    ).toEqual([
      ['createSvcCore + eventsTrigger (total, from dist)', 14.5 * 1024],
      ['whole Svc (total, from dist)', 24 * 1024],
    ]);
    expect(names('engine-core')).toContain('retrieve 200 / 100');
  });

  it('soak: runs briefly, every request answered in time, none failed on the network', () => {
    const soak = rowsOf('soak');
    expect(soak.filter((row) => row.value === null)).toEqual([]);
    expect(soak.find((row) => row.name === 'requests')?.value).toBeGreaterThan(0);
    for (const name of [
      '5xx answers',
      'requests with no answer in time',
      'requests failed on the network',
    ]) {
      expect(
        soak.find((row) => row.name === name),
        name,
      ).toMatchObject({ value: 0, goal: 0 });
    }
    expect(names('soak').some((name) => name.endsWith(': server RSS'))).toBe(true);
  });
});
