// svc.subscribers.create / delete / createBulk, credentials.update / delete and preferences
// (docs/behaviour/subscribers.md) through the real client against the engine, strict validation.
import { NotFoundError, SvcValidationError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    integrations: [
      { providerId: 'fcm', channel: 'push', active: true },
      { providerId: 'sendgrid', channel: 'email', active: true, primary: true },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } },
          { type: 'email', name: 'Email', controlValues: { subject: 'Hi', body: 'Hello' } },
        ],
      },
    ],
  },
});

describe('subscriber lifecycle through the client', () => {
  it('create, retrieve, delete', async () => {
    const svc = client();
    const created = await svc.subscribers.create({ subscriberId: 'grace', firstName: 'Grace' });
    expect(created).toMatchObject({ subscriberId: 'grace', firstName: 'Grace', data: {} });
    expect(await svc.subscribers.delete('grace')).toEqual({
      acknowledged: true,
      status: 'deleted',
    });
    expect(await rejection(svc.subscribers.retrieve('grace'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(svc.subscribers.delete('grace'))).toBeInstanceOf(NotFoundError);
  });

  it('createBulk reports created and updated, and checks the 500 limit before sending', async () => {
    const svc = client();
    const result = await svc.subscribers.createBulk({
      subscribers: [{ subscriberId: 'ada', lastName: 'Lovelace' }, { subscriberId: 'bob' }],
    });
    expect(result).toEqual({
      updated: [{ subscriberId: 'ada' }],
      created: [{ subscriberId: 'bob' }],
      failed: [],
    });
    const many = Array.from({ length: 501 }, (_, index) => ({ subscriberId: `s-${index}` }));
    expect(await rejection(svc.subscribers.createBulk({ subscribers: many }))).toBeInstanceOf(
      SvcValidationError,
    );
  });

  it('credentials.update and credentials.delete', async () => {
    const svc = client();
    const updated = await svc.subscribers.credentials.update('ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['t1'] },
    });
    expect(updated.channels?.[0]?.credentials.deviceTokens).toEqual(['t1']);
    expect(await svc.subscribers.credentials.delete('ada', 'fcm')).toBeUndefined();
    expect((await svc.subscribers.retrieve('ada')).channels).toEqual([]);
  });

  it('preferences.update turns email off, and the next trigger delivers in-app only', async () => {
    const svc = client();
    const preferences = await svc.subscribers.preferences.update('ada', {
      workflowId: 'welcome',
      channels: { email: false },
    });
    expect(preferences.workflows[0]?.channels).toEqual({ email: false, in_app: true });
    await svc.events.trigger({ name: 'welcome', to: 'ada' });
    expect(engine.outbox.list().map((message) => message.channel)).toEqual(['in_app']);
    const listed = await svc.subscribers.preferences.list('ada', { criticality: 'all' });
    expect(listed.workflows.map((item) => item.workflow.identifier)).toEqual(['welcome']);
    const error = await rejection(
      svc.subscribers.preferences.update('ada', { channels: { email: false }, workflowId: 'nope' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(
      await rejection(svc.subscribers.create({ subscriberId: 'x', email: 'not-an-email' })),
    ).toBeInstanceOf(UnprocessableEntityError);
  });

  it('preferences.bulkUpdate turns email off for a workflow, and refuses an unknown one with 404', async () => {
    const svc = client();
    const updated = await svc.subscribers.preferences.bulkUpdate('ada', {
      preferences: [{ workflowId: 'welcome', channels: { email: false } }],
    });
    expect(updated).toMatchObject([
      {
        level: 'template',
        channels: { email: false, in_app: true },
        workflow: { identifier: 'welcome' },
      },
    ]);
    await svc.events.trigger({ name: 'welcome', to: 'ada' });
    expect(engine.outbox.list().map((message) => message.channel)).toEqual(['in_app']);
    const error = await rejection(
      svc.subscribers.preferences.bulkUpdate('ada', {
        preferences: [{ workflowId: 'nope', channels: { email: false } }],
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Workflows with ids: nope not found');
  });
});
