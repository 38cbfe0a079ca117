// The packed package in a fresh project that has its runtime dependencies but not msw (the
// optional peer): the engine entries, the fetch handler and the `svc-mock` bin work, and
// `setupSvcMock` intercepts with its built-in fetch interceptor, or says what to install when
// msw is asked for (the table at the top of docs/mock-mode.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bannerKey, killLeftoverProcesses, startSvcMock } from '../http/svc-mock-process';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';

let project: ConsumerProject;
let installed: string;

beforeAll(() => {
  freshDist();
  project = createConsumerProject({ omit: ['msw'] });
  installed = join(project.directory, 'node_modules', '@svc', 'api');
}, 300_000);
afterAll(() => project?.remove());

afterEach(killLeftoverProcesses);

/** Runs an ES module script in the project; answers what it printed. */
function esm(script: string): string {
  return project.node(['--input-type=module', '-e', script]);
}

describe('the packed package in a project without msw', () => {
  it('cannot resolve msw from the project or from the installed package', () => {
    // Outside the repository, and no folder above holds a node_modules with msw.
    expect(relative(root, project.directory).startsWith('..')).toBe(true);
    for (let folder = project.directory; folder !== dirname(folder); folder = dirname(folder)) {
      const found = existsSync(join(folder, 'node_modules', 'msw'));
      expect(found, `msw found in ${folder}/node_modules`).toBe(false);
    }
    const probe = (from: string) =>
      `import { createRequire } from 'node:module';
try { createRequire(${JSON.stringify(join(from, 'package.json'))}).resolve('msw'); console.log('resolved'); }
catch (error) { console.log(error.code); }
await import('msw').then(() => console.log('imported'), (error) => console.log(error.code));`;
    const expected = 'MODULE_NOT_FOUND\nERR_MODULE_NOT_FOUND\n';
    expect(esm(probe(project.directory))).toBe(expected);
    expect(esm(probe(installed))).toBe(expected);
  });

  it('imports @svc/api/mock and @svc/api/mock/server, and the fetch handler answers', () => {
    const script = `const { createMockEngine, createFetchHandler } = await import('@svc/api/mock');
const { startMockServer } = await import('@svc/api/mock/server');
const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] } });
const handler = createFetchHandler(engine);
const response = await handler(new Request('https://api.svc.co/v2/subscribers/user-1', {
  headers: { authorization: 'ApiKey ' + engine.environment('Development').apiKey },
}));
const body = await response.json();
console.log(typeof startMockServer, response.status, body.data.subscriberId, body.data.firstName);`;
    expect(esm(script)).toBe('function 200 user-1 Ada\n');
    // The CommonJS entries load without msw too.
    const cjs = `const { createFetchHandler } = require('@svc/api/mock');
const { startMockServer } = require('@svc/api/mock/server');
console.log(typeof createFetchHandler, typeof startMockServer);`;
    expect(project.node(['--input-type=commonjs', '-e', cjs])).toBe('function function\n');
  });

  it('runs the svc-mock bin: banner, a request with the printed key, SIGTERM stops it', async () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    const bin = manifest.bin['svc-mock'];
    if (!bin) throw new Error('the package has no svc-mock bin');
    const server = await startSvcMock(join(installed, bin), [], {
      cwd: project.directory,
      env: { NODE_OPTIONS: '' },
    });
    const key = bannerKey(server.stdout(), 'Development');
    const response = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { subscriberId: string } }).data.subscriberId).toBe(
      'demo-ada',
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('svc-mock stopped (SIGTERM)');
    expect(server.stderr()).toBe('');
  }, 60_000);

  it('intercepts with the built-in fetch interceptor, and says npm install -D msw when msw is asked for', () => {
    const script = `const { setupSvcMock } = await import('@svc/api/mock/node');
const mock = setupSvcMock({ hooks: false, seed: { subscribers: [{ subscriberId: 'user-1' }] } });
await mock.listen();
console.log((await mock.client().subscribers.retrieve('user-1')).subscriberId);
mock.close();
const strict = setupSvcMock({ hooks: false, interceptor: 'msw' });
await strict.listen().then(() => console.log('listening'), (error) => console.log(error.message));`;
    const output = esm(script);
    expect(output.startsWith('user-1\n')).toBe(true);
    expect(output).toContain('npm install -D msw');
    const cjs = `const { setupSvcMock } = require('@svc/api/mock/node');
setupSvcMock({ hooks: false, interceptor: 'msw' }).listen().then(() => console.log('listening'), (error) => console.log(error.message));`;
    expect(project.node(['--input-type=commonjs', '-e', cjs])).toContain('npm install -D msw');
  });
});
