// The `svc` bin and `svc-mock --workflows` as users run them: the built dist in child processes.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Svc } from '@svc/api';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version';
import { workflowFileJsonSchema } from '../../src/workflows/workflow-file';
import {
  bannerKey,
  killLeftoverProcesses,
  runSvcMock,
  startSvcMock,
} from '../http/svc-mock-process';
import { freshDist } from '../package/fresh-dist';

const root = join(import.meta.dirname, '..', '..');
const svcMock = join(root, 'dist', 'cli.js');
const svcBin = join(root, 'dist', 'svc-cli', 'svc.js');
let work: string;

beforeAll(() => freshDist(), 300_000);
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'svc-bins-'));
});
afterEach(async () => {
  killLeftoverProcesses();
  await rm(work, { recursive: true, force: true });
});

const step = {
  stepId: 'hello',
  name: 'Hello',
  type: 'in_app',
  controlValues: { body: 'Hi {{payload.name}}' },
};

describe('svc (dist/svc-cli/svc.js)', () => {
  it('pulls and generates types against svc-mock, with no progress lines when piped', async () => {
    const server = await startSvcMock(svcMock, ['--quiet']);
    const env = {
      SVC_BASE_URL: server.url,
      SVC_SECRET_KEY: bannerKey(server.stdout(), 'Development'),
    };
    const dir = join(work, 'wf');
    const pull = runSvcMock(svcBin, ['workflows', 'pull', '--dir', dir], { env });
    expect(await pull.exited).toBe(0);
    expect(pull.stdout()).toMatch(/^Pulled \d+ workflow\(s\) into .*\n$/);
    const out = join(work, 'gen.ts');
    const types = runSvcMock(svcBin, ['types', 'generate', '--dir', dir, '--out', out], { env });
    expect(await types.exited).toBe(0);
    expect(await readFile(out, 'utf8')).toContain('interface Register');
    const diff = runSvcMock(svcBin, ['workflows', 'diff', '--dir', dir], { env });
    expect(await diff.exited).toBe(0);
  });

  it('exits 2 with the usage on a bad command', async () => {
    const run = runSvcMock(svcBin, ['workflow', 'pull']);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain('Usage: svc-workflows <command>');
  });

  it('tells an unknown option in one line with "did you mean", exit 2', async () => {
    const run = runSvcMock(svcBin, ['workflows', 'push', '--dry-rn']);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toBe(
      'svc-workflows: unknown option --dry-rn; did you mean --dry-run? (svc-workflows --help lists every option)\n',
    );
  });

  it('prints its version with --version', async () => {
    const run = runSvcMock(svcBin, ['--version']);
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toBe(`${VERSION}\n`);
  });

  it('ships the workflow file JSON Schema the pulled files reference', async () => {
    const shipped = JSON.parse(
      await readFile(join(root, 'dist', 'workflow-file.schema.json'), 'utf8'),
    );
    expect(shipped).toEqual(workflowFileJsonSchema());
  });
});

describe('svc-mock --workflows', () => {
  it('seeds the workflow files of a directory, next to the demo data', async () => {
    const dir = join(work, 'wf');
    await mkdir(dir);
    await writeFile(
      join(dir, 'greet.json'),
      JSON.stringify({
        workflowId: 'greet',
        name: 'Greet',
        validatePayload: true,
        payloadSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
        steps: [step],
      }),
    );
    const server = await startSvcMock(svcMock, ['--quiet', '--workflows', dir]);
    const svc = new Svc({
      secretKey: bannerKey(server.stdout(), 'Development'),
      baseUrl: server.url,
    });
    expect((await svc.workflows.retrieve('greet')).steps.map((s) => s.stepId)).toEqual(['hello']);
    expect((await svc.workflows.retrieve('welcome')).workflowId).toBe('welcome');
    await expect(
      svc.events.trigger({ name: 'greet', to: 'demo-ada', payload: {} }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a bad workflow file, naming the file and field', async () => {
    const dir = join(work, 'wf');
    await mkdir(dir);
    await writeFile(
      join(dir, 'bad.json'),
      JSON.stringify({ workflowId: 'bad', name: 'B', steps: [{ ...step, name: 7 }] }),
    );
    const run = runSvcMock(svcMock, ['--port', '0', '--workflows', dir]);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain(`${join(dir, 'bad.json')}: steps.0.name: expected string`);
  });
});
