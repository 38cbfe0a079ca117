/**
 * Type-checks documentation snippets with the TypeScript compiler API: each snippet is its own
 * module at `test/docs/.snippets/<id>.ts` (in memory), so the repository's tsconfig, its `paths`
 * for `@svc/api*` and its strict flags apply exactly as they do to user code. The same modules
 * are checked against the packed package by test/package/packed-types.test.ts.
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

/** A module to type-check: its text, and where each of its lines comes from. */
export interface CheckedModule {
  /** Absolute path the module has in the program (it need not exist on disk). */
  path: string;
  text: string;
  /** `file:line` of the module's 0-based `line`, for messages. */
  place(line: number): string;
}

/**
 * Type-checks modules in one program with the given options; answers each module's problems as
 * `file:line: message`. Files the modules import (`.d.ts` helpers among them) can be given in
 * `extra` with their text; other imports are read from disk as usual.
 *
 * @example
 * ```ts
 * const problems = typecheckModules([{ path, text, place: (line) => `${file}:${line + 1}` }], options);
 * ```
 */
export function typecheckModules(
  modules: readonly CheckedModule[],
  options: ts.CompilerOptions,
  extra: ReadonlyMap<string, string> = new Map(),
): Map<CheckedModule, string[]> {
  const sources = new Map<string, string>(extra);
  for (const module of modules) sources.set(module.path, module.text);

  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => sources.get(path) ?? readFile(path);
  host.fileExists = (path) => sources.has(path) || fileExists(path);
  host.getSourceFile = (path, language, onError, create) => {
    const text = sources.get(path);
    return text !== undefined
      ? ts.createSourceFile(path, text, language, true)
      : getSourceFile(path, language, onError, create);
  };

  const program = ts.createProgram([...sources.keys()], options, host);
  const problems = new Map<CheckedModule, string[]>();
  for (const module of modules) {
    const file = program.getSourceFile(module.path);
    if (!file) throw new Error(`${module.path} was not compiled`);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ];
    problems.set(
      module,
      diagnostics.map((diagnostic) => {
        const line =
          diagnostic.start === undefined
            ? 0
            : file.getLineAndCharacterOfPosition(diagnostic.start).line;
        const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
        return `${module.place(line)}: ${text}`;
      }),
    );
  }
  return problems;
}

/**
 * The repository's compiler options for snippets: its tsconfig with the flags examples relax
 * (an example may declare a value only to show it, and reads `process.env.X` as users' code does).
 *
 * @example
 * ```ts
 * const options = snippetCompilerOptions(root);
 * ```
 */
export function snippetCompilerOptions(root: string): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  if (config.error)
    throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return {
    ...parsed.options,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noPropertyAccessFromIndexSignature: false,
    noEmit: true,
  };
}

/** The module text of a snippet and where its lines are in its markdown file. */
export function snippetModule(directory: string, snippet: Snippet): CheckedModule {
  return {
    path: join(directory, `${snippet.id}.ts`),
    text: snippet.code,
    place: (line) => `${snippet.file}:${snippet.line + 1 + line}`,
  };
}

/** The `.d.ts` that declares jest's globals beside the snippets, when one of them needs it. */
export function jestGlobalsFile(
  directory: string,
  snippets: readonly Snippet[],
): Map<string, string> {
  return snippets.some((snippet) => snippet.mode === 'jest-globals')
    ? new Map([[join(directory, 'jest-globals.d.ts'), JEST_GLOBALS]])
    : new Map();
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
  const directory = join(root, SNIPPET_DIR);
  const modules = snippets.map((snippet) => ({
    snippet,
    module: snippetModule(directory, snippet),
  }));
  const problems = typecheckModules(
    modules.map(({ module }) => module),
    snippetCompilerOptions(root),
    jestGlobalsFile(directory, snippets),
  );
  return modules.flatMap(({ snippet, module }) =>
    (problems.get(module) ?? []).map((message) => ({ snippet, message })),
  );
}
