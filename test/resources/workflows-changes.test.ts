// svc.workflows.retrieve, .patch and .delete (docs/behaviour/workflows.md#retrieve, #patch,
// #delete) through the real client against the engine, strict validation.
import { NotFoundError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        tags: ['onboarding'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{payload.name}}' } }],
      },
      {
        workflowId: 'reminder',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 1, unit: 'hours' },
          },
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Reminder' } },
        ],
      },
    ],
  },
});

describe('workflows.retrieve', () => {
  it('finds a workflow by workflowId, slug and _id, the same one each time', async () => {
    const byId = await client().workflows.retrieve('welcome');
    expect(byId).toMatchObject({ workflowId: 'welcome', name: 'Welcome', status: 'ACTIVE' });
    expect(byId.steps[0]?.controls.values).toEqual({ body: 'Hi {{payload.name}}' });
    expect(await client().workflows.retrieve(byId.slug)).toEqual(byId);
    expect(await client().workflows.retrieve(byId._id)).toEqual(byId);
    const listed = (await client().workflows.list()).data.find((w) => w.workflowId === 'welcome');
    expect(listed?.slug).toBe(byId.slug);
  });

  it('answers 404 for an unknown workflow and for one of another environment', async () => {
    const error = await rejection(client().workflows.retrieve('missing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain('Workflow cannot be found');
    expect(await rejection(client('Production').workflows.retrieve('welcome'))).toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('workflows.patch', () => {
  it('changes the fields given; active sets the status, and a trigger follows', async () => {
    engine.clock.advance('1m');
    const paused = await client().workflows.patch('welcome', { active: false, tags: ['paused'] });
    expect(paused).toMatchObject({
      active: false,
      status: 'INACTIVE',
      tags: ['paused'],
      name: 'Welcome',
    });
    expect(paused.updatedAt).toBe(engine.clock.iso());
    const trigger = await client().events.trigger({ name: 'welcome', to: 'ada' });
    expect(trigger.status).toBe('trigger_not_active');
    const again = await client().workflows.patch('welcome', { active: true });
    expect(again.status).toBe('ACTIVE');
    expect((await client().events.trigger({ name: 'welcome', to: 'ada' })).status).toBe(
      'processed',
    );
  });

  it('sets the payload schema and validation the next trigger uses', async () => {
    await client().workflows.patch('welcome', {
      validatePayload: true,
      payloadSchema: {
        type: 'object',
        properties: { name: { type: 'string', default: 'there' } },
        required: [],
      },
    });
    await client().events.trigger({ name: 'welcome', to: 'ada' });
    expect(engine.outbox.last()?.content).toBe('Hi there');
    const retrieved = await client().workflows.retrieve('welcome');
    expect(retrieved.validatePayload).toBe(true);
    expect(retrieved.payloadExample).toEqual({ name: 'there' });
  });

  it('renames: the slug follows the name, the workflowId stays', async () => {
    const renamed = await client().workflows.patch('welcome', { name: 'Hello there' });
    expect(renamed.workflowId).toBe('welcome');
    expect(renamed.slug.startsWith('hello-there_wf_')).toBe(true);
  });

  it('answers 404 for an unknown workflow', async () => {
    expect(await rejection(client().workflows.patch('missing', { active: false }))).toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('workflows.delete', () => {
  it('deletes: retrieve answers 404, the list leaves it out, a trigger answers workflow_not_found', async () => {
    expect(await client().workflows.delete('welcome')).toBeUndefined();
    expect(await rejection(client().workflows.retrieve('welcome'))).toBeInstanceOf(NotFoundError);
    const { data } = await client().workflows.list();
    expect(data.map((workflow) => workflow.workflowId)).toEqual(['reminder']);
    const error = await rejection(client().events.trigger({ name: 'welcome', to: 'ada' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(await rejection(client().workflows.delete('welcome'))).toBeInstanceOf(NotFoundError);
  });

  it('deletes by slug; a run waiting on the clock cancels its remaining steps', async () => {
    const { transactionId } = await client().events.trigger({ name: 'reminder', to: 'ada' });
    const { slug } = await client().workflows.retrieve('reminder');
    await client().workflows.delete(slug);
    engine.clock.advance('1h');
    expect(engine.outbox.count()).toBe(0);
    const [notification] = (await client().notifications.list({ transactionId })).data;
    expect(notification?.jobs?.map((job) => job.status)).toEqual(['completed', 'canceled']);
  });

  it('does not reach another environment', async () => {
    expect(await rejection(client('Production').workflows.delete('welcome'))).toBeInstanceOf(
      NotFoundError,
    );
    expect((await client().workflows.retrieve('welcome')).workflowId).toBe('welcome');
  });
});
