/**
 * Extracts the fenced TypeScript snippets of the README and the guides, so the tests can
 * type-check and run them (docs/decisions/0080-executed-doc-snippets.md).
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * How a snippet is tested, set by an HTML comment on the line before its fence:
 * - `run` (no comment): type-checked, then executed against the engine. A snippet importing
 *   `vitest` is a test module (its hooks and tests join the suite); any other is a script run
 *   inside one test while a seeded mock listens.
 * - `jest-globals` (`<!-- snippet: jest-globals -->`): a jest-style test module using the global
 *   `beforeAll`/`it`/`expect`; run with vitest's functions installed as those globals.
 * - `node-test` (`<!-- snippet: node-test -->`): a `node:test` module; type-checked here, run
 *   with `node --test` against the packed package by `test/package/consumer.test.ts`.
 * - `no-run` (`<!-- snippet: no-run -->`): type-checked only (browser code, real-service calls).
 * - `fragment` (`<!-- snippet: fragment -->`): neither; for pieces that cannot compile alone.
 */
export type SnippetMode = 'run' | 'jest-globals' | 'node-test' | 'no-run' | 'fragment';

/** One fenced `ts` block of a markdown file. */
export interface Snippet {
  /** Markdown file, relative to the repository root. */
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  /** A file-name-safe id, unique across all snippets: `readme-2`, `docs-client-5`. */
  id: string;
  code: string;
  mode: SnippetMode;
  /** Lines the snippet must print with `console.log`, from a following `<!-- snippet: output -->` `text` block. */
  expectedOutput?: string[];
}

const FENCE = /^```(\w*)\s*$/;
const MARKER = /^<!--\s*snippet:\s*([\w-]+)\s*-->\s*$/;
const MODES: readonly SnippetMode[] = ['run', 'jest-globals', 'node-test', 'no-run', 'fragment'];

/**
 * Finds the `ts`/`typescript` blocks of one markdown text.
 *
 * @example
 * ```ts
 * extractSnippets('```ts\nconst a = 1;\n```\n', 'README.md'); // [{ line: 1, mode: 'run', ... }]
 * ```
 */
export function extractSnippets(markdown: string, file: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  const prefix = file
    .replace(/\.md$/i, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .toLowerCase();
  let index = 0;
  while (index < lines.length) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) {
      index += 1;
      continue;
    }
    const language = open[1] ?? '';
    const start = index;
    let end = index + 1;
    while (end < lines.length && (lines[end] ?? '').trim() !== '```') end += 1;
    if (end >= lines.length) throw new Error(`${file}:${start + 1}: unclosed code fence`);
    const marker = MARKER.exec(previousLine(lines, start) ?? '');
    if (language === 'ts' || language === 'typescript') {
      const mode = marker?.[1] ?? 'run';
      if (marker?.[1] === 'output') throw new Error(`${file}:${start + 1}: output marker on code`);
      if (!MODES.includes(mode as SnippetMode)) {
        throw new Error(`${file}:${start + 1}: unknown snippet mode "${mode}"`);
      }
      const snippet: Snippet = {
        file,
        line: start + 1,
        id: `${prefix}-${snippets.length + 1}`,
        code: lines.slice(start + 1, end).join('\n'),
        mode: mode as SnippetMode,
      };
      const output = followingOutput(lines, end + 1);
      if (output) snippet.expectedOutput = output;
      snippets.push(snippet);
    }
    index = end + 1;
  }
  return snippets;
}

function previousLine(lines: string[], index: number): string | undefined {
  let at = index - 1;
  while (at >= 0 && (lines[at] ?? '').trim() === '') at -= 1;
  return at >= 0 ? lines[at] : undefined;
}

/** The lines of a `text` block marked `<!-- snippet: output -->` right after a snippet, if any. */
function followingOutput(lines: string[], from: number): string[] | undefined {
  let at = from;
  while (at < lines.length && (lines[at] ?? '').trim() === '') at += 1;
  if (!/^<!--\s*snippet:\s*output\s*-->/.test(lines[at] ?? '')) return undefined;
  at += 1;
  while (at < lines.length && (lines[at] ?? '').trim() === '') at += 1;
  if (!/^```(text)?\s*$/.test(lines[at] ?? '')) return undefined;
  const body: string[] = [];
  for (at += 1; at < lines.length && (lines[at] ?? '').trim() !== '```'; at += 1) {
    body.push(lines[at] ?? '');
  }
  return body;
}

/**
 * The markdown files whose snippets are tested: README.md and every `docs/*.md`.
 *
 * @example
 * ```ts
 * documentationFiles(root); // ['README.md', 'docs/client.md', ...]
 * ```
 */
export function documentationFiles(root: string): string[] {
  const inFolder = (folder: string) =>
    readdirSync(join(root, folder))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => join(folder, name));
  // The behaviour reference (docs/behaviour/) is tested like the guides.
  const docs = [...inFolder('docs'), ...inFolder(join('docs', 'behaviour'))];
  return ['README.md', ...docs].map((path) => relative(root, join(root, path)));
}

/**
 * Every snippet of the documentation files.
 *
 * @example
 * ```ts
 * const snippets = collectSnippets(root);
 * ```
 */
export function collectSnippets(root: string): Snippet[] {
  return documentationFiles(root).flatMap((file) =>
    extractSnippets(readFileSync(join(root, file), 'utf8'), file),
  );
}
