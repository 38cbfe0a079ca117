// Mock start (issue 8, item 6): a fresh process per sample, timing the mock entry's import and
// then engine + handlers + the first response (goal <= 50 ms), as an MSW user and as a
// setupSvcMock user would start it. Reports the median of the samples.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, SMOKE } from './lib/measure.mjs';

const SAMPLES = SMOKE ? 2 : Number(process.env.BENCH_START_SAMPLES ?? 15);
const script = fileURLToPath(new URL('./lib/mock-start-sample.mjs', import.meta.url));

/** Goal for engine + handlers + first response, in ms. */
export const START_GOAL_MS = 50;

const VARIANTS = {
  engine: 'createMockEngine + createHandlers + getResponse',
  node: 'setupSvcMock + listen + client call',
};

function sampleOnce(variant) {
  const result = spawnSync(process.execPath, [script, variant], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`mock-start sample failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** Runs the mock-start bench and answers its rows. */
export default async function run() {
  const rows = [];
  for (const [variant, label] of Object.entries(VARIANTS)) {
    const samples = Array.from({ length: SAMPLES }, () => sampleOnce(variant));
    const pick = (phase) => +median(samples.map((sample) => sample[phase])).toFixed(1);
    const detail = `median of ${SAMPLES} fresh processes`;
    rows.push(
      {
        bench: 'mock-start',
        name: `${label}`,
        value: pick('startMs'),
        unit: 'ms',
        detail: `${detail}, after the import`,
        ...(variant === 'engine' ? { goal: START_GOAL_MS } : {}),
      },
      {
        bench: 'mock-start',
        name: `${variant}: import`,
        value: pick('importMs'),
        unit: 'ms',
        detail,
      },
      {
        bench: 'mock-start',
        name: `${variant}: process start to first response`,
        value: pick('totalMs'),
        unit: 'ms',
        detail: `${detail}; node boot ${pick('bootMs')} ms`,
      },
    );
  }
  return rows;
}
