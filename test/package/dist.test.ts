// Imports the built package (dist) by its name from ESM and CJS, as users do.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

beforeAll(() => {
  // `npm test` builds before vitest runs; build here only when run on its own.
  if (!existsSync(join(dist, 'mock', 'node.cjs'))) {
    execFileSync('npx', ['tsup'], { cwd: root, stdio: 'ignore' });
  }
}, 120_000);

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
}

const scenario = (load: string) => `
${load}
const { Svc, NotFoundError } = client;
const mock = nodeMock.setupSvcMock({ seed: { subscribers: [{ subscriberId: 'u1', firstName: 'Ada' }] } });
mock.listen();
const svc = mock.client();
const results = { sameSvcClass: svc instanceof Svc };
svc.subscribers.retrieve('u1')
  .then((s) => { results.firstName = s.firstName; return svc.subscribers.retrieve('nobody'); })
  .catch((e) => { results.notFound = e instanceof NotFoundError; results.status = e.status; })
  .finally(() => {
    results.handlers = mockEntry.createHandlers(mockEntry.createMockEngine()).length > 0;
    mock.close();
    console.log(JSON.stringify(results));
  });
`;

const expected = {
  sameSvcClass: true,
  firstName: 'Ada',
  notFound: true,
  status: 404,
  handlers: true,
};

describe('the built package', () => {
  it('works from ESM by its name, sharing classes across entries', () => {
    const load = `
const client = await import('@svc/api');
const mockEntry = await import('@svc/api/mock');
const nodeMock = await import('@svc/api/mock/node');`;
    const out = run(['--input-type=module', '-e', scenario(load)]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('works from CommonJS by its name, sharing classes across entries', () => {
    const load = `
const client = require('@svc/api');
const mockEntry = require('@svc/api/mock');
const nodeMock = require('@svc/api/mock/node');`;
    const out = run(['--input-type=commonjs', '-e', scenario(load)]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('keeps one copy of the client code: entries import shared chunks', () => {
    for (const ext of ['.js', '.cjs']) {
      const files = [
        ...readdirSync(dist).map((f) => join(dist, f)),
        ...readdirSync(join(dist, 'mock')).map((f) => join(dist, 'mock', f)),
      ].filter((f) => f.endsWith(ext));
      const marker = 'did not match the expected shape';
      const holders = files.filter((f) => readFileSync(f, 'utf8').includes(marker));
      expect(holders, `files${ext} holding the request code`).toHaveLength(1);
      expect(holders[0]).not.toMatch(/[/\\](index|node|browser)\.c?js$/);
    }
  });
});
