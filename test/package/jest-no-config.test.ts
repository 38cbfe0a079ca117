// Plain `npx jest` in a JavaScript project, from the packed package: no jest config, no
// ts-jest, no transform. msw is installed (as in an app that has it) but jest's CommonJS runtime
// cannot load it, so setupSvcMock intercepts with its built-in fetch interceptor. The README's
// snippet runs as written with its `hooks` line dropped ("not needed with jest"), and an app's
// own server on 127.0.0.1 is reached while its calls to the service are answered by the engine.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';

let project: ConsumerProject;

beforeAll(() => {
  freshDist();
  project = createConsumerProject();
}, 300_000);
afterAll(() => project?.remove());

/** The README's mock-mode snippet (the first `ts` block that calls setupSvcMock). */
function readmeSnippet(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .find((code) => code.includes('setupSvcMock('));
  if (block === undefined) throw new Error('README.md has no setupSvcMock snippet');
  return block;
}

const APP_TEST = `const { createServer } = require('node:http');
const { Svc } = require('@svc/api');
const { setupSvcMock } = require('@svc/api/mock/node');

const mock = setupSvcMock();
let server;
let url;

beforeAll(async () => {
  // The app: POST /signup creates the subscriber with the app's own client.
  server = createServer(async (request, response) => {
    const svc = new Svc({ secretKey: mock.engine.environment('Development').apiKey });
    const subscriber = await svc.subscribers.create({ subscriberId: 'ada' });
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: subscriber.subscriberId }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = 'http://127.0.0.1:' + server.address().port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test("the app's own request goes through; its call to the service reaches the engine", async () => {
  const response = await fetch(url + '/signup', { method: 'POST' });
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ id: 'ada' });
  expect((await mock.client().subscribers.retrieve('ada')).subscriberId).toBe('ada');
});
`;

describe('plain jest with no configuration', () => {
  it("runs the README's snippet and an app test in JavaScript, with no warning", () => {
    const snippet = readmeSnippet()
      .split('\n')
      .filter((line) => !line.includes("from 'vitest'") && !line.includes('hooks:'))
      .join('\n');
    const { outputText } = ts.transpileModule(snippet, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    project.write('readme.test.js', outputText);
    project.write('app.test.js', APP_TEST);
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--json',
        '--outputFile=report.json',
      ],
      {
        cwd: project.directory,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    const report = JSON.parse(readFileSync(join(project.directory, 'report.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTestSuites: number;
    };
    expect(report, output).toMatchObject({
      numFailedTests: 0,
      numPassedTests: 3,
      numTotalTestSuites: 2,
    });
    expect(run.status, output).toBe(0);
    // No console output and no deprecation warning: jest prints both to stderr.
    expect(output).not.toMatch(/console\.(warn|error|log)|deprecat|ts-jest/i);
  }, 180_000);
});
