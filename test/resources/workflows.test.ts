// svc.workflows.* (docs/behaviour/workflows.md) through the real client against the engine, strict validation.
import { BadRequestError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const pad = (index: number) => String(index).padStart(2, '0');

const { engine, client } = useResourceMock({
  seed: {
    workflows: [
      ...Array.from({ length: 23 }, (_, index) => ({
        workflowId: `flow-${pad(index)}`,
        name: `Flow ${pad(index)}`,
        tags: index % 3 === 0 ? ['billing'] : ['onboarding'],
        createdAt: `2025-01-${pad(index + 1)}T00:00:00.000Z`,
        steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } }],
      })),
      {
        workflowId: 'welcome',
        name: 'Welcome Email',
        createdAt: '2025-03-01T00:00:00.000Z',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          { type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: '<p>Hi</p>' } },
          { type: 'sms', name: 'Text', controlValues: { body: 'hi' } },
        ],
      },
      {
        workflowId: 'external-one',
        name: 'External',
        origin: 'external',
        createdAt: '2024-01-01T00:00:00.000Z',
      },
    ],
  },
});

const prod = () => engine.environment('Production');

describe('workflows.list', () => {
  it('walks every workflow with for await over several offset pages, newest first', async () => {
    const ids: string[] = [];
    for await (const workflow of client().workflows.list({ limit: 10 }))
      ids.push(workflow.workflowId);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect(ids.slice(0, 3)).toEqual(['welcome', 'flow-22', 'flow-21']);
    expect(ids[ids.length - 1]).toBe('external-one');
    const pages = [];
    for await (const page of client().workflows.list({ limit: 10 }).pages()) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 5]);
    expect(pages.every((page) => page.totalCount === 25)).toBe(true);
  });

  it('filters by tags, query and status, counting before paging', async () => {
    const svc = client();
    const billing = await svc.workflows.list({ tags: ['billing'], limit: 2 });
    expect(billing.totalCount).toBe(8);
    const all = await svc.workflows.list({ tags: ['billing'], limit: 2 }).toArray({ limit: 100 });
    expect(all).toHaveLength(8);
    expect((await svc.workflows.list({ query: 'WELCOME' })).data.map((w) => w.workflowId)).toEqual([
      'welcome',
    ]);
    const errors = await svc.workflows.list({ status: ['ERROR'] });
    expect(errors.data.map((w) => w.workflowId)).toEqual(['welcome']);
    expect(errors.data[0]?.steps.find((step) => step.type === 'sms')?.issues).toBeDefined();
  });

  it('orders by name ascending', async () => {
    const page = await client().workflows.list({
      orderBy: 'name',
      orderDirection: 'ASC',
      limit: 3,
    });
    expect(page.data.map((w) => w.name)).toEqual(['External', 'Flow 00', 'Flow 01']);
  });

  it('rejects a limit below 1 in the client, before sending', async () => {
    const error = await rejection(client().workflows.list({ limit: 0 }));
    expect(error).toBeInstanceOf(SvcValidationError);
  });
});

describe('workflows.sync', () => {
  it('copies a workflow to Production and answers the target workflow', async () => {
    const synced = await client().workflows.sync('welcome', { targetEnvironmentId: prod()._id });
    expect(synced).toMatchObject({
      workflowId: 'welcome',
      name: 'Welcome Email',
      origin: 'svc-cloud',
      issues: {},
      updatedBy: null,
      lastPublishedBy: null,
    });
    expect(synced.steps.map((step) => step.type)).toEqual(['in_app', 'email', 'sms']);
    const inProduction = await client('Production').workflows.list();
    expect(inProduction.data.map((w) => w._id)).toEqual([synced._id]);
    const again = await client().workflows.sync('welcome', { targetEnvironmentId: prod()._id });
    expect(again._id).toBe(synced._id);
  });

  it('finds the workflow by its slug and by its _id too', async () => {
    const [listed] = (await client().workflows.list({ query: 'welcome' })).data;
    if (!listed) throw new Error('welcome not listed');
    for (const id of [listed.slug, listed._id]) {
      const synced = await client().workflows.sync(id, { targetEnvironmentId: prod()._id });
      expect(synced.workflowId).toBe('welcome');
    }
  });

  it('answers the same environment with BadRequestError', async () => {
    const error = await rejection(
      client().workflows.sync('welcome', {
        targetEnvironmentId: engine.environment('Development')._id,
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe('Cannot sync workflow to the same environment');
  });

  it('answers an environment of another organization with NotFoundError', async () => {
    const other = engine.createOrganization({ name: 'Other' }).environments[0];
    const error = await rejection(
      client().workflows.sync('welcome', { targetEnvironmentId: other?._id ?? '' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe(`Environment ${other?._id} not found`);
  });

  it('answers an unknown workflow with NotFoundError', async () => {
    const error = await rejection(
      client().workflows.sync('ghost', { targetEnvironmentId: prod()._id }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Workflow cannot be found');
  });

  it('answers a workflow of another origin with BadRequestError', async () => {
    const error = await rejection(
      client().workflows.sync('external-one', { targetEnvironmentId: prod()._id }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      "Cannot sync workflow: origin 'external' is not allowed (must be one of: svc-cloud)",
    );
  });
});
