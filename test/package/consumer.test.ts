// The packed package in a fresh project, run by the runners the guides name: jest 30 with the
// CommonJS entry (plain JavaScript), jest with ts-jest and `setupSvcMock` (the guide's config and
// snippets, type-checked with ts-jest's default node10 resolution), `node --test` (the guide's
// snippet), and plain Node without `require(esm)`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSnippets } from '../docs/snippets';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
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
