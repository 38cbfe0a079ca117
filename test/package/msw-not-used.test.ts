// Under jest an installed msw does not load (jest's CommonJS runtime), and setupSvcMock uses its
// built-in fetch interceptor: it says so once, in a hint, instead of bypassing msw without a word;
// with no msw installed, or with interceptor: 'fetch', nothing is said (issue 36 item 7).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';

let withMsw: ConsumerProject;
let withoutMsw: ConsumerProject;

beforeAll(() => {
  freshDist();
  withMsw = createConsumerProject();
  withoutMsw = createConsumerProject({ omit: ['msw'] });
}, 300_000);
afterAll(() => {
  withMsw?.remove();
  withoutMsw?.remove();
});

const TEST = (options: string) => `const { setupSvcMock } = require('@svc/api/mock/node');

const mock = setupSvcMock(${options});

test('a call answered by the engine', async () => {
  expect((await mock.client().subscribers.create({ subscriberId: 'ada' })).subscriberId).toBe('ada');
});
`;

function jest(project: ConsumerProject, file: string, code: string): string {
  project.write(file, code);
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', file],
    {
      cwd: project.directory,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
    },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  return output;
}

const HINT = '[svc-mock] hint: msw is installed but did not load here';

describe('an installed msw that setupSvcMock does not use', () => {
  it('is told once under jest, with where to read more', () => {
    const output = jest(withMsw, 'auto.test.js', TEST('{}'));
    expect(output.split(HINT).length - 1).toBe(1);
    expect(output).toContain(
      'https://github.com/svc-dev/svc-api/blob/main/docs/mock-mode.md#what-intercepts-msw-or-the-built-in-fetch-interceptor',
    );
  }, 120_000);

  it("is not told with interceptor: 'fetch', nor without msw", () => {
    expect(jest(withMsw, 'fetch.test.js', TEST("{ interceptor: 'fetch' }"))).not.toContain(HINT);
    expect(jest(withoutMsw, 'none.test.js', TEST('{}'))).not.toContain('[svc-mock] hint');
  }, 120_000);
});
