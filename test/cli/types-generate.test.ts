// `svc types generate`: payload types from the workflows' schemas and the Register augmentation.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockServer, startMockServer } from '@svc/api/mock/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSvc } from '../../cli/run';

let server: MockServer;
let work: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'svc-types-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

async function svc(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runSvc(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {
      SVC_BASE_URL: server.url,
      SVC_SECRET_KEY: server.engine.environment('Development').apiKey,
    },
  });
  return { code, stdout, stderr };
}

const step = { stepId: 'note', name: 'Note', type: 'in_app', controlValues: { body: 'Hi' } };

describe('svc types generate', () => {
  it('writes a payload type per workflow, SvcWorkflows and the Register augmentation', async () => {
    const dir = join(work, 'wf');
    await svc(['workflows', 'pull', '--dir', dir]);
    await writeFile(
      join(dir, 'order-paid.json'),
      JSON.stringify({
        workflowId: 'order-paid',
        name: 'Order paid',
        payloadSchema: {
          type: 'object',
          properties: { orderId: { type: 'string' }, total: { type: 'number', title: 'Money' } },
          required: ['orderId'],
          additionalProperties: false,
        },
        steps: [step],
      }),
    );
    await writeFile(
      join(dir, 'no-schema.json'),
      JSON.stringify({ workflowId: 'no-schema', name: 'N', steps: [step] }),
    );
    const out = join(work, 'workflows.gen.ts');
    const run = await svc(['types', 'generate', '--dir', dir, '--out', out]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const text = await readFile(out, 'utf8');
    expect(text).toMatch(
      /export interface OrderPaidPayload \{\s*orderId: string;\s*total\?: number;\s*\}/,
    );
    expect(text).not.toContain('Money');
    expect(text).toContain('export type NoSchemaPayload = Record<string, unknown>;');
    expect(text).toContain('"order-paid": OrderPaidPayload;');
    expect(text).toContain(
      "declare module '@svc/api' {\n  interface Register {\n    workflows: SvcWorkflows;",
    );
  });

  it('reads the environment with --from-environment', async () => {
    const out = join(work, 'gen.ts');
    const run = await svc(['types', 'generate', '--from-environment', '--out', out]);
    expect(run.code).toBe(0);
    expect(await readFile(out, 'utf8')).toContain('"welcome": WelcomePayload;');
  });

  it('does not follow a $ref outside the schema', async () => {
    const dir = join(work, 'wf');
    await svc(['workflows', 'pull', '--dir', dir]);
    await writeFile(
      join(dir, 'sneaky.json'),
      JSON.stringify({
        workflowId: 'sneaky',
        name: 'Sneaky',
        payloadSchema: { type: 'object', properties: { secret: { $ref: '/etc/passwd' } } },
        steps: [step],
      }),
    );
    const out = join(work, 'gen.ts');
    const run = await svc(['types', 'generate', '--dir', dir, '--out', out]);
    const text = run.code === 0 ? await readFile(out, 'utf8') : run.stderr;
    expect(text).not.toContain('root:');
  });
});
