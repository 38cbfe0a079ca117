// The guides' snippets and the declarations' `@example` blocks, type-checked against the packed
// package: in a consumer project with the tarball installed, `@svc/api` and its subpaths resolve
// to the published `.d.ts`, built with `stripInternal`, where test/docs/snippets.test.ts checks
// the snippets against the sources through tsconfig `paths`. A snippet or an example that uses
// something `@internal` compiles against the sources but fails here, as it would in an app.
//
// Which examples: those of the public API, i.e. written on a declaration an app can name through
// an entry (an export of `@svc/api` or a subpath) or on one of its members, as the packed
// declarations have them: `stripInternal` drops an `@internal` declaration with its comment.
// Examples on internal declarations are not checked, nor those on declarations the files carry
// only because an export's type refers to them. An example is a fragment; the names it may use
// without declaring them (the entries' exports, `svc`, `engine`, ...) and how the rest is told
// apart from internal names are in test/package/packed-examples.ts.
//
// Each snippet and each example is its own test, named by where it is written: `docs/x.md:line`
// for a snippet, `src/….ts:line` (or `mock-server/…`) for an example, and every problem is
// reported as `file:line: message` there.
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSnippets } from '../docs/snippets';
import {
  jestGlobalsFile,
  snippetCompilerOptions,
  snippetModule,
  typecheckModules,
} from '../docs/typecheck';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';
import {
  type DeclarationExample,
  exampleModule,
  publicApi,
  sourceDeclarations,
  sourcePlaces,
} from './packed-examples';

/** The public entries, in the order an example's missing names are imported from them. */
const ENTRIES = [
  '@svc/api',
  '@svc/api/mock',
  '@svc/api/mock/node',
  '@svc/api/mock/server',
  '@svc/api/mock/msw',
  '@svc/api/mock/browser',
  '@svc/api/workflows',
];

const snippets = collectSnippets(root).filter((snippet) => snippet.mode !== 'fragment');
/** The repository's options for snippets, with `@svc/api*` resolved as a package, not a path. */
function packageOptions(): ts.CompilerOptions {
  const { paths: _paths, baseUrl: _baseUrl, ...options } = snippetCompilerOptions(root);
  return options;
}
// Read from dist, which is what the tarball holds (`files: ["dist"]`): `@svc/api` resolves to it
// from the repository through package.json `exports`.
freshDist();
const { exports, examples } = publicApi(root, ENTRIES, packageOptions());
const placesOf = sourcePlaces(root);
/** Where each example is written in the sources: a place no other example took. */
const places = new Map<DeclarationExample, { file: string; line: number }>();
for (const example of examples) {
  const taken = new Set(places.values());
  const place = placesOf(example.code).find((each) => !taken.has(each));
  if (place) places.set(example, place);
}
/** An example's test name: where its code starts in the sources, else in the declarations. */
const exampleLabel = (example: DeclarationExample) => {
  const place = places.get(example);
  return place ? `${place.file}:${place.line + 1}` : example.packed;
};

let project: ConsumerProject;
const problems = new Map<string, string[]>();

/** Names a diagnostic says are not declared. */
const undeclaredIn = (messages: readonly string[]) =>
  messages.flatMap((message) =>
    [...message.matchAll(/(?:Cannot find name|for the shorthand property) '([^']+)'/g)].map(
      (match) => match[1] ?? '',
    ),
  );

beforeAll(() => {
  project = createConsumerProject({ tools: ['vitest'] });
  // The project's own types, not the repository's.
  const options = {
    ...packageOptions(),
    typeRoots: [join(project.directory, 'node_modules', '@types')],
  };

  // The snippets, with the repository's settings, as test/docs/snippets.test.ts checks them.
  const snippetDirectory = join(project.directory, 'snippets');
  const snippetModules = new Map(
    snippets.map((snippet) => [
      `${snippet.file}:${snippet.line}`,
      snippetModule(snippetDirectory, snippet),
    ]),
  );
  const checkedSnippets = typecheckModules(
    [...snippetModules.values()],
    options,
    jestGlobalsFile(snippetDirectory, snippets),
  );
  for (const [label, module] of snippetModules) {
    problems.set(label, checkedSnippets.get(module) ?? []);
  }

  // The examples are fragments: they import types and values alike without `type` (which only
  // verbatimModuleSyntax forbids), may `return` on one path only (`if (error instanceof X)
  // return null;`), and pass callbacks to the reader's values, typed `any`.
  const exampleOptions: ts.CompilerOptions = {
    ...options,
    verbatimModuleSyntax: false,
    noImplicitReturns: false,
    noImplicitAny: false,
  };
  const makers = new Map(
    examples.map((example, index) => {
      const place = places.get(example);
      const path = join(project.directory, 'examples', `example-${index + 1}.ts`);
      const placeLine = (line: number) =>
        place ? `${place.file}:${place.line + 1 + line}` : `${example.packed}+${line}`;
      const make = (readerValues: readonly string[] = []) =>
        exampleModule(example, exports, path, placeLine, readerValues);
      return [exampleLabel(example), make] as const;
    }),
  );
  // A package an example imports that the project does not have (`pino`) is typed `any`.
  const packages = join(project.directory, 'examples', 'packages.d.ts');
  const imported = new Set(
    examples.flatMap((example) =>
      [...example.code.matchAll(/from '([^'.][^']*)'/g)].map((match) => match[1] ?? ''),
    ),
  );
  const missing = [...imported].filter(
    (name) => !ts.resolveModuleName(name, packages, exampleOptions, ts.sys).resolvedModule,
  );
  const extra = new Map([
    [packages, missing.map((name) => `declare module '${name}';`).join('\n')],
  ]);
  const first = new Map([...makers].map(([label, make]) => [label, make()]));
  const checkedFirst = typecheckModules([...first.values()], exampleOptions, extra);
  // Again with the reader's values each one uses declared: the names it leaves undeclared that
  // no module of the library exports.
  const declared = sourceDeclarations(root);
  const second = new Map<string, ReturnType<typeof exampleModule>>();
  for (const [label, module] of first) {
    const names = undeclaredIn(checkedFirst.get(module) ?? []).filter(
      (name) => !declared.has(name),
    );
    const make = makers.get(label);
    if (names.length > 0 && make) second.set(label, make([...new Set(names)]));
  }
  const checkedSecond = typecheckModules([...second.values()], exampleOptions, extra);
  for (const [label, module] of first) {
    const again = second.get(label);
    problems.set(label, (again ? checkedSecond.get(again) : checkedFirst.get(module)) ?? []);
  }
}, 300_000);
afterAll(() => project?.remove());

it('finds the snippets and the examples of the public API, each example in the sources', () => {
  expect(snippets.length).toBeGreaterThan(50);
  expect(examples.length).toBeGreaterThan(100);
  expect(
    examples.filter((example) => !places.has(example)).map((example) => example.packed),
  ).toEqual([]);
});

describe('every docs snippet type-checks against the packed declarations', () => {
  for (const snippet of snippets) {
    const label = `${snippet.file}:${snippet.line}`;
    it(label, () => expect(problems.get(label)).toEqual([]));
  }
});

describe('every @example of the packed declarations type-checks against them', () => {
  for (const example of examples) {
    const label = exampleLabel(example);
    it(`${label} (${example.name})`, () => expect(problems.get(label)).toEqual([]));
  }
});
