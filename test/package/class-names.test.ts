// Every exported class keeps its own name in the CommonJS build, as in the ES modules: jest's
// `toThrow(ConflictError)` and `console.log(error)` print the class's name, not `_class6`
// (the CommonJS split rewrites classes with fields as `_classN = class extends ...`).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerProject, createConsumerProject } from './consumer-project';
import { freshDist, root } from './fresh-dist';

let project: ConsumerProject;

beforeAll(() => {
  freshDist();
  project = createConsumerProject();
}, 300_000);
afterAll(() => project?.remove());

const ENTRIES = [
  '@svc/api',
  '@svc/api/mock',
  '@svc/api/mock/node',
  '@svc/api/mock/msw',
  '@svc/api/mock/server',
  '@svc/api/workflows',
];

/** Prints `entry export name` for every exported class whose name is not its export's. */
const LIST_MISNAMED = (format: 'require' | 'import') => `
const entries = ${JSON.stringify(ENTRIES)};
const misnamed = [];
let classes = 0;
(async () => {
  for (const entry of entries) {
    const exports = ${format === 'require' ? 'require(entry)' : 'await import(entry)'};
    for (const [key, value] of Object.entries(exports)) {
      if (typeof value !== 'function' || !/^class\\b/.test(Function.prototype.toString.call(value))) continue;
      classes += 1;
      if (value.name !== key) misnamed.push(entry + ' ' + key + ' ' + value.name);
    }
  }
  console.log(JSON.stringify({ classes, misnamed }));
})();
`;

const FAILING_TEST = `const { NotFoundError, ConflictError, APIError } = require('@svc/api');

test('a 404 where a 409 was expected', async () => {
  const error = APIError.generate({ status: 404, headers: new Headers(), body: { message: 'gone' }, rawBody: '' });
  console.log(require('node:util').inspect(error).split('\\n')[0]);
  await expect(Promise.reject(error)).rejects.toThrow(ConflictError);
});
`;

describe('class names from the packed package', () => {
  it.each(['require', 'import'] as const)(
    'every exported class is named as exported (%s)',
    (format) => {
      project.write(`names-${format}.cjs`, LIST_MISNAMED(format));
      const result = JSON.parse(project.node([`names-${format}.cjs`]).trim()) as {
        classes: number;
        misnamed: string[];
      };
      expect(result.misnamed).toEqual([]);
      expect(result.classes).toBeGreaterThan(15);
    },
  );

  it("jest's failing toThrow names both classes", () => {
    project.write('names.test.js', FAILING_TEST);
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', 'names.test.js'],
      {
        cwd: project.directory,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toContain('Expected constructor: ConflictError');
    expect(output).toContain('Received constructor: NotFoundError');
    expect(output).toMatch(/NotFoundError: gone/);
    expect(output).not.toMatch(/_class\d/);
  }, 120_000);
});
