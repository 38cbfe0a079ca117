// One default for workflows with a payload schema and no validatePayload: a JSON file reads as
// defineWorkflow builds (validatePayload: true), and an explicit false is kept (issue 36 item 9).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineWorkflow } from '@svc/api/workflows';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readWorkflowDir } from '../../cli/workflow-dir';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-payload-default-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const steps = [{ stepId: 'hello', name: 'Hello', type: 'in_app', controlValues: { body: 'Hi' } }];
const payloadSchema = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};

describe('validatePayload with a payloadSchema and no validatePayload', () => {
  it('is true for a JSON file, as defineWorkflow makes it', async () => {
    await writeFile(
      join(dir, 'greet.json'),
      JSON.stringify({ workflowId: 'greet', name: 'Greet', payloadSchema, steps }),
    );
    const [loaded] = await readWorkflowDir(dir);
    expect(loaded?.file.validatePayload).toBe(true);
    const defined = defineWorkflow({
      workflowId: 'greet',
      name: 'Greet',
      payloadSchema: z.object({ name: z.string() }),
      steps: [{ stepId: 'hello', name: 'Hello', type: 'in_app', controlValues: { body: 'Hi' } }],
    });
    expect(defined.validatePayload).toBe(loaded?.file.validatePayload);
  });

  it('stays false when the file says false, and absent without a schema', async () => {
    await writeFile(
      join(dir, 'a.json'),
      JSON.stringify({ workflowId: 'a', name: 'A', payloadSchema, validatePayload: false, steps }),
    );
    await writeFile(join(dir, 'b.json'), JSON.stringify({ workflowId: 'b', name: 'B', steps }));
    const loaded = await readWorkflowDir(dir);
    expect(loaded.map(({ file }) => file.validatePayload)).toEqual([false, undefined]);
  });
});
