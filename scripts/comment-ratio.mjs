// The share of comment lines in src/: lines holding nothing but comment (block or line), over
// all non-blank lines of src/**/*.ts. A code line with a trailing comment counts as code. The
// comments are found by TypeScript's parser, so a `//` inside a string, template or regular
// expression is not one. test/architecture/comment-ratio.test.ts keeps the share under a ceiling.
//
//   node scripts/comment-ratio.mjs           the share of src/, per folder
//   node scripts/comment-ratio.mjs --files   and per file, most comment lines first
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

function commentRanges(sourceFile) {
  const text = sourceFile.text;
  const ranges = new Map();
  const collect = (position) => {
    for (const range of ts.getLeadingCommentRanges(text, position) ?? [])
      ranges.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, position) ?? [])
      ranges.set(range.pos, range);
  };
  // Every comment sits in the trivia before some token, and each token starts at its full start.
  const visit = (node) => {
    collect(node.pos);
    for (const child of node.getChildren(sourceFile)) visit(child);
  };
  visit(sourceFile);
  collect(sourceFile.endOfFileToken.pos);
  return [...ranges.values()];
}

/**
 * The non-blank lines of a TypeScript source and how many of them hold only comment.
 *
 * @example
 * ```js
 * countLines('/** The answer. *\/\nexport const answer = 42; // why\n');
 * // { lines: 2, commentLines: 1 }
 * ```
 */
export function countLines(text, fileName = 'file.ts') {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const masked = text.split('');
  for (const { pos, end } of commentRanges(sourceFile)) {
    for (let index = pos; index < end; index++) if (masked[index] !== '\n') masked[index] = ' ';
  }
  const codeLines = masked.join('').split('\n');
  let lines = 0;
  let commentLines = 0;
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    lines++;
    if (codeLines[index]?.trim() === '') commentLines++;
  });
  return { lines, commentLines };
}

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The comment lines of every `.ts` file under `root/src`, per file (paths relative to `root`).
 *
 * @example
 * ```js
 * const files = commentLinesOf(process.cwd());
 * files[0]; // { file: 'src/client.ts', lines: 120, commentLines: 60 }
 * ```
 */
export function commentLinesOf(root) {
  return sourceFiles(join(root, 'src')).map((path) => ({
    file: relative(root, path).split(sep).join('/'),
    ...countLines(readFileSync(path, 'utf8'), path),
  }));
}

/**
 * The totals of `files` grouped by `key` (a file's folder by default), and their share in percent.
 *
 * @example
 * ```js
 * summarise(commentLinesOf(process.cwd()), () => 'src').get('src').percent; // 38.2
 * ```
 */
export function summarise(files, key = (file) => file.file.split('/').slice(0, -1).join('/')) {
  const groups = new Map();
  for (const file of files) {
    const group = groups.get(key(file)) ?? { files: 0, lines: 0, commentLines: 0 };
    group.files++;
    group.lines += file.lines;
    group.commentLines += file.commentLines;
    groups.set(key(file), group);
  }
  for (const group of groups.values()) group.percent = (100 * group.commentLines) / group.lines;
  return groups;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const files = commentLinesOf(root);
  const row = (name, { files: count, lines, commentLines, percent }) =>
    `${name.padEnd(48)} ${String(count ?? '').padStart(5)} ${String(lines).padStart(7)} ${String(commentLines).padStart(9)} ${percent.toFixed(1).padStart(6)} %`;
  console.log(
    `${'folder'.padEnd(48)} ${'files'.padStart(5)} ${'lines'.padStart(7)} ${'comments'.padStart(9)}  share`,
  );
  const folders = summarise(files);
  for (const name of [...folders.keys()].sort()) console.log(row(name, folders.get(name)));
  console.log(row('src (all)', summarise(files, () => 'src').get('src')));
  if (process.argv.includes('--files')) {
    console.log('');
    const sorted = [...files].sort((a, b) => b.commentLines - a.commentLines);
    for (const file of sorted) {
      console.log(
        row(file.file, { ...file, files: '', percent: (100 * file.commentLines) / file.lines }),
      );
    }
  }
}
