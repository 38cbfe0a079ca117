// `svc workflows pull/diff/push/promote` against svc-mock, started in-process (docs/workflows-as-code.md).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type MockServer, startMockServer } from '@svc/api/mock/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../cli/output';
import { runSvc } from '../../cli/run';

let server: MockServer;
let work: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());
beforeEach(async () => {
  server.engine.reset();
  work = await mkdtemp(join(tmpdir(), 'svc-cli-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function svc(environment: string, args: string[], tty = false): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text), isTTY: tty },
    stderr: { write: (text: string) => (stderr += text) },
    env: {
      SVC_BASE_URL: server.url,
      SVC_SECRET_KEY: server.engine.environment(environment).apiKey,
    },
  };
  const code = await runSvc(args, io);
  return { code, stdout, stderr };
}

async function readDir(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort())
    out[name] = await readFile(join(dir, name), 'utf8');
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests edit any field of a file's JSON.
type Json = any;

async function editFile(path: string, edit: (file: Json) => void): Promise<void> {
  const file = JSON.parse(await readFile(path, 'utf8'));
  edit(file);
  await writeFile(path, JSON.stringify(file, null, 2));
}

describe('svc workflows pull', () => {
  it('writes one canonical file per workflow, without server ids or timestamps', async () => {
    const dir = join(work, 'wf');
    const run = await svc('Development', ['workflows', 'pull', '--dir', dir]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const files = await readDir(dir);
    expect(Object.keys(files)).toEqual(
      server.engine
        .scope('Development')
        .data.workflows.map((workflow) => `${workflow.workflowId}.json`)
        .sort(),
    );
    const welcome = files['welcome.json'] ?? '';
    expect(welcome).not.toMatch(/"_id"|createdAt|updatedAt|"slug"/);
    expect(Object.keys(JSON.parse(welcome)).slice(0, 3)).toEqual(['$schema', 'workflowId', 'name']);
    // Relative to the directory, so an editor finds the package's schema from the project root.
    expect(JSON.parse(welcome).$schema).toBe(
      relative(dir, join(process.cwd(), 'node_modules/@svc/api/dist/workflow-file.schema.json')),
    );
  });

  it('a second pull of an unchanged environment rewrites nothing', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const before = await readDir(dir);
    const again = await svc('Development', ['workflows', 'pull', '--dir', dir, '--json']);
    const result = JSON.parse(again.stdout);
    expect(result.written).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(await readDir(dir)).toEqual(before);
  });
});

describe('svc workflows push', () => {
  it('pull → push to another environment → pull gives identical files', async () => {
    const dev = join(work, 'dev');
    const prod = join(work, 'prod');
    await svc('Development', ['workflows', 'pull', '--dir', dev]);
    const pushed = await svc('Production', ['workflows', 'push', '--dir', dev, '--prune']);
    expect(pushed).toMatchObject({ code: 0, stderr: '' });
    await svc('Production', ['workflows', 'pull', '--dir', prod]);
    expect(await readDir(prod)).toEqual(await readDir(dev));
  });

  it('is idempotent: a second push changes nothing', async () => {
    const dev = join(work, 'dev');
    await svc('Development', ['workflows', 'pull', '--dir', dev]);
    await svc('Production', ['workflows', 'push', '--dir', dev, '--prune']);
    const journal = server.engine.scope('Production').data.workflows.map((w) => w.updatedAt);
    const second = await svc('Production', [
      'workflows',
      'push',
      '--dir',
      dev,
      '--prune',
      '--json',
    ]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ changes: [], applied: [] });
    expect(server.engine.scope('Production').data.workflows.map((w) => w.updatedAt)).toEqual(
      journal,
    );
  });

  it('creates, updates and (with --prune only) deletes', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    await rm(join(dir, 'welcome.json'));
    await editFile(join(dir, 'trial-ending.json'), (file) => {
      file.name = 'Trial ends soon';
    });
    await writeFile(
      join(dir, 'brand-new.json'),
      JSON.stringify({
        workflowId: 'brand-new',
        name: 'Brand new',
        steps: [{ stepId: 'note', name: 'Note', type: 'in_app', controlValues: { body: 'Hi' } }],
      }),
    );
    const kept = await svc('Development', ['workflows', 'push', '--dir', dir]);
    expect(kept.code).toBe(0);
    const names = () =>
      server.engine.scope('Development').data.workflows.map((workflow) => workflow.workflowId);
    expect(names()).toContain('welcome');
    expect(names()).toContain('brand-new');
    expect(
      server.engine.scope('Development').data.workflows.find((w) => w.workflowId === 'trial-ending')
        ?.name,
    ).toBe('Trial ends soon');
    await svc('Development', ['workflows', 'push', '--dir', dir, '--prune']);
    expect(names()).not.toContain('welcome');
  });

  it('--dry-run prints the plan and changes nothing', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const run = await svc('Production', ['workflows', 'push', '--dir', dir, '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('+ create welcome');
    expect(server.engine.scope('Production').data.workflows.map((w) => w.workflowId)).not.toContain(
      'welcome',
    );
  });

  it('a bad file is named with its field, and nothing is pushed', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    await editFile(join(dir, 'welcome.json'), (file) => {
      file.name = 'Changed';
    });
    await editFile(join(dir, 'trial-ending.json'), (file) => {
      file.steps[0].controlValues = { amount: 'soon' };
      file.steps[0].type = 'delay';
    });
    const before = structuredClone(
      server.engine.scope('Development').data.workflows.map((w) => w.name),
    );
    const run = await svc('Development', ['workflows', 'push', '--dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(join(dir, 'trial-ending.json'));
    expect(run.stderr).toContain('steps.0.controlValues.amount: expected number');
    expect(server.engine.scope('Development').data.workflows.map((w) => w.name)).toEqual(before);
  });

  it('names the file of a JSON syntax error and of a duplicated workflowId', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    await writeFile(join(dir, 'broken.json'), '{ "workflowId": ');
    const broken = await svc('Development', ['workflows', 'diff', '--dir', dir]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${join(dir, 'broken.json')}: not valid JSON`);
    await rm(join(dir, 'broken.json'));
    await writeFile(join(dir, 'copy.json'), await readFile(join(dir, 'welcome.json'), 'utf8'));
    const twice = await svc('Development', ['workflows', 'diff', '--dir', dir]);
    expect(twice.stderr).toContain('workflowId "welcome" is also in');
  });

  it('stops at the first failure with the service error and what was applied', async () => {
    const dir = join(work, 'wf');
    const steps = [{ stepId: 'note', name: 'Note', type: 'in_app', controlValues: { body: 'Hi' } }];
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    for (const workflowId of ['aa-first', 'zz-last']) {
      await writeFile(
        join(dir, `${workflowId}.json`),
        JSON.stringify({ workflowId, name: workflowId, steps }),
      );
    }
    // A payload schema the service refuses, between the two.
    await writeFile(
      join(dir, 'mm-bad.json'),
      JSON.stringify({ workflowId: 'mm-bad', name: 'Bad', payloadSchema: { type: 12 }, steps }),
    );
    const run = await svc('Development', ['workflows', 'push', '--dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^svc-workflows: \+ create mm-bad failed: 422 Validation Error .*payloadSchema/,
    );
    expect(run.stderr).toContain('+ create aa-first');
    const ids = server.engine.scope('Development').data.workflows.map((w) => w.workflowId);
    expect(ids).toContain('aa-first');
    expect(ids).not.toContain('zz-last');
  });

  it('pushes the workflows a module exports', async () => {
    const module = join(work, 'workflows.mjs');
    await writeFile(
      module,
      `export const onboarding = { workflowId: 'onboarding', name: 'Onboarding', steps: [
        { stepId: 'wait', name: 'Wait', type: 'delay', controlValues: { amount: 1, unit: 'days' } } ] };
       export const notAWorkflow = 42;`,
    );
    const run = await svc('Production', ['workflows', 'push', '--dir', module]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const stored = server.engine
      .scope('Production')
      .data.workflows.find((w) => w.workflowId === 'onboarding');
    expect(stored?.steps[0]?.controlValues).toEqual({ amount: 1, unit: 'days' });
  });

  it('prints one progress line per workflow on a terminal, none when piped', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const count = (await readdir(dir)).length;
    const piped = await svc('Production', ['workflows', 'push', '--dir', dir]);
    expect(piped.stdout.trim().split('\n')).toEqual([`Applied ${count} change(s).`]);
    server.engine.reset();
    const tty = await svc('Production', ['workflows', 'push', '--dir', dir], true);
    expect(tty.stdout.trim().split('\n')).toHaveLength(count + 1);
    expect(tty.stdout).toContain('+ create welcome\n');
  });
});

describe('svc workflows diff', () => {
  async function pulled(): Promise<string> {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    return dir;
  }

  it('exits 0 without changes', async () => {
    const run = await svc('Development', ['workflows', 'diff', '--dir', await pulled()]);
    expect(run).toMatchObject({ code: 0, stdout: 'No changes.\n' });
  });

  it('shows an edited control value, a removed step and a renamed tag, and exits 1', async () => {
    const dir = await pulled();
    const path = join(dir, 'welcome.json');
    const original = JSON.parse(await readFile(path, 'utf8'));
    const [first, second] = original.steps;
    await editFile(path, (file) => {
      file.tags = file.tags.map((tag: string, index: number) =>
        index === 0 ? `${tag}-renamed` : tag,
      );
      file.steps = [{ ...first, controlValues: { ...first.controlValues, body: 'Edited body' } }];
    });
    const run = await svc('Development', ['workflows', 'diff', '--dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('~ update welcome');
    expect(run.stdout).toContain(`~ tags: ${JSON.stringify(original.tags)} → `);
    expect(run.stdout).toContain(`- steps.${second.stepId}`);
    expect(run.stdout).toContain(
      `~ steps.${first.stepId}.controlValues.body: ${JSON.stringify(first.controlValues.body)} → "Edited body"`,
    );
    const json = await svc('Development', ['workflows', 'diff', '--dir', dir, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).changes[0]).toMatchObject({
      action: 'update',
      workflowId: 'welcome',
    });
  });

  it('lists workflows only in the environment as kept, and as deletes with --prune', async () => {
    const dir = await pulled();
    await rm(join(dir, 'welcome.json'));
    const kept = await svc('Development', ['workflows', 'diff', '--dir', dir]);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('kept (--prune deletes them): welcome');
    const pruned = await svc('Development', ['workflows', 'diff', '--dir', dir, '--prune']);
    expect(pruned).toMatchObject({ code: 1 });
    expect(pruned.stdout).toContain('- delete welcome');
  });

  it('exits 2 on an error: no key, unknown command', async () => {
    const run = await runSvc(['workflows', 'diff'], {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
    });
    expect(run).toBe(2);
    expect((await svc('Development', ['workflows', 'frobnicate'])).stderr).toContain(
      'unknown command',
    );
  });
});

describe('svc workflows promote', () => {
  it('publishes the files’ workflows to the target by _id, through the diff and publish routes', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const production = server.engine.environment('Production')._id;
    const run = await svc('Development', [
      'workflows',
      'promote',
      '--to',
      production,
      '--dir',
      dir,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Promoted to Production (${production}):`);
    expect(run.stdout).toMatch(/ {2}created \S+/);
    const prod = join(work, 'prod');
    await svc('Production', ['workflows', 'pull', '--dir', prod]);
    expect(await readDir(prod)).toEqual(await readDir(dir));
  });

  it('takes the environment by name, and says when nothing changes', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const dryRun = await svc('Development', [
      'workflows',
      'promote',
      '--to',
      'production',
      '--dir',
      dir,
      '--dry-run',
    ]);
    expect(dryRun.stdout).toContain('Would promote to Production');
    expect(server.engine.scope('Production').data.workflows).toHaveLength(0);
    const first = await svc('Development', [
      'workflows',
      'promote',
      '--to',
      'Production',
      '--dir',
      dir,
    ]);
    expect(first.code).toBe(0);
    const again = await svc('Development', [
      'workflows',
      'promote',
      '--to',
      'Production',
      '--dir',
      dir,
    ]);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toMatch(
      /^Nothing to promote: Production already has the \d+ workflow\(s\) as Development has them\.\n$/,
    );
    const json = await svc('Development', [
      'workflows',
      'promote',
      '--to',
      'Production',
      '--dir',
      dir,
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      unchanged: true,
      changes: [],
      toName: 'Production',
    });
  });

  it('names the environments when --to matches none', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const run = await svc('Development', ['workflows', 'promote', '--to', 'Staging', '--dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'no environment named "Staging" (the organization\'s environments: Development, Production)',
    );
  });

  it('needs --to', async () => {
    const run = await svc('Development', ['workflows', 'promote']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--to <environment name or _id>');
  });
});

describe('workflow file errors', () => {
  it('name the file, the field and what is expected', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    const bad = (name: string, json: unknown) => writeFile(join(dir, name), JSON.stringify(json));
    const step = { stepId: 'a', name: 'A', type: 'in_app' };
    const cases: [unknown, string][] = [
      [
        { workflowId: 'x', name: 'X', steps: [{ ...step, type: 'fax' }] },
        'steps.0.type: expected one of "in_app"',
      ],
      [
        { workflowId: 'x', name: 'X', steps: [], colour: 'red' },
        '(the file): unknown field(s) colour',
      ],
      [{ workflowId: '../etc', name: 'X', steps: [] }, 'workflowId: letters and digits'],
      [
        { workflowId: 'x', name: 'X', steps: [], severity: 'urgent' },
        'severity: expected one of "high"',
      ],
    ];
    for (const [json, message] of cases) {
      await bad('bad.json', json);
      const run = await svc('Development', ['workflows', 'push', '--dir', dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${join(dir, 'bad.json')}: ${message}`);
    }
  });

  it('caps the size of a file', async () => {
    const dir = join(work, 'wf');
    await svc('Development', ['workflows', 'pull', '--dir', dir]);
    await writeFile(
      join(dir, 'huge.json'),
      `{"workflowId":"huge","name":"${'x'.repeat(1024 * 1024)}"}`,
    );
    const run = await svc('Development', ['workflows', 'diff', '--dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a workflow file may have at most 1048576');
  });
});

describe('a hostile environment', () => {
  it('cannot make pull write outside the directory', async () => {
    const evil = {
      _id: '64da692e9a94fb2e6449ad31',
      workflowId: '../../escaped',
      slug: 'x',
      name: 'Evil',
      steps: [],
      origin: 'svc-cloud',
      preferences: {},
      status: 'ACTIVE',
      severity: 'none',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      stepTypeOverviews: [],
    };
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const fakeFetch = (async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      return url.includes('/v2/workflows?') || url.endsWith('/v2/workflows')
        ? answer({ data: { workflows: [evil], totalCount: 1 } })
        : answer({ data: evil });
    }) as typeof fetch;
    let stderr = '';
    const dir = join(work, 'a', 'b', 'wf');
    const code = await runSvc(['workflows', 'pull', '--dir', dir], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: { SVC_SECRET_KEY: 'k', SVC_BASE_URL: 'https://svc.test' },
      fetch: fakeFetch,
    });
    expect(code).toBe(2);
    expect(stderr).toContain(
      'workflow "../../escaped" of the environment: workflowId: letters and digits',
    );
    expect(await readdir(work)).toEqual([]);
  });
});
