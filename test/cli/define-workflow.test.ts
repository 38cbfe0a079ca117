// defineWorkflow: a workflow in TypeScript that seeds mock mode, pushes as a file, and types its
// payload from zod (docs/workflows-as-code.md#defineworkflow).
import { setupSvcMock } from '@svc/api/mock/node';
import { defineWorkflow, WorkflowFile } from '@svc/api/workflows';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const welcome = defineWorkflow({
  workflowId: 'welcome',
  payloadSchema: z.object({ plan: z.enum(['free', 'pro']), seats: z.number().optional() }),
  steps: [
    { type: 'in_app', name: 'Say hello', controlValues: { body: 'Welcome to {{payload.plan}}' } },
    { type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'days' } },
  ],
});

const misspelled = defineWorkflow({
  workflowId: 'misspelled',
  steps: [
    { type: 'in_app', name: 'Hello', controlValues: { body: 'Hi' } },
    // @ts-expect-error `ammount` is not a delay control
    { type: 'delay', name: 'Wait', controlValues: { ammount: 30, unit: 'minutes' } },
  ],
});

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [welcome, misspelled],
  },
});

describe('defineWorkflow', () => {
  it('is a workflow file: stepIds from the names, the JSON Schema of the zod payload schema', () => {
    expect(WorkflowFile.safeParse(welcome).success).toBe(true);
    expect(welcome.steps.map((step) => step.stepId)).toEqual(['say-hello', 'wait']);
    expect(welcome).toMatchObject({ name: 'welcome', validatePayload: true });
    expect(welcome.payloadSchema).toEqual({
      type: 'object',
      properties: {
        plan: { type: 'string', enum: ['free', 'pro'] },
        seats: { type: 'number' },
      },
      required: ['plan'],
    });
  });

  it('infers the payload type from the zod schema', () => {
    expectTypeOf(welcome['~payload']).toEqualTypeOf<
      { plan: 'free' | 'pro'; seats?: number | undefined } | undefined
    >();
    expectTypeOf(welcome.workflowId).toEqualTypeOf<'welcome'>();
  });

  it('refuses two steps with one stepId', () => {
    expect(() =>
      defineWorkflow({
        workflowId: 'twice',
        steps: [
          { type: 'sms', name: 'Text', controlValues: { body: 'a' } },
          { type: 'sms', name: 'text', controlValues: { body: 'b' } },
        ],
      }),
    ).toThrow('defineWorkflow "twice": two steps have the stepId "text"');
  });

  it('seeds mock mode, where a payload breaking the schema is refused as the service refuses it', async () => {
    const svc = mock.client();
    const result = await svc.events.trigger({
      name: 'welcome',
      to: 'ada',
      payload: { plan: 'pro' },
    });
    expect(result.status).toBe('processed');
    await expect(
      svc.events.trigger({ name: 'welcome', to: 'ada', payload: { plan: 'enterprise' } }),
    ).rejects.toMatchObject({
      status: 400,
      body: expect.objectContaining({ type: 'PAYLOAD_VALIDATION_ERROR' }),
    });
  });

  it('a misspelled control answers the service step issues and the workflow status ERROR', async () => {
    const workflow = await mock.client().workflows.retrieve('misspelled');
    expect(workflow.status).toBe('ERROR');
    expect(workflow.steps[1]?.issues?.controls).toEqual({
      amount: [{ issueType: 'MISSING_VALUE', message: 'Amount is required' }],
      ammount: [
        {
          issueType: 'MISSING_VALUE',
          variableName: 'ammount',
          message: 'must NOT have additional properties',
        },
      ],
    });
    expect((await mock.client().workflows.retrieve('welcome')).status).toBe('ACTIVE');
  });

  it('a created workflow answers the same issues', async () => {
    const created = await mock.client().workflows.create({
      workflowId: 'created',
      name: 'Created',
      // @ts-expect-error `ammount` is not a delay control
      steps: [{ type: 'delay', name: 'Wait', controlValues: { ammount: 30, unit: 'minutes' } }],
    });
    expect(Object.keys(created.steps[0]?.issues?.controls ?? {})).toEqual(['amount', 'ammount']);
  });

  it('a control value of the wrong type answers a step issue naming the control', async () => {
    mock.engine.seed({
      workflows: [
        {
          workflowId: 'bad',
          steps: [
            // @ts-expect-error amount is a number
            { type: 'delay', name: 'Wait', controlValues: { amount: 'soon', unit: 'minutes' } },
          ],
        },
      ],
    });
    const workflow = await mock.client().workflows.retrieve('bad');
    expect(workflow.steps[0]?.issues?.controls).toEqual({
      amount: [{ issueType: 'MISSING_VALUE', variableName: 'amount', message: 'must be number' }],
    });
  });
});
