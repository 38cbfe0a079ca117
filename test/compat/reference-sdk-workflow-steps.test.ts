// The reference service's own SDK (@novu/api 3.19, strict response validation as it ships) runs
// every function of `workflows.steps` (retrieve, generatePreview) against the engine's handlers,
// for every step type a preview answers.

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    workflows: [
      {
        workflowId: 'every-step',
        name: 'Every step',
        payloadSchema: {
          type: 'object',
          properties: { orderId: { type: 'string', default: 'A-1' } },
        },
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 5, unit: 'minutes' },
          },
          { type: 'digest', name: 'Collect', controlValues: { amount: 1, unit: 'hours' } },
          {
            type: 'email',
            name: 'Mail',
            controlValues: {
              subject: '{{step.total_count}} orders',
              body: '<p>{{payload.orderId}}</p>',
            },
          },
          { type: 'sms', name: 'Text', controlValues: { body: 'Order {{payload.orderId}}' } },
          {
            type: 'push',
            name: 'Push',
            controlValues: { subject: 'Order', body: '{{payload.orderId}}' },
          },
          { type: 'chat', name: 'Chat', controlValues: { body: 'Order {{payload.orderId}}' } },
        ],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

describe('@novu/api workflows.steps against the engine', () => {
  it('retrieves a step by stepId and by _id', async () => {
    const step = await novu().workflows.steps.retrieve('every-step', 'inbox');
    expect(step.result).toMatchObject({
      stepId: 'inbox',
      type: 'in_app',
      workflowId: 'every-step',
    });
    const again = await novu().workflows.steps.retrieve('every-step', step.result.id);
    expect(again.result.stepId).toBe('inbox');
  });

  it('an unknown step is the 400 the SDK reads as an ErrorDto', async () => {
    await expect(novu().workflows.steps.retrieve('every-step', 'nope')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it.each([
    ['inbox', 'in_app', { body: 'Hi Ada' }],
    ['wait', 'delay', { type: 'regular', amount: 5, unit: 'minutes' }],
    ['collect', 'digest', { amount: 1, unit: 'hours' }],
    ['mail', 'email', { subject: '3 orders', body: '<p>A-1</p>' }],
    ['text', 'sms', { body: 'Order A-1' }],
    ['push', 'push', { subject: 'Order', body: 'A-1' }],
    ['chat', 'chat', { body: 'Order A-1' }],
  ])('generates the preview of the %s step (%s)', async (stepId, type, preview) => {
    const { result } = await novu().workflows.steps.generatePreview({
      workflowId: 'every-step',
      stepId,
      generatePreviewRequestDto: {
        previewPayload: { subscriber: { firstName: 'Ada' }, payload: { orderId: 'A-1' } },
      },
    });
    expect(result.result).toEqual({ type, preview });
    expect(result.previewPayloadExample.subscriber?.firstName).toBe('Ada');
  });

  it('an unknown workflow previews empty, as the service answers', async () => {
    const { result } = await novu().workflows.steps.generatePreview({
      workflowId: 'nope',
      stepId: 'inbox',
      generatePreviewRequestDto: {},
    });
    expect(result.previewPayloadExample).toEqual({});
  });
});
