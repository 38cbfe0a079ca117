// svc.workflows.steps.* (docs/behaviour/workflows.md#step-data, #preview) through the real client
// against the engine, strict validation: every answer parses with the client's schemas.
import { BadRequestError, NotFoundError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock();

async function createWelcome(svc: ReturnType<typeof client>) {
  return svc.workflows.create({
    workflowId: 'welcome',
    name: 'Welcome',
    steps: [
      {
        name: 'Inbox',
        type: 'in_app',
        controlValues: {
          subject: '{{subscriber.firstName}} Hello',
          body: 'Order {{payload.order.id}} for {{ payload.order.total | plus: 1 }}',
          primaryAction: {
            label: '{{payload.cta}}',
            redirect: { url: '/orders', target: '_self' },
          },
        },
      },
      { name: 'Wait', type: 'digest', controlValues: { amount: 1, unit: 'hours' } },
      {
        name: 'Email',
        type: 'email',
        controlValues: {
          subject: 'You have {{step.total_count}} updates',
          body: '<p>Hi {{subscriber.firstName}}, {{payload.order.id}}</p>',
        },
      },
    ],
  });
}

describe('svc.workflows.steps', () => {
  it('retrieve answers a step by stepId or _id, as the workflow carries it', async () => {
    const svc = client();
    const workflow = await createWelcome(svc);
    const [inbox] = workflow.steps;
    const byStepId = await svc.workflows.steps.retrieve('welcome', 'inbox');
    expect(byStepId).toEqual(inbox);
    expect(await svc.workflows.steps.retrieve(workflow._id, inbox?._id ?? '')).toEqual(inbox);
  });

  it('retrieve: an unknown workflow is a 404, an unknown step the 400 No step found', async () => {
    const svc = client();
    await createWelcome(svc);
    const missingWorkflow = await rejection(svc.workflows.steps.retrieve('nope', 'inbox'));
    expect(missingWorkflow).toBeInstanceOf(NotFoundError);
    expect((missingWorkflow as NotFoundError).message).toContain('Workflow cannot be found');
    const missingStep = await rejection(svc.workflows.steps.retrieve('welcome', 'nope'));
    expect(missingStep).toBeInstanceOf(BadRequestError);
    expect((missingStep as BadRequestError).message).toContain('No step found');
    expect(
      await rejection(client('Production').workflows.steps.retrieve('welcome', 'inbox')),
    ).toBeInstanceOf(NotFoundError);
  });

  it('preview renders the stored controls with made-up variables named after their paths', async () => {
    const svc = client();
    await createWelcome(svc);
    const preview = await svc.workflows.steps.generatePreview('welcome', 'inbox', {});
    expect(preview.result).toEqual({
      type: 'in_app',
      preview: {
        subject: 'John Hello',
        body: 'Order id for 1',
        primaryAction: { label: 'cta', redirect: { url: '/orders', target: '_self' } },
      },
    });
    expect(preview.previewPayloadExample).toEqual({
      payload: { order: { id: 'id', total: 'total' }, cta: 'cta' },
      subscriber: {
        firstName: 'John',
        lastName: 'Doe',
        email: 'user@example.com',
        phone: '+1234567890',
        avatar: 'https://example.com/avatar.png',
        locale: 'en_US',
        timezone: 'America/New_York',
        data: {},
      },
      steps: {},
    });
    expect(preview.schema).toBeNull();
  });

  it('preview: given values win, control values replace the stored ones, nothing is stored', async () => {
    const svc = client();
    await createWelcome(svc);
    const before = JSON.stringify(engine.scope('Development').data.workflows);
    const preview = await svc.workflows.steps.generatePreview('welcome', 'inbox', {
      controlValues: { body: 'Hi {{subscriber.firstName}} {{payload.name}}' },
      previewPayload: { subscriber: { firstName: 'Ada' }, payload: { name: 'Lovelace', extra: 1 } },
    });
    expect(preview.result.preview).toEqual({ body: 'Hi Ada Lovelace' });
    expect(preview.previewPayloadExample.payload).toEqual({ name: 'Lovelace', extra: 1 });
    expect(preview.previewPayloadExample.subscriber?.['firstName']).toBe('Ada');
    expect(JSON.stringify(engine.scope('Development').data.workflows)).toBe(before);
    expect(engine.outbox.count()).toBe(0);
  });

  it('preview of an email after a digest: the HTML a run sends, with example digest events', async () => {
    const svc = client();
    await createWelcome(svc);
    const preview = await svc.workflows.steps.generatePreview('welcome', 'email', {
      previewPayload: { subscriber: { firstName: 'Ada' } },
    });
    expect(preview.result).toEqual({
      type: 'email',
      preview: { subject: 'You have 3 updates', body: '<p>Hi Ada, id</p>' },
    });
    const wait = preview.previewPayloadExample.steps?.['wait'] as { events: unknown[] } | undefined;
    const events = wait?.events ?? [];
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ id: 'example-id-1', payload: {} });
  });

  it('preview of an unknown workflow or step is an empty 201, as the service answers', async () => {
    const svc = client();
    await createWelcome(svc);
    const empty = { result: { preview: {} }, previewPayloadExample: {}, schema: null };
    expect(await svc.workflows.steps.generatePreview('nope', 'inbox', {})).toEqual(empty);
    expect(await svc.workflows.steps.generatePreview('welcome', 'nope', {})).toEqual(empty);
  });

  it('preview of a template that cannot render says which control, in result.error', async () => {
    const svc = client();
    await createWelcome(svc);
    const preview = await svc.workflows.steps.generatePreview('welcome', 'inbox', {
      controlValues: { body: 'Hi {{ subscriber.firstName' },
    });
    expect(preview.result.type).toBe('in_app');
    expect(preview.result.preview).toEqual({});
    expect(preview.result.error?.title).toBe('Template error');
    expect(preview.result.error?.message).toMatch(/^body: /);
  });
});
