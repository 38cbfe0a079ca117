// Typed triggers end to end: `svc types generate` writes the Register augmentation, and a program
// compiled with it accepts only known workflow ids with their payload types. Compiled as its own
// program: the augmentation is global, and the rest of the tests run without it.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSvc } from '../../cli/run';

const root = join(import.meta.dirname, '..', '..');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(root, 'test', 'types', 'register-fixture', 'tmp-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

it('known ids and payloads compile, unknown ids and wrong payloads do not, the escapes do', async () => {
  const dir = join(work, 'workflows');
  const step = { stepId: 'note', name: 'Note', type: 'in_app', controlValues: { body: 'Hi' } };
  await mkdir(dir);
  await writeFile(
    join(dir, 'welcome.json'),
    JSON.stringify({
      workflowId: 'welcome',
      name: 'Welcome',
      payloadSchema: {
        type: 'object',
        properties: { plan: { type: 'string', enum: ['free', 'pro'] } },
        required: ['plan'],
        additionalProperties: false,
      },
      steps: [step],
    }),
  );
  await writeFile(
    join(dir, 'digest-me.json'),
    JSON.stringify({ workflowId: 'digest-me', name: 'D', steps: [step] }),
  );
  let stderr = '';
  const code = await runSvc(
    ['types', 'generate', '--dir', dir, '--out', join(work, 'workflows.gen.ts')],
    {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
    },
  );
  expect(stderr).toBe('');
  expect(code).toBe(0);
  // usage.ts: the typed trigger; seeded-test.ts: a test that seeds its own workflows (EventsWith).
  for (const file of ['usage.ts', 'seeded-test.ts']) {
    await copyFile(join(root, 'test', 'types', 'register-fixture', file), join(work, file));
  }

  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('tsconfig.json did not parse');
  const program = ts.createProgram(
    [
      join(work, 'usage.ts'),
      join(work, 'seeded-test.ts'),
      join(work, 'workflows.gen.ts'),
      // The inspector's page module, which the mock's entries import, is declared here.
      join(root, 'mock-server', 'inspector', 'virtual-page.d.ts'),
    ],
    {
      ...config.options,
      noEmit: true,
    },
  );
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
  expect(diagnostics).toEqual([]);
}, 120_000);
