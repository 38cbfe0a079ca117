/**
 * The `@example` blocks of the public API in the packed declarations, turned into modules that
 * test/package/packed-types.test.ts type-checks against those declarations.
 *
 * Which examples: those written on a declaration an app can name through an entry, an export of
 * `@svc/api` or a subpath, or on one of its members. The declaration files are built with
 * `stripInternal`, which drops an `@internal` declaration together with its comment; examples on
 * declarations the files carry only because an export's type refers to them are left out.
 *
 * An example is a fragment: it uses the entries' exports without importing them, names such as
 * `svc` or `engine` that its page has already made, and values the reader has at hand
 * (`transactionId`, `body`). Each becomes a module that imports every export of every entry
 * (those it does not import itself), declares the {@link EXAMPLE_CONTEXT} names with their types
 * and the reader's values as `any`, and runs the example's code inside an `async` function, so
 * it may `await`, `return` and declare those names again. A reader's value is a name the example
 * leaves undeclared that no module of the library exports either ({@link sourceDeclarations}): a
 * name a module exports but no entry does is internal, and an example that uses it fails, as it
 * would in an app.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import type { CheckedModule } from '../docs/typecheck';

/** One fenced block of an `@example` tag. */
export interface DeclarationExample {
  /** The documented declaration (`Svc`, `trigger`). */
  name: string;
  /** The code between the fences. */
  code: string;
  /** `file:line` of the code's first line in the packed declarations (`dist/….d.ts`). */
  packed: string;
}

/**
 * The names an example may use without declaring them, and what they stand for: the client
 * (`new Svc`, `createSvcCore`), the engine and the mock of `setupSvcMock` as the guides make them,
 * an error being caught and the request a handler got.
 */
export const EXAMPLE_CONTEXT: Readonly<Record<string, string>> = {
  svc: 'Svc',
  core: 'SvcCore',
  engine: 'MockEngine',
  mock: 'SvcMock',
  secretKey: 'string',
  error: 'unknown',
  request: 'Request',
};

const FENCE = /^```(\w*)\s*$/;
/** The JSDoc line prefix: indentation, `*` and one space. */
const PREFIX = /^\s*\*\s?/;

interface FoundExample {
  /** The documented declaration. */
  name: string;
  code: string;
  /** 0-based line of the code's first line. */
  line: number;
  /** Where the `@example` tag starts in the file. */
  position: number;
}

function declarationName(node: ts.Node, file: ts.SourceFile): string {
  const declaration = ts.isVariableStatement(node)
    ? node.declarationList.declarations[0]
    : (node as ts.Declaration);
  // The declaration bundle renames clashing names (`SubscriberPreferences$1`).
  const name = declaration && ts.getNameOfDeclaration(declaration)?.getText(file);
  return name?.replace(/\$\d+$/, '') ?? '(module)';
}

/** The fenced `ts` blocks of every `@example` in one file, with the line each starts on. */
function examplesIn(path: string, text: string): FoundExample[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const found = new Map<number, FoundExample[]>();
  const visit = (node: ts.Node): void => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      for (const tag of ts.isJSDoc(doc) ? (doc.tags ?? []) : [doc]) {
        if (tag.tagName.text !== 'example' || found.has(tag.pos)) continue;
        const name = declarationName(node, file);
        const first = file.getLineAndCharacterOfPosition(tag.pos).line;
        const lines = text.slice(tag.pos, tag.end).split('\n');
        const blocks: FoundExample[] = [];
        for (let index = 0; index < lines.length; index += 1) {
          const open = FENCE.exec((lines[index] ?? '').replace(PREFIX, ''));
          if (!open || !['', 'ts', 'typescript'].includes(open[1] ?? '')) continue;
          let end = index + 1;
          while (end < lines.length && !FENCE.test((lines[end] ?? '').replace(PREFIX, ''))) {
            end += 1;
          }
          const code = lines.slice(index + 1, end).map((line) => line.replace(PREFIX, ''));
          blocks.push({ name, code: code.join('\n'), line: first + index + 1, position: tag.pos });
          index = end;
        }
        found.set(tag.pos, blocks);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found.values()].flat();
}

const key = (code: string) =>
  code
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();

/** The entries' exports and the `@example` blocks of the public API. */
export interface PublicApi {
  /** Each entry's value and type exports, by name. */
  exports: Map<string, string[]>;
  /** The examples, each once, in file order. */
  examples: DeclarationExample[];
}

/**
 * Reads the public API from the declarations `@svc/api` resolves to from `directory` (the
 * repository itself through its package.json `exports`, or a project with the package
 * installed): each entry's exports and the examples written on them and their members.
 *
 * @example
 * ```ts
 * const { exports, examples } = publicApi(root, ['@svc/api', '@svc/api/mock'], options);
 * ```
 */
export function publicApi(
  directory: string,
  entries: readonly string[],
  options: ts.CompilerOptions,
): PublicApi {
  const probe = join(directory, 'public-api-probe.ts');
  const text = entries.map((entry, index) => `import * as e${index} from '${entry}';`).join('\n');
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (path) => path === probe || fileExists(path);
  host.getSourceFile = (path, language, onError, create) =>
    path === probe
      ? ts.createSourceFile(path, text, language, true)
      : getSourceFile(path, language, onError, create);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const exports = new Map<string, string[]>();
  // The text ranges of the exported declarations (their comments and members included), by file.
  const ranges = new Map<string, [number, number][]>();
  for (const statement of program.getSourceFile(probe)?.statements ?? []) {
    if (!ts.isImportDeclaration(statement)) continue;
    const entry = (statement.moduleSpecifier as ts.StringLiteral).text;
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (!module) throw new Error(`${entry} does not resolve from ${directory}`);
    const symbols = checker.getExportsOfModule(module);
    exports.set(entry, symbols.map((symbol) => symbol.name).sort());
    for (const symbol of symbols) {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      for (const declaration of target.declarations ?? []) {
        const node = ts.isVariableDeclaration(declaration)
          ? declaration.parent.parent
          : declaration;
        const file = node.getSourceFile().fileName;
        ranges.set(file, [...(ranges.get(file) ?? []), [node.getFullStart(), node.getEnd()]]);
      }
    }
  }
  const examples = new Map<string, DeclarationExample>();
  for (const [file, spans] of [...ranges].sort(([a], [b]) => a.localeCompare(b))) {
    const inPublic = (position: number) =>
      spans.some(([start, end]) => position >= start && position < end);
    const packageRoot = file.slice(0, file.lastIndexOf(`${sep}dist${sep}`));
    for (const example of examplesIn(file, readFileSync(file, 'utf8'))) {
      if (!inPublic(example.position)) continue;
      const packed = `${relative(packageRoot, file)}:${example.line + 1}`;
      const id = `${example.name}\n${key(example.code)}`;
      if (!examples.has(id)) examples.set(id, { name: example.name, code: example.code, packed });
    }
  }
  return { exports, examples: [...examples.values()] };
}

/**
 * Where an example's code is written in the sources (`src/`, `mock-server/`), by its text: every
 * place, in file order (the same example can document a resource method and its function).
 *
 * @example
 * ```ts
 * sourcePlaces(root)(example.code); // [{ file: 'src/client.ts', line: 41 }]
 * ```
 */
export function sourcePlaces(root: string): (code: string) => { file: string; line: number }[] {
  const places = new Map<string, { file: string; line: number }[]>();
  for (const folder of ['src', 'mock-server']) {
    const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
      .sort();
    for (const file of files) {
      const path = join(root, folder, file);
      for (const example of examplesIn(path, readFileSync(path, 'utf8'))) {
        const id = key(example.code);
        places.set(id, [
          ...(places.get(id) ?? []),
          { file: relative(root, path), line: example.line },
        ]);
      }
    }
  }
  return (code) => places.get(key(code)) ?? [];
}

/**
 * Every name a module of the library (`src/`, `mock-server/`; not the inspector page's browser
 * code) exports from its own declarations.
 *
 * @example
 * ```ts
 * sourceDeclarations(root).has('createPipeline'); // true
 * ```
 */
export function sourceDeclarations(root: string): Set<string> {
  const names = new Set<string>();
  const exported = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
    );
  for (const folder of ['src', 'mock-server']) {
    const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.d.ts') &&
        !file.startsWith(join('inspector', 'page', '')),
    );
    for (const file of files) {
      const path = join(root, folder, file);
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022);
      for (const statement of source.statements.filter(exported)) {
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
          }
        } else if (
          (ts.isFunctionDeclaration(statement) ||
            ts.isClassDeclaration(statement) ||
            ts.isInterfaceDeclaration(statement) ||
            ts.isTypeAliasDeclaration(statement) ||
            ts.isEnumDeclaration(statement)) &&
          statement.name
        ) {
          names.add(statement.name.text);
        }
      }
    }
  }
  return names;
}

/** The names a module's import declarations bind. */
function importedNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.add(element.name.text);
    }
  }
  return names;
}

/**
 * The module that type-checks one example: the example's own imports, the entries' exports it
 * does not import, the context names and `readerValues` (as `any`), then its other statements
 * inside an `async` function. Its `place` gives `placeOf` the example's line a module line
 * stands for (the first line for the lines added around the example).
 *
 * @example
 * ```ts
 * const module = exampleModule(example, exports, path, (line) => `src/client.ts:${line + 42}`);
 * ```
 */
export function exampleModule(
  example: DeclarationExample,
  entryExports: ReadonlyMap<string, readonly string[]>,
  path: string,
  placeOf: (exampleLine: number) => string,
  readerValues: readonly string[] = [],
): CheckedModule {
  const code = ts.createSourceFile(path, example.code, ts.ScriptTarget.ES2022, true);
  const lines = example.code.split('\n');
  const own = importedNames(code);
  // Each line of the module and the line of the example it stands for.
  const text: string[] = [];
  const origin: number[] = [];
  const add = (line: string, from: number) => {
    text.push(line);
    origin.push(from);
  };
  const body = [...lines];
  for (const statement of code.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const start = code.getLineAndCharacterOfPosition(statement.getStart(code)).line;
    const end = code.getLineAndCharacterOfPosition(statement.getEnd()).line;
    for (let line = start; line <= end; line += 1) {
      add(lines[line] ?? '', line);
      body[line] = '';
    }
  }
  const imported = new Set(own);
  for (const [specifier, names] of entryExports) {
    const fresh = names.filter((name) => !imported.has(name));
    for (const name of fresh) imported.add(name);
    if (fresh.length > 0) add(`import { ${fresh.join(', ')} } from '${specifier}';`, 0);
  }
  for (const [name, type] of Object.entries(EXAMPLE_CONTEXT)) {
    if (!own.has(name)) add(`declare const ${name}: ${type};`, 0);
  }
  for (const name of readerValues) {
    if (!own.has(name) && !(name in EXAMPLE_CONTEXT)) add(`declare let ${name}: any;`, 0);
  }
  add('export async function example() {', 0);
  for (const [index, line] of body.entries()) add(line, index);
  add('}', lines.length - 1);
  return {
    path,
    text: text.join('\n'),
    place: (line) => placeOf(origin[line] ?? 0),
  };
}
