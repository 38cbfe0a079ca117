// `svc-workflows workflows validate`: offline checks of workflow files with file:line problems
// (docs/workflows-as-code.md), for pre-commit hooks and CI.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CliIo } from '../../cli/output';
import { runSvc } from '../../cli/run';
import { lineOf } from '../../cli/validate';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-validate-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function validate(): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (text: string) => {
        stdout += text;
      },
      isTTY: false,
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
      },
    },
    env: {},
  };
  const code = await runSvc(['workflows', 'validate', '--dir', dir], io);
  return { code, stdout, stderr };
}

const good = {
  workflowId: 'welcome',
  name: 'Welcome',
  steps: [{ stepId: 'inbox', name: 'Inbox', type: 'in_app', controlValues: { body: 'Hi' } }],
};

it('passes valid files (exit 0)', async () => {
  await writeFile(join(dir, 'welcome.json'), JSON.stringify(good, null, 2));
  const run = await validate();
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(run.stdout).toContain('are valid');
});

it('reports every problem as file:line, and exits 1', async () => {
  const bad = {
    ...good,
    payloadSchema: { type: 'string' },
    steps: [good.steps[0], { stepId: 'inbox', name: 'Again', type: 'fax' }],
  };
  const path = join(dir, 'welcome.json');
  await writeFile(path, JSON.stringify(bad, null, 2));
  await writeFile(join(dir, 'copy.json'), JSON.stringify(good, null, 2));
  await writeFile(join(dir, 'broken.json'), '{\n  "workflowId": "x",\n  oops\n}');
  const run = await validate();
  expect(run.code).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(
    lines.some((line) =>
      line.startsWith(`${join(dir, 'broken.json')}:3: (the file): not valid JSON`),
    ),
  ).toBe(true);
  expect(
    lines.some((line) => /welcome\.json:\d+: steps\.1\.type: expected one of "in_app"/.test(line)),
  ).toBe(true);
  expect(lines).toContain(
    `${path}:${lineOf(JSON.stringify(bad, null, 2), ['steps', 1, 'stepId'])}: steps.1.stepId: "inbox" is also the stepId of steps.0`,
  );
  expect(
    lines.some((line) => line.includes('payloadSchema.type: a payload schema describes an object')),
  ).toBe(true);
  expect(lines).toContain(`${path}:2: workflowId: "welcome" is also in ${join(dir, 'copy.json')}`);
});

it('finds the line of a path in a JSON text', () => {
  const text =
    '{\n  "a": 1,\n  "steps": [\n    { "x": [1, 2] },\n    {\n      "stepId": "b"\n    }\n  ]\n}';
  expect(lineOf(text, ['steps', 1, 'stepId'])).toBe(6);
  expect(lineOf(text, ['a'])).toBe(2);
  expect(lineOf(text, ['missing'])).toBe(9);
});
