// What a package user sees of the package's own paths (issue 36): a mistake hint under jest is one
// line, with no code frame of a bundled file and no stack; and no file of the packed tarball
// (the source maps included) names the build machine's directories.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';

let project: ConsumerProject;

beforeAll(() => {
  freshDist();
  project = createConsumerProject();
}, 300_000);
afterAll(() => project?.remove());

const HINTED_TEST = `const { setupSvcMock } = require('@svc/api/mock/node');

const mock = setupSvcMock({ seed: { subscribers: [{ subscriberId: 'ada' }] } });

test('a trigger of a workflow that does not exist', async () => {
  await expect(mock.client().events.trigger({ name: 'welcom', to: 'ada' })).rejects.toMatchObject({ status: 422 });
});
`;

function packageFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? packageFiles(path) : [path];
  });
}

describe('the packed package', () => {
  it('prints a mistake hint under jest as one line, without a code frame or stack', () => {
    project.write('hint.test.js', HINTED_TEST);
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', 'hint.test.js'],
      {
        cwd: project.directory,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain('[svc-mock] hint: no workflow "welcom" in Development');
    expect(output).not.toMatch(/console\.warn|dist\/chunk-|\.cjs:\d+|^\s+at /m);
  }, 120_000);

  it('ships the LICENSE', () => {
    const license = readFileSync(
      join(project.directory, 'node_modules', '@svc', 'api', 'LICENSE'),
      'utf8',
    );
    expect(license).toMatch(/^MIT License/);
  });

  it('names no directory of the build machine, in any file or source map', () => {
    const installed = join(project.directory, 'node_modules', '@svc', 'api');
    const offenders: string[] = [];
    for (const path of packageFiles(installed)) {
      const text = readFileSync(path, 'utf8');
      if (text.includes(root)) offenders.push(`${path}: ${root}`);
      if (path.endsWith('.map')) {
        const map = JSON.parse(text) as { sources?: string[]; file?: string; sourceRoot?: string };
        const absolute = [...(map.sources ?? []), map.file ?? '', map.sourceRoot ?? ''].filter(
          (source) => isAbsolute(source),
        );
        if (absolute.length > 0) offenders.push(`${path}: ${absolute.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
