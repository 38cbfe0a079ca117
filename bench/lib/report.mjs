// Turns bench rows into verdicts and one plain-text table. A row is
// { bench, name, value, unit, goal?, better?, detail?, skipped? }: `goal` is an upper bound
// unless `better: 'higher'` makes it a lower bound; `value: null` with `skipped` marks a figure
// that could not be measured.
import { cpus, totalmem } from 'node:os';

/**
 * The verdict of one row: `pass`/`fail` against its goal, `skipped`, or `no goal`; and the ratio
 * value / goal (null without both).
 *
 * @example
 * evaluate({ value: 1.2, goal: 1.1 }); // { verdict: 'fail', ratio: 1.09 }
 */
export function evaluate(row) {
  if (row.value === null || row.value === undefined || row.skipped) {
    return { verdict: 'skipped', ratio: null };
  }
  if (row.goal === undefined || row.goal === null) return { verdict: 'no goal', ratio: null };
  const met = row.better === 'higher' ? row.value >= row.goal : row.value <= row.goal;
  // A goal of zero (no 5xx, no lost write) is read against 1: its ratio is the count itself.
  return { verdict: met ? 'pass' : 'fail', ratio: +(row.value / (row.goal || 1)).toFixed(2) };
}

function goalText(row) {
  if (row.goal === undefined || row.goal === null) return '';
  return `${row.better === 'higher' ? '>=' : '<='} ${row.goal} ${row.unit}`;
}

function valueText(row) {
  if (row.value === null || row.value === undefined || row.skipped) return 'not measured';
  return `${row.value} ${row.unit}`;
}

/**
 * One table (figure, value, goal, pass/fail, ratio), then a numbered note per skipped figure.
 *
 * @example
 * console.log(formatTable(rows));
 */
export function formatTable(rows) {
  const notes = [];
  const lines = rows.map((row) => {
    const { verdict, ratio } = evaluate(row);
    let figure = `${row.bench}: ${row.name}`;
    if (row.skipped) {
      notes.push(row.skipped);
      figure += ` [${notes.length}]`;
    }
    return [
      figure,
      valueText(row),
      goalText(row),
      verdict === 'fail' ? 'FAIL' : verdict === 'pass' ? 'pass' : '',
      ratio === null ? '' : String(ratio),
    ];
  });
  const header = ['figure', 'value', 'goal', 'pass/fail', 'ratio'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const format = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  const body = [format(header), rule, ...lines.map(format)];
  notes.forEach((note, index) => {
    body.push(`[${index + 1}] ${note}`);
  });
  return body.join('\n');
}

/**
 * The machine the figures come from, for results.json and docs/benchmarks.md.
 *
 * @example
 * machine(); // { cpu: 'Intel(R) Xeon(R) ...', cores: 2, memoryGiB: 23.5, node: 'v20.20.2', ... }
 */
export function machine() {
  const [first] = cpus();
  return {
    cpu: first?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: +(totalmem() / 1024 ** 3).toFixed(1),
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
  };
}
