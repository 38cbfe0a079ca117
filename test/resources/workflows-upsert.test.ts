// svc.workflows.create and .update (docs/behaviour/workflows.md#create, #update) through the
// real client against the engine, strict validation: identifiers, steps, issues, status, and a
// created workflow running like a seeded one.
import { NotFoundError, SvcValidationError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const steps = [
  { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi {{payload.name}}' } },
  {
    type: 'email' as const,
    name: 'Email',
    controlValues: { subject: 'Welcome {{payload.name}}', body: 'Hello {{payload.name}}' },
  },
];

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    workflows: [{ workflowId: 'seeded', name: 'Seeded', steps }],
  },
});

describe('workflows.create', () => {
  it('answers the workflow as retrieve does: ids, steps with controls, ACTIVE, defaults', async () => {
    const created = await client().workflows.create({
      name: 'Welcome',
      workflowId: 'welcome',
      steps,
    });
    expect(created).toMatchObject({
      workflowId: 'welcome',
      name: 'Welcome',
      origin: 'svc-cloud',
      active: true,
      status: 'ACTIVE',
      tags: [],
      validatePayload: false,
      payloadSchema: null,
      severity: 'none',
      isTranslationEnabled: false,
    });
    expect(created.slug).toMatch(/^welcome_wf_[0-9A-Za-z]{16}$/);
    expect(created.steps.map((step) => [step.stepId, step.type])).toEqual([
      ['inbox', 'in_app'],
      ['email', 'email'],
    ]);
    expect(created.steps[1]?.controls.values).toEqual(steps[1]?.controlValues);
    expect(created.steps[1]?.controls.dataSchema).toMatchObject({ required: ['subject', 'body'] });
    expect(created.preferences).toMatchObject({ user: null, default: { all: { enabled: true } } });
    expect(await client().workflows.retrieve('welcome')).toEqual(created);
    const listed = (await client().workflows.list()).data.map((workflow) => workflow.workflowId);
    expect(listed).toContain('welcome');
  });

  it('runs exactly like a seeded workflow of the same shape', async () => {
    await client().workflows.create({ name: 'Created', workflowId: 'created', steps });
    const payload = { name: 'Ada' };
    const viaApi = await client().events.trigger({ name: 'created', to: 'ada', payload });
    const seeded = await client().events.trigger({ name: 'seeded', to: 'ada', payload });
    await engine.settle();
    const sent = (transactionId: string | undefined) =>
      engine.outbox
        .list()
        .filter((entry) => entry.transactionId === transactionId)
        .map(({ channel, subject, content }) => ({ channel, subject, content }));
    expect(sent(viaApi.transactionId)).toHaveLength(2);
    expect(sent(viaApi.transactionId)).toEqual(sent(seeded.transactionId));
    const activity = async (transactionId: string | undefined) => {
      const [notification] = (
        await client().notifications.list({ transactionId: transactionId ?? '' })
      ).data;
      return notification?.jobs?.map((job) => [job.type, job.status]);
    };
    expect(await activity(viaApi.transactionId)).toEqual(await activity(seeded.transactionId));
  });

  it('creates a second workflow with a workflowId in use under a suffixed one, keeping the first', async () => {
    await client().workflows.create({ name: 'Once', workflowId: 'once', steps: [] });
    const second = await client().workflows.create({ name: 'Once', workflowId: 'once', steps: [] });
    expect(second.workflowId).toMatch(/^once-[\w-]{8}$/);
    expect((await client().workflows.retrieve('once')).name).toBe('Once');
    // Another environment is another namespace.
    const production = await client('Production').workflows.create({
      name: 'Twice',
      workflowId: 'once',
      steps: [],
    });
    expect(production.workflowId).toBe('once');
  });

  it("refuses the service's name, description and tag limits with 422, creating nothing", async () => {
    const error = await rejection(
      client().workflows.create({
        name: 'n'.repeat(65),
        workflowId: 'limits',
        description: 'd'.repeat(257),
        tags: ['a', 'a', ''],
        steps: [],
      }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).body).toMatchObject({
      errors: {
        general: {
          messages: [
            'name must be shorter than or equal to 64 characters',
            'description must be shorter than or equal to 256 characters',
            "All tags's elements must be unique",
            'each value in tags must be longer than or equal to 1 and shorter than or equal to 64 characters',
          ],
        },
      },
    });
    expect(await rejection(client().workflows.retrieve('limits'))).toBeInstanceOf(NotFoundError);
  });

  it('refuses identifiers that are not slugs and empty names with 422, creating nothing', async () => {
    const error = await rejection(
      client().workflows.create({
        name: ' ',
        workflowId: 'not a slug',
        steps: [{ name: 'Inbox', type: 'in_app', stepId: 'bad id!' }],
      }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).body).toMatchObject({
      errors: {
        general: {
          messages: [
            'name should not be empty',
            'workflowId must be a valid slug format (letters, numbers, hyphens, dot and underscores only)',
            'steps.0.stepId must be a valid slug format (letters, numbers, hyphens, dot and underscores only)',
          ],
        },
      },
    });
    expect(await rejection(client().workflows.retrieve('not a slug'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('makes repeated step ids unique and keeps a stepId given', async () => {
    const created = await client().workflows.create({
      name: 'Twins',
      workflowId: 'twins',
      steps: [
        { name: 'Inbox', type: 'in_app', controlValues: { body: 'a' } },
        { name: 'Inbox', type: 'in_app', controlValues: { body: 'b' } },
        { name: 'Third', type: 'in_app', stepId: 'my-step', controlValues: { body: 'c' } },
      ],
    });
    const [first, second, third] = created.steps.map((step) => step.stepId);
    expect(first).toBe('inbox');
    expect(second).toMatch(/^inbox-[0-9A-Za-z_-]{8}$/);
    expect(third).toBe('my-step');
  });

  it('reports step issues and ERROR for missing values; INACTIVE when active is false', async () => {
    const broken = await client().workflows.create({
      name: 'Broken',
      workflowId: 'broken',
      steps: [{ name: 'Email', type: 'email' }],
    });
    expect(broken.status).toBe('ERROR');
    expect(broken.steps[0]?.issues?.controls).toMatchObject({
      subject: [{ issueType: 'MISSING_VALUE' }],
      body: [{ issueType: 'MISSING_VALUE' }],
    });
    const paused = await client().workflows.create({
      name: 'Paused',
      workflowId: 'paused',
      active: false,
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'x' } }],
    });
    expect(paused).toMatchObject({ active: false, status: 'INACTIVE' });
    const reply = await client().events.trigger({ name: 'paused', to: 'ada' });
    expect(reply.status).toBe('trigger_not_active');
  });

  it('stores payloadSchema and validatePayload, and triggers are validated against it', async () => {
    const created = await client().workflows.create({
      name: 'Typed',
      workflowId: 'typed',
      validatePayload: true,
      payloadSchema: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'Hi {{payload.name}}' } }],
    });
    expect(created.payloadExample).toEqual({ name: '{{payload.name}}' });
    const refused = await rejection(client().events.trigger({ name: 'typed', to: 'ada' }));
    expect((refused as { status?: number }).status).toBe(400);
    const invalid = await rejection(
      client().workflows.create({
        name: 'Bad schema',
        workflowId: 'bad-schema',
        payloadSchema: { type: 'no-such-type' },
        steps: [],
      }),
    );
    expect((invalid as UnprocessableEntityError).body).toMatchObject({
      errors: { general: { messages: ['payloadSchema must be a valid JSON schema'] } },
    });
  });
});

describe('workflows.update', () => {
  it('changes steps matched by _id, adds new ones, removes the ones left out', async () => {
    const created = await client().workflows.create({
      name: 'Digest',
      workflowId: 'digest-flow',
      tags: ['keep'],
      steps: [
        { name: 'Inbox', type: 'in_app', controlValues: { body: 'one' } },
        { name: 'Chat', type: 'chat', controlValues: { body: 'two' } },
      ],
    });
    const [inbox] = created.steps;
    engine.clock.advance('1m');
    const updated = await client().workflows.update(created.slug, {
      name: 'Digest renamed',
      origin: 'svc-cloud',
      preferences: {},
      steps: [
        { _id: inbox?._id, name: 'Inbox', type: 'in_app' },
        { name: 'Sms', type: 'sms', controlValues: { body: 'three' } },
      ],
    });
    expect(updated.name).toBe('Digest renamed');
    expect(updated.workflowId).toBe('digest-flow');
    expect(updated.tags).toEqual(['keep']);
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    expect(updated.steps.map((step) => [step.stepId, step.type])).toEqual([
      ['inbox', 'in_app'],
      ['sms', 'sms'],
    ]);
    expect(updated.steps[0]?._id).toBe(inbox?._id);
    // Omitted controlValues keep the stored ones; null clears them.
    expect(updated.steps[0]?.controls.values).toEqual({ body: 'one' });
    const cleared = await client().workflows.update('digest-flow', {
      name: 'Digest renamed',
      origin: 'svc-cloud',
      preferences: {},
      steps: [{ _id: inbox?._id, name: 'Inbox', type: 'in_app', controlValues: null }],
    });
    expect(cleared.steps[0]?.controls.values).toEqual({});
    expect(cleared.steps[0]?.issues?.controls?.['body']?.[0]?.issueType).toBe('MISSING_VALUE');
    expect(cleared.status).toBe('ERROR');
  });

  it('matches a step by stepId when no _id is given; an omitted active means true', async () => {
    await client().workflows.create({
      name: 'Matched',
      workflowId: 'matched',
      active: false,
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'kept' } }],
    });
    const before = await client().workflows.retrieve('matched');
    const updated = await client().workflows.update('matched', {
      name: 'Matched',
      origin: 'svc-cloud',
      preferences: { workflow: { all: { enabled: false, readOnly: true }, channels: {} } },
      steps: [{ stepId: 'inbox', name: 'Inbox again', type: 'in_app' }],
    });
    expect(updated.steps[0]?._id).toBe(before.steps[0]?._id);
    expect(updated.steps[0]?.controls.values).toEqual({ body: 'kept' });
    expect(updated).toMatchObject({ active: true, status: 'ACTIVE' });
    expect(updated.preferences).toMatchObject({ default: { all: { enabled: false } } });
  });

  it('answers 404 for an unknown workflow; a body without steps never leaves the client', async () => {
    const missing = await rejection(
      client().workflows.update('missing', {
        name: 'x',
        origin: 'svc-cloud',
        preferences: {},
        steps: [],
      }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    // The client checks the body before sending it (the engine's 422 is tested with raw fetch).
    const invalid = await rejection(
      client().workflows.update('seeded', {
        name: 'x',
        origin: 'svc-cloud',
        preferences: {},
      } as never),
    );
    expect(invalid).toBeInstanceOf(SvcValidationError);
    expect((await client().workflows.retrieve('seeded')).name).toBe('Seeded');
  });

  it('runs the updated steps on the next trigger', async () => {
    const seeded = await client().workflows.retrieve('seeded');
    await client().workflows.update('seeded', {
      name: 'Seeded',
      origin: 'svc-cloud',
      preferences: {},
      steps: [
        {
          _id: seeded.steps[0]?._id,
          name: 'Inbox',
          type: 'in_app',
          controlValues: { body: 'New {{payload.name}}' },
        },
      ],
    });
    const { transactionId } = await client().events.trigger({
      name: 'seeded',
      to: 'ada',
      payload: { name: 'Ada' },
    });
    await engine.settle();
    const sent = engine.outbox.list().filter((entry) => entry.transactionId === transactionId);
    expect(sent.map((entry) => [entry.channel, entry.content])).toEqual([['in_app', 'New Ada']]);
  });
});
