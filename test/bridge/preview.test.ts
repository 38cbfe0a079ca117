// The step preview of a code-first workflow asks the app's bridge (action=preview), as the service
// does, and answers its outputs; a bridge that fails leaves the service's empty preview.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { type CodeFirstSetup, codeFirst } from './helpers';

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const order = workflow(
  'order',
  async ({ step, payload, subscriber }) => {
    await step.inApp('inbox', async () => ({
      body: `Hi ${subscriber.firstName}: ${payload.item}`,
    }));
    await step.email(
      'mail',
      async (controls) => ({
        subject: `${controls.prefix} ${payload.item}`,
        body: `<p>${payload.item} for ${subscriber.firstName}</p>`,
      }),
      { controlSchema: z.object({ prefix: z.string().default('[Order]') }) },
    );
  },
  { payloadSchema: z.object({ item: z.string() }) },
);

describe('bridge preview', () => {
  it('renders a step through the bridge with the preview variables, signed, storing nothing', async () => {
    setup = await codeFirst([order]);
    const { svc, bridge, server } = setup;
    const preview = await svc.workflows.steps.generatePreview('order', 'mail', {
      controlValues: { prefix: '[Shop]' },
      previewPayload: { subscriber: { firstName: 'Ada' }, payload: { item: 'Lamp' } },
    });
    expect(preview.result).toEqual({
      type: 'email',
      preview: { subject: '[Shop] Lamp', body: '<p>Lamp for Ada</p>' },
    });
    expect(preview.previewPayloadExample.payload).toEqual({ item: 'Lamp' });
    expect(preview.schema?.['properties']).toHaveProperty('payload');
    const call = bridge.received.find((request) => request.action === 'preview');
    expect(call).toMatchObject({
      method: 'POST',
      workflowId: 'order',
      stepId: 'mail',
      status: 200,
      body: {
        action: 'preview',
        controls: { prefix: '[Shop]' },
        payload: { item: 'Lamp' },
        subscriber: expect.objectContaining({ firstName: 'Ada' }),
        state: [expect.objectContaining({ stepId: 'inbox', state: { status: 'completed' } })],
      },
    });
    expect(call?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(server.engine.outbox.count()).toBe(0);
    expect(server.engine.scope('Development').data.notifications).toHaveLength(0);
  });

  it('retrieves a code-first step over HTTP, with its origin', async () => {
    setup = await codeFirst([order]);
    const step = await setup.svc.workflows.steps.retrieve('order', 'mail');
    expect(step).toMatchObject({ stepId: 'mail', type: 'email', origin: 'external' });
  });

  it('without a given payload, the payload schema example is what the bridge renders', async () => {
    setup = await codeFirst([order]);
    const preview = await setup.svc.workflows.steps.generatePreview('order', 'inbox', {});
    expect(preview.result).toEqual({
      type: 'in_app',
      preview: { body: 'Hi John: {{payload.item}}' },
    });
  });

  it('a bridge that is down answers the empty preview, after one attempt', async () => {
    setup = await codeFirst([order]);
    setup.bridge.down(500);
    const before = setup.bridge.received.length;
    const preview = await setup.svc.workflows.steps.generatePreview('order', 'mail', {});
    expect(preview).toEqual({ result: { preview: {} }, previewPayloadExample: {}, schema: null });
    expect(setup.bridge.received.length - before).toBe(1);
  });
});
