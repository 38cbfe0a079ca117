// `npm run bench`: builds when dist/ is stale, runs every bench/*.bench.mjs (or those whose names
// start with the arguments) each in its own child process, prints one table and writes
// bench/results.json. Goals are reported, never asserted; the exit code is non-zero only when a
// bench itself fails.
//
//   node bench/run.mjs [name ...] [--smoke] [--out <file>]
//
// --smoke (or BENCH_SMOKE=1) runs every bench in its tiny mode and writes bench/.out/ by default.
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureFreshDist } from './lib/dist.mjs';
import { evaluate, formatTable, machine } from './lib/report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '..');
const CHILD_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 240_000);

function parseArguments(argv) {
  const options = { names: [], smoke: process.env.BENCH_SMOKE === '1', out: undefined };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--smoke') options.smoke = true;
    else if (argument === '--out') options.out = argv[++index];
    else options.names.push(argument);
  }
  options.out = resolve(
    options.out ?? (options.smoke ? `${here}.out/results.smoke.json` : `${here}results.json`),
  );
  return options;
}

function runChild(file, smoke) {
  return new Promise((resolveRun) => {
    const child = fork(`${here}lib/child.mjs`, [pathToFileURL(`${here}${file}`).href], {
      cwd: root,
      execArgv: ['--expose-gc'],
      env: { ...process.env, BENCH_SMOKE: smoke ? '1' : '0' },
      stdio: ['ignore', 2, 2, 'ipc'], // bench logs go to stderr; stdout stays the table
    });
    let message;
    // The soak run lasts its minutes (bench/soak.bench.mjs) plus its start and stop.
    const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
    const timeout = file.startsWith('soak')
      ? Math.max(CHILD_TIMEOUT_MS, (soakMinutes + 5) * 60_000)
      : CHILD_TIMEOUT_MS;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('message', (received) => {
      message = received;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (message?.rows) resolveRun({ rows: message.rows });
      else if (message?.error) resolveRun({ error: message.error });
      else if (signal) resolveRun({ error: `killed by ${signal} after ${timeout} ms` });
      else resolveRun({ error: `exited with code ${code} without rows` });
    });
  });
}

const options = parseArguments(process.argv.slice(2));
const build = ensureFreshDist(root);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter(
    (file) => options.names.length === 0 || options.names.some((name) => file.startsWith(name)),
  )
  .sort();

const rows = [];
const failures = [];
for (const file of files) {
  const started = Date.now();
  console.error(`[bench] ${file}${options.smoke ? ' (smoke)' : ''} ...`);
  const result = await runChild(file, options.smoke);
  console.error(`[bench] ${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.error) failures.push({ file, error: result.error });
  else rows.push(...result.rows);
}

console.log(formatTable(rows));
for (const failure of failures) console.log(`\nBENCH FAILED ${failure.file}:\n${failure.error}`);

mkdirSync(dirname(options.out), { recursive: true });
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  smoke: options.smoke,
  build,
  rows: rows.map((row) => ({ ...row, ...evaluate(row) })),
  failures,
};
writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
console.error(`[bench] wrote ${options.out}`);
if (failures.length > 0) process.exitCode = 1;
