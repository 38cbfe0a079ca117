// The packed package in a fresh project, run by the runners the guides name: jest 30 with the
// CommonJS entry (plain JavaScript), jest with ts-jest and `setupSvcMock` (the guide's config and
// snippets, type-checked with ts-jest's default node10 resolution), `node --test` (the guide's
// snippet), and plain Node without `require(esm)`. The project has ky and zod, the package's only
// dependencies, and msw: every mock entry runs the engine's bundled libraries there, in ESM,
// CommonJS and a browser bundle (scripts/engine-dependencies.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_DEPENDENCIES } from '../../scripts/engine-dependencies.mjs';
import { collectSnippets } from '../docs/snippets';
import { CONSUMER_TOOLS, type ConsumerProject, createConsumerProject } from './consumer-project';
import { engineScenario, expectedScenario } from './engine-scenario';
import { freshDist, root } from './fresh-dist';

const GUIDE = 'docs/mock-mode.md';
const snippets = collectSnippets(root).filter((snippet) => snippet.file === GUIDE);

/** The fenced block after `<!-- file: <name> -->` in the guide. */
function guideFile(name: string): string {
  const lines = readFileSync(join(root, GUIDE), 'utf8').split('\n');
  const marker = lines.findIndex((line) => line.trim() === `<!-- file: ${name} -->`);
  const open = lines.findIndex((line, index) => index > marker && line.startsWith('```'));
  const close = lines.findIndex((line, index) => index > open && line.trim() === '```');
  if (marker < 0 || open < 0 || close < 0) throw new Error(`${GUIDE} has no block for ${name}`);
  return lines.slice(open + 1, close).join('\n');
}

/** jest's globals for the type check, as `@types/jest` would declare them. */
const JEST_GLOBALS = `import type * as jest from '@jest/globals';
declare global {
  const beforeAll: typeof jest.beforeAll;
  const afterEach: typeof jest.afterEach;
  const afterAll: typeof jest.afterAll;
  const describe: typeof jest.describe;
  const it: typeof jest.it;
  const test: typeof jest.test;
  const expect: typeof jest.expect;
}
`;

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPassedTestSuites: number;
  numTotalTestSuites: number;
}

let project: ConsumerProject;

beforeAll(() => {
  freshDist();
  project = createConsumerProject();
}, 300_000);
afterAll(() => project?.remove());

function runJest(args: readonly string[]): JestReport {
  project.jest([...args, '--json', '--outputFile=jest-report.json']);
  return JSON.parse(readFileSync(join(project.directory, 'jest-report.json'), 'utf8'));
}

describe('the packed package in a fresh project', () => {
  it('loads the CommonJS client under jest with no configuration (ky is bundled in)', () => {
    project.write(
      'plain/client.test.js',
      `const { Svc, NotFoundError, SvcValidationError } = require('@svc/api');

test('a call through an injected fetch, and its typed error', async () => {
  const fetch = async () => Response.json({ statusCode: 404, message: 'gone' }, { status: 404 });
  const svc = new Svc({ secretKey: 'sk', baseUrl: 'https://api.example.test', fetch });
  await expect(svc.subscribers.retrieve('user-1')).rejects.toBeInstanceOf(NotFoundError);
  await expect(svc.subscribers.update('user-1', { firstname: 'Ada' })).rejects.toBeInstanceOf(
    SvcValidationError,
  );
});
`,
    );
    const report = runJest(['--config', '{"testEnvironment":"node"}', 'plain/']);
    expect(report).toMatchObject({ numFailedTests: 0, numPassedTests: 1 });
  }, 120_000);

  it("runs the guide's jest snippets with ts-jest and setupSvcMock, with the guide's jest.config.js", () => {
    const jestSnippets = snippets.filter((snippet) => snippet.mode === 'jest-globals');
    expect(jestSnippets.length).toBeGreaterThan(0);
    project.write('ts/jest.config.js', guideFile('jest.config.js'));
    // ts-jest's defaults: CommonJS, node10 resolution; every declaration checked.
    project.write(
      'ts/tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'commonjs',
          target: 'es2022',
          types: ['node'],
          esModuleInterop: true,
          skipLibCheck: false,
        },
      }),
    );
    project.write('ts/jest-globals.d.ts', JEST_GLOBALS);
    for (const snippet of jestSnippets) {
      project.write(
        `ts/${snippet.id}.test.ts`,
        `/// <reference path="./jest-globals.d.ts" />\n${snippet.code}`,
      );
    }
    // Every entry resolves under node10 and type-checks: a typo in a type fails the test.
    project.write(
      'ts/entries.test.ts',
      `import { Svc, type Subscriber } from '@svc/api';
import { createMockEngine } from '@svc/api/mock';
import { setupSvcMock, type SvcMock } from '@svc/api/mock/node';
import type { SvcWorkerMock } from '@svc/api/mock/browser';

const mock: SvcMock = setupSvcMock({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
const worker: SvcWorkerMock | undefined = undefined;

it('shares one client class across the entries', async () => {
  const svc = mock.client();
  const subscriber: Subscriber = await svc.subscribers.retrieve('user-1');
  expect(svc).toBeInstanceOf(Svc);
  expect(subscriber.subscriberId).toBe('user-1');
  expect(createMockEngine().environment('Development').apiKey).toEqual(expect.any(String));
  expect(worker).toBeUndefined();
});
`,
    );
    const report = runJest(['--rootDir', 'ts', '--config', 'ts/jest.config.js']);
    expect(report).toMatchObject({
      numFailedTests: 0,
      numPassedTestSuites: jestSnippets.length + 1,
      numTotalTestSuites: jestSnippets.length + 1,
    });
  }, 180_000);

  it('type-checks with skipLibCheck false in the resolution modes docs/client.md lists', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const client = `import { Svc, type Subscriber } from '@svc/api';
export const svc = new Svc({ secretKey: 'k' });
export type First = Subscriber['firstName'];
`;
    const everyEntry = `${client}import { createMockEngine } from '@svc/api/mock';
import { setupSvcMock } from '@svc/api/mock/node';
import { setupSvcWorker } from '@svc/api/mock/browser';
export const entries = [createMockEngine, setupSvcMock, setupSvcWorker];
`;
    const check = (folder: string, source: string, options: Record<string, unknown>) => {
      project.write(`${folder}/index.ts`, source);
      project.write(
        `${folder}/tsconfig.json`,
        JSON.stringify({
          compilerOptions: {
            strict: true,
            exactOptionalPropertyTypes: true,
            noEmit: true,
            skipLibCheck: false,
            target: 'es2022',
            lib: ['es2023', 'dom'],
            types: ['node'],
            ...options,
          },
          files: ['index.ts'],
        }),
      );
      project.node([tsc, '-p', folder]);
    };
    // node10 with every entry is the ts-jest test above; bundler is the repository's own mode.
    project.write('types-node16-esm/package.json', '{"type":"module"}');
    check('types-node16-esm', everyEntry, { module: 'node16', moduleResolution: 'node16' });
    check('types-node16-cjs', client, { module: 'node16', moduleResolution: 'node16' });
  }, 180_000);

  it("runs the guide's node:test snippet with node --test", () => {
    const nodeSnippets = snippets.filter((snippet) => snippet.mode === 'node-test');
    expect(nodeSnippets.length).toBeGreaterThan(0);
    for (const snippet of nodeSnippets) {
      const { outputText } = ts.transpileModule(snippet.code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      project.write(`node-test/${snippet.id}.test.mjs`, outputText);
      const output = project.node(['--test', `node-test/${snippet.id}.test.mjs`]);
      expect(output).toMatch(/^# fail 0$/m);
      expect(output).toMatch(/^# pass [1-9]/m);
    }
  }, 120_000);

  it('requires the client on Node without require(esm) (as before 20.19), and imports it as ESM', () => {
    const script = `const { Svc, SvcError } = require('@svc/api');
console.log(typeof new Svc({ secretKey: 'k' }).events.trigger, typeof SvcError);`;
    expect(
      project.node(['--no-experimental-require-module', '--input-type=commonjs', '-e', script]),
    ).toBe('function function\n');
    const esm = `const { Svc } = await import('@svc/api'); console.log(typeof Svc);`;
    expect(project.node(['--input-type=module', '-e', esm])).toBe('function\n');
  });
});

/**
 * How a script makes an engine and a client with each mock entry that loads in Node
 * (`@svc/api/mock/browser` needs a browser: it is bundled below instead). `client` is
 * `@svc/api`, `entry` the entry itself; the body returns the scenario's result.
 */
const ENTRY_RUNS: Record<string, { also?: string; msw?: true; body: string }> = {
  '@svc/api/mock': {
    body: `const engine = entry.createMockEngine({ clockStart: CLOCK_START, seed: SEED });
const secretKey = engine.environment('Development').apiKey;
return scenario(engine, new client.Svc({ secretKey, fetch: entry.createFetchHandler(engine) }));`,
  },
  '@svc/api/mock/node': {
    msw: true,
    body: `const mock = entry.setupSvcMock({ clockStart: CLOCK_START, seed: SEED, hooks: false });
await mock.listen();
try { return await scenario(mock.engine, mock.client()); } finally { mock.close(); }`,
  },
  '@svc/api/mock/server': {
    body: `const server = await entry.startMockServer({ port: 0, clockStart: CLOCK_START, seed: SEED });
const secretKey = server.engine.environment('Development').apiKey;
try { return await scenario(server.engine, new client.Svc({ secretKey, baseUrl: server.url })); }
finally { await server.close(); }`,
  },
  '@svc/api/mock/msw': {
    // The app's own msw, with the handlers over an engine from @svc/api/mock.
    also: 'msw/node',
    msw: true,
    body: `const engine = mock.createMockEngine({ clockStart: CLOCK_START, seed: SEED });
const server = also.setupServer(...entry.createHandlers(engine));
server.listen({ onUnhandledRequest: 'error' });
const secretKey = engine.environment('Development').apiKey;
try { return await scenario(engine, new client.Svc({ secretKey })); } finally { server.close(); }`,
  },
};

/** A script that loads `entry` (ESM or CommonJS), runs the scenario and prints its result. */
function entryScript(entry: string, format: 'esm' | 'cjs'): string {
  const { also, body } = ENTRY_RUNS[entry] ?? { body: '' };
  const names = { client: '@svc/api', mock: '@svc/api/mock', entry, ...(also ? { also } : {}) };
  const load = Object.entries(names)
    .map(([name, specifier]) =>
      format === 'esm'
        ? `const ${name} = await import(${JSON.stringify(specifier)});`
        : `const ${name} = require(${JSON.stringify(specifier)});`,
    )
    .join('\n');
  const run = `(async () => {\n${body}\n})().then((result) => console.log(JSON.stringify(result)));`;
  return `${engineScenario({ nodeHash: true })}\n${format === 'esm' ? `${load}\nawait ${run}` : `${load}\n${run}`}`;
}

describe('the packed package depends on ky and zod alone', () => {
  const installed = () => join(project.directory, 'node_modules', '@svc', 'api');

  it('names ky and zod as its only dependencies, and the project holds nothing else', () => {
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    expect(Object.keys(manifest['dependencies'] ?? {}).sort()).toEqual(['ky', 'zod']);
    expect(Object.keys(manifest['peerDependencies'] ?? {})).toEqual(['msw']);
    expect(manifest['optionalDependencies']).toBeUndefined();
    expect(manifest['bundleDependencies'] ?? manifest['bundledDependencies']).toBeUndefined();
    // The project's node_modules: the package, ky, zod, msw (the app's, for msw mode) and tools.
    const modules = join(project.directory, 'node_modules');
    const top = readdirSync(modules).flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`)
        : [name],
    );
    expect(top.sort()).toEqual(['@svc/api', 'ky', 'msw', 'zod', ...CONSUMER_TOOLS].sort());
  });

  it("cannot resolve the engine's libraries from the project or from the installed package", () => {
    expect(relative(root, project.directory).startsWith('..')).toBe(true);
    const packages = Object.keys(ENGINE_DEPENDENCIES);
    for (let folder = project.directory; folder !== dirname(folder); folder = dirname(folder)) {
      for (const name of packages) {
        expect(
          existsSync(join(folder, 'node_modules', name)),
          `${folder}/node_modules/${name}`,
        ).toBe(false);
      }
    }
    const probe = (from: string) => `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(from, 'package.json'))});
for (const name of ${JSON.stringify(packages)}) {
  try { require.resolve(name); console.log(name, 'resolved'); } catch (error) { console.log(error.code); }
}`;
    const expected = `${packages.map(() => 'MODULE_NOT_FOUND').join('\n')}\n`;
    expect(project.node(['--input-type=module', '-e', probe(project.directory)])).toBe(expected);
    expect(project.node(['--input-type=module', '-e', probe(installed())])).toBe(expected);
  });

  for (const entry of Object.keys(ENTRY_RUNS)) {
    it(`runs a workflow that needs every bundled library through ${entry}, as ESM and as CommonJS`, () => {
      const expected = expectedScenario({ nodeHash: true });
      const esm = project.node(['--input-type=module', '-e', entryScript(entry, 'esm')]);
      expect(JSON.parse(esm)).toEqual(expected);
      // CommonJS without require(esm), as before Node 20.19, so every file the package loads must
      // be CommonJS; msw's own CommonJS requires ES modules (rettime), so not with msw.
      const noRequireEsm = ENTRY_RUNS[entry]?.msw ? [] : ['--no-experimental-require-module'];
      const cjs = project.node([
        ...noRequireEsm,
        '--input-type=commonjs',
        '-e',
        entryScript(entry, 'cjs'),
      ]);
      expect(JSON.parse(cjs)).toEqual(expected);
    }, 60_000);
  }

  it("runs the workflow under jest, whose resolver reads the package's imports map", () => {
    project.write(
      'plain-engine/engine.test.js',
      `const { Svc } = require('@svc/api');
const { createFetchHandler, createMockEngine } = require('@svc/api/mock');
${engineScenario({ nodeHash: true })}
test('every bundled library, from the CommonJS entry', async () => {
  const engine = createMockEngine({ clockStart: CLOCK_START, seed: SEED });
  const secretKey = engine.environment('Development').apiKey;
  const result = await scenario(engine, new Svc({ secretKey, fetch: createFetchHandler(engine) }));
  expect(result).toEqual(${JSON.stringify(expectedScenario({ nodeHash: true }))});
});
`,
    );
    const report = runJest(['--config', '{"testEnvironment":"node"}', 'plain-engine/']);
    expect(report).toMatchObject({ numFailedTests: 0, numPassedTests: 1 });
  }, 120_000);

  it('bundles @svc/api/mock/browser for a browser with nothing Node-only, and @svc/api/mock so bundled runs the workflow', async () => {
    const bundle = async (entry: string, source: string) => {
      project.write(entry, source);
      const result = await build({
        entryPoints: [join(project.directory, entry)],
        absWorkingDir: project.directory,
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        logLevel: 'silent',
      });
      const text = result.outputFiles[0]?.text ?? '';
      // esbuild's stand-in for a `require` it could not bundle.
      expect(text).not.toContain('Dynamic require');
      return text;
    };
    // An esbuild error (a Node built-in, a package the project lacks) rejects here.
    await bundle(
      'browser/worker.js',
      `export { setupSvcWorker } from '@svc/api/mock/browser';
export { createMockEngine } from '@svc/api/mock';`,
    );
    // The browser build of @svc/api/mock, run by Node as a plain ES module (no require there).
    const app = await bundle(
      'browser/app.js',
      `import { Svc } from '@svc/api';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
${engineScenario({ nodeHash: false })}
const engine = createMockEngine({ clockStart: CLOCK_START, seed: SEED });
const secretKey = engine.environment('Development').apiKey;
console.log(JSON.stringify(await scenario(engine, new Svc({ secretKey, fetch: createFetchHandler(engine) }))));`,
    );
    project.write('browser/app.bundle.mjs', app);
    const output = project.node(['browser/app.bundle.mjs']);
    expect(JSON.parse(output)).toEqual(expectedScenario({ nodeHash: false }));
  }, 120_000);
});
