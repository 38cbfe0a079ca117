// The reference service's own SDK (@novu/api, strict response validation as it ships) runs every
// one of the 14 operations, and the ones beyond them, against the engine's handlers: a user porting code that uses it gets
// answers the SDK accepts.
// one of the 14 operations, and the 15 beyond them (subscriber lifecycle, preferences, topics),
// against the engine's handlers: a user porting code that uses it gets answers the SDK accepts.

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    topics: [{ key: 'news', name: 'News', subscribers: ['ada'] }],
    integrations: [
      { providerId: 'slack', channel: 'chat', active: true, identifier: 'slack-main' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
        ],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

describe('@novu/api against the engine', () => {
  it('triggers, lists and retrieves notifications', async () => {
    const triggered = await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
    expect(triggered.result.status).toBe('processed');
    const list = await novu().notifications.list({ transactionId: triggered.result.transactionId });
    expect(list.result.data).toHaveLength(1);
    const id = list.result.data[0]?.id ?? '';
    const one = await novu().notifications.retrieve(id);
    expect(one.result.transactionId).toBe(triggered.result.transactionId);
  });

  it('retrieves, searches, patches and lists subscriptions of subscribers', async () => {
    const ada = await novu().subscribers.retrieve('ada');
    expect(ada.result.subscriberId).toBe('ada');
    const found = await novu().subscribers.search({ email: 'ada@' });
    expect(found.result.data.map((s) => s.subscriberId)).toEqual(['ada']);
    const patched = await novu().subscribers.patch({ lastName: 'Lovelace' }, 'ada');
    expect(patched.result.lastName).toBe('Lovelace');
    const topics = await novu().subscribers.topics.list({ subscriberId: 'ada' });
    expect(topics.result.data.map((entry) => entry.topic.key)).toEqual(['news']);
  });

  it('appends credentials and marks messages', async () => {
    const updated = await novu().subscribers.credentials.append(
      { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/ada' } },
      'ada',
    );
    expect(updated.result.subscriberId).toBe('ada');
    await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
    const messageId = engine.outbox.last({ channel: 'in_app' })?.messageId ?? '';
    const marked = await novu().subscribers.messages.markAllAs(
      { messageId, markAs: 'read' },
      'ada',
    );
    expect(marked.result.map((message) => message.read)).toEqual([true]);
  });

  it('creates, lists and sets a primary integration', async () => {
    const created = await novu().integrations.create({
      providerId: 'sendgrid',
      channel: 'email',
      credentials: { apiKey: 'SG.x' },
    });
    expect(created.result.providerId).toBe('sendgrid');
    const listed = await novu().integrations.list();
    expect(listed.result.map((integration) => integration.providerId)).toContain('sendgrid');
    const primary = await novu().integrations.setAsPrimary(created.result.id ?? '');
    expect(primary.result.primary).toBe(true);
    const active = await novu().integrations.listActive();
    // Its IntegrationResponseDto has no `selected`: the SDK drops it and parses the rest.
    expect(active.result.map((integration) => integration.providerId)).toContain('sendgrid');
  });

  it('lists and syncs workflows', async () => {
    const listed = await novu().workflows.list({ limit: 100 });
    expect(listed.result.workflows.map((workflow) => workflow.workflowId)).toEqual(['welcome']);
    const synced = await novu().workflows.sync(
      { targetEnvironmentId: engine.environment('Production')._id },
      'welcome',
    );
    expect(synced.result.workflowId).toBe('welcome');
  });

  // Beyond the interface, part 2.
  it('triggers in bulk and broadcasts, then cancels', async () => {
    const bulk = await novu().triggerBulk({
      events: [
        { workflowId: 'welcome', to: 'ada', payload: {} },
        { workflowId: 'missing', to: 'ada', payload: {} },
      ],
    });
    expect(bulk.result.map((result) => result.status)).toEqual(['processed', 'error']);
    const broadcast = await novu().triggerBroadcast({ name: 'welcome', payload: {} });
    expect(broadcast.result.status).toBe('processed');
    const canceled = await novu().cancel(broadcast.result.transactionId ?? '');
    expect(canceled.result).toBe(false);
  });

  it('retrieves, patches and deletes a workflow', async () => {
    const found = await novu().workflows.get('welcome');
    expect(found.result.workflowId).toBe('welcome');
    const patched = await novu().workflows.patch({ active: false }, 'welcome');
    expect(patched.result.status).toBe('INACTIVE');
    await novu().workflows.delete(found.result.slug);
    const listed = await novu().workflows.list({ limit: 100 });
    expect(listed.result.totalCount).toBe(0);
  });

  it('creates a workflow, triggers it, and updates its steps', async () => {
    // The reference SDK fills in `active: false` (the published default), so the body says true.
    const created = await novu().workflows.create({
      name: 'Created',
      workflowId: 'created',
      active: true,
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'Hi' } }],
    });
    expect(created.result.workflowId).toBe('created');
    expect(created.result.steps[0]?.stepId).toBe('inbox');
    const triggered = await novu().trigger({ workflowId: 'created', to: 'ada', payload: {} });
    expect(triggered.result.status).toBe('processed');
    const updated = await novu().workflows.update(
      {
        name: 'Created',
        active: true,
        origin: 'novu-cloud',
        preferences: {},
        steps: [
          { id: created.result.steps[0]?.id, name: 'Inbox', type: 'in_app' },
          { name: 'Chat', type: 'chat', controlValues: { body: 'Hello' } },
        ],
      },
      'created',
    );
    expect(updated.result.steps.map((step) => step.stepId)).toEqual(['inbox', 'chat']);
    // The step matched by its id keeps its values; the SDK filled in the in-app default on create.
    expect(updated.result.steps[0]?.id).toBe(created.result.steps[0]?.id);
    expect(updated.result.steps[0]?.controls.values).toEqual({
      body: 'Hi',
      disableOutputSanitization: false,
    });
  });

  it('lists messages and deletes them', async () => {
    const { result } = await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
    const listed = await novu().messages.retrieve({ transactionId: [result.transactionId ?? ''] });
    expect(listed.result.data.map((message) => message.channel)).toEqual(['in_app']);
    const deleted = await novu().messages.delete(listed.result.data[0]?.id ?? '');
    expect(deleted.result.status).toBe('deleted');
    await novu().trigger({
      workflowId: 'welcome',
      to: 'ada',
      payload: {},
      transactionId: 'second',
    });
    await novu().messages.deleteByTransactionId('second');
    const left = await novu().messages.retrieve({});
    expect(left.result.data).toEqual([]);
  });

  it('creates, bulk-creates and deletes subscribers', async () => {
    const created = await novu().subscribers.create({ subscriberId: 'grace', firstName: 'Grace' });
    expect(created.result.subscriberId).toBe('grace');
    const bulk = await novu().subscribers.createBulk({
      subscribers: [{ subscriberId: 'grace', lastName: 'Hopper' }, { subscriberId: 'linus' }],
    });
    expect(bulk.result.created.map((item) => item.subscriberId)).toEqual(['linus']);
    expect(bulk.result.updated.map((item) => item.subscriberId)).toEqual(['grace']);
    const deleted = await novu().subscribers.delete('linus');
    expect(deleted.result).toEqual({ acknowledged: true, status: 'deleted' });
  });

  it('updates and deletes credentials', async () => {
    const updated = await novu().subscribers.credentials.update(
      { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/ada' } },
      'ada',
    );
    expect(updated.result.channels?.[0]?.providerId).toBe('slack');
    await novu().subscribers.credentials.delete('ada', 'slack');
    const ada = await novu().subscribers.retrieve('ada');
    expect(ada.result.channels ?? []).toEqual([]);
  });

  it('lists and updates preferences', async () => {
    const updated = await novu().subscribers.preferences.update(
      { workflowId: 'welcome', channels: { inApp: false } },
      'ada',
    );
    expect(updated.result.workflows[0]?.channels.inApp).toBe(false);
    const listed = await novu().subscribers.preferences.list({ subscriberId: 'ada' });
    expect(listed.result.global.channels.inApp).toBe(true);
    expect(listed.result.workflows[0]?.workflow.identifier).toBe('welcome');
  });

  it('bulk-updates preferences, the answer read by its own response schema', async () => {
    const updated = await novu().subscribers.preferences.bulkUpdate(
      { preferences: [{ workflowId: 'welcome', channels: { inApp: false } }] },
      'ada',
    );
    expect(updated.result).toHaveLength(1);
    expect(updated.result[0]?.level).toBe('template');
    expect(updated.result[0]?.workflow?.identifier).toBe('welcome');
    expect(updated.result[0]?.channels.inApp).toBe(false);
  });

  it('creates, lists, gets, updates and deletes topics and their subscriptions', async () => {
    const created = await novu().topics.create({ key: 'task:1', name: 'Task' });
    expect(created.result.key).toBe('task:1');
    const listed = await novu().topics.list({});
    expect(listed.result.data.map((topic) => topic.key).sort()).toEqual(['news', 'task:1']);
    expect((await novu().topics.get('news')).result.name).toBe('News');
    expect((await novu().topics.update({ name: 'Renamed' }, 'task:1')).result.name).toBe('Renamed');
    const subscribed = await novu().topics.subscriptions.create(
      { subscriptions: ['ada'] },
      'task:1',
    );
    expect(subscribed.result.meta.successful).toBe(1);
    const subscriptions = await novu().topics.subscriptions.list({ topicKey: 'task:1' });
    expect(subscriptions.result.data.map((item) => item.subscriber.subscriberId)).toEqual(['ada']);
    const removed = await novu().topics.subscriptions.delete({ subscriptions: ['ada'] }, 'task:1');
    expect(removed.result.meta.successful).toBe(1);
    expect((await novu().topics.delete('task:1')).result.acknowledged).toBe(true);
  });

  it('creates, lists, retrieves, updates and deletes contexts', async () => {
    const created = await novu().contexts.create({
      type: 'tenant',
      id: 'acme',
      data: { plan: 'pro' },
    });
    expect(created.result).toMatchObject({ type: 'tenant', id: 'acme', data: { plan: 'pro' } });
    await novu().contexts.create({ type: 'workspace', id: 'w-1' });
    const listed = await novu().contexts.list({ search: 'acme' });
    expect(listed.result.data.map((context) => context.id)).toEqual(['acme']);
    expect(listed.result.totalCount).toBe(1);
    expect((await novu().contexts.retrieve('acme', 'tenant')).result.data).toEqual({
      plan: 'pro',
    });
    const updated = await novu().contexts.update({
      type: 'tenant',
      id: 'acme',
      updateContextRequestDto: { data: { plan: 'team' } },
    });
    expect(updated.result.data).toEqual({ plan: 'team' });
    await novu().contexts.delete('acme', 'tenant');
    await expect(novu().contexts.retrieve('acme', 'tenant')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
