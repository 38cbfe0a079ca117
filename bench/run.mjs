// Runs every bench/*.bench.mjs (or those named on the command line), prints one table and
// writes bench/results.json. Each bench module default-exports `async () => rows`, a row being
// { bench, name, value, unit, detail?, goal? }. Goals are reported, never asserted here.
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const rows = [];
for (const file of files) {
  const { default: run } = await import(pathToFileURL(`${here}${file}`).href);
  rows.push(...(await run()));
}

const table = rows.map((row) => ({
  bench: row.bench,
  name: row.name,
  value: `${row.value} ${row.unit}`,
  goal: row.goal === undefined ? '' : `<= ${row.goal}`,
  met: row.goal === undefined ? '' : row.value <= row.goal ? 'yes' : 'NO',
  detail: row.detail ?? '',
}));
console.table(table);
writeFileSync(
  `${here}results.json`,
  `${JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2)}\n`,
);
