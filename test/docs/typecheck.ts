/**
 * Type-checks documentation snippets with the TypeScript compiler API: each snippet is its own
 * module at `test/docs/.snippets/<id>.ts` (in memory), so the repository's tsconfig, its `paths`
 * for `@svc/api*` and its strict flags apply exactly as they do to user code.
 *
 * @module
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { Snippet } from './snippets';

/** Where snippet modules live (in memory for the type check, on disk for the run). */
export const SNIPPET_DIR = join('test', 'docs', '.snippets');

/** jest's globals, typed as vitest's (the same API for what the guides use). */
const JEST_GLOBALS = `
import type * as vitest from 'vitest';
declare global {
  const beforeAll: typeof vitest.beforeAll;
  const afterEach: typeof vitest.afterEach;
  const afterAll: typeof vitest.afterAll;
  const describe: typeof vitest.describe;
  const it: typeof vitest.it;
  const test: typeof vitest.test;
  const expect: typeof vitest.expect;
}
`;

/** A compiler diagnostic, placed in the markdown file. */
export interface SnippetProblem {
  snippet: Snippet;
  /** `file.md:line: message`. */
  message: string;
}

/**
 * Type-checks the snippets in one program and returns every problem, placed in its markdown file.
 *
 * @example
 * ```ts
 * const problems = typecheckSnippets(root, snippets);
 * expect(problems.map((problem) => problem.message)).toEqual([]);
 * ```
 */
export function typecheckSnippets(root: string, snippets: readonly Snippet[]): SnippetProblem[] {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  if (config.error)
    throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    // Examples may declare a value only to show it.
    noUnusedLocals: false,
    noUnusedParameters: false,
    // Examples read `process.env.X` as users' code does.
    noPropertyAccessFromIndexSignature: false,
    noEmit: true,
  };

  const sources = new Map<string, { text: string; snippet?: Snippet }>();
  for (const snippet of snippets) {
    sources.set(join(root, SNIPPET_DIR, `${snippet.id}.ts`), { text: snippet.code, snippet });
  }
  if (snippets.some((snippet) => snippet.mode === 'jest-globals')) {
    sources.set(join(root, SNIPPET_DIR, 'jest-globals.d.ts'), { text: JEST_GLOBALS });
  }

  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => sources.get(path)?.text ?? readFile(path);
  host.fileExists = (path) => sources.has(path) || fileExists(path);
  host.getSourceFile = (path, language, onError, create) => {
    const source = sources.get(path);
    return source
      ? ts.createSourceFile(path, source.text, language, true)
      : getSourceFile(path, language, onError, create);
  };

  const program = ts.createProgram([...sources.keys()], options, host);
  const problems: SnippetProblem[] = [];
  for (const [path, { snippet }] of sources) {
    if (!snippet) continue;
    const file = program.getSourceFile(path);
    if (!file) throw new Error(`snippet ${snippet.id} was not compiled`);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ];
    for (const diagnostic of diagnostics) {
      const line =
        diagnostic.start === undefined
          ? 0
          : file.getLineAndCharacterOfPosition(diagnostic.start).line;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      problems.push({ snippet, message: `${snippet.file}:${snippet.line + 1 + line}: ${text}` });
    }
  }
  return problems;
}
