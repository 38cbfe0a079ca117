// The reference SDK @novu/api (3.19.x, strict response validation, unmodified) calls EVERY one of its
// functions of the integrations, topics (with subscriptions and the v1 subscribers check), messages and
// contexts namespaces against the engine's handlers: an app porting code that uses it gets answers the
// SDK accepts (issue 39, "the rest of namespaces we serve").

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    topics: [{ key: 'news', name: 'News', subscribers: ['ada'] }],
    integrations: [
      {
        providerId: 'slack',
        channel: 'chat',
        active: true,
        identifier: 'slack-main',
        credentials: { clientId: 'client-1' },
      },
      {
        providerId: 'telegram',
        channel: 'chat',
        active: true,
        identifier: 'tg',
        credentials: { apiToken: '4242:abc' },
      },
      { providerId: 'mailgun', channel: 'email', active: true, identifier: 'mg' },
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

const idOf = (identifier: string) =>
  engine.scope('Development').data.integrations.find((i) => i.identifier === identifier)?._id ?? '';

describe('@novu/api integrations, every function', () => {
  it('create, list, listActive, update, setAsPrimary, delete', async () => {
    const created = await novu().integrations.create({
      providerId: 'sendgrid',
      channel: 'email',
      active: true,
      credentials: { apiKey: 'k' },
    });
    expect(created.result.providerId).toBe('sendgrid');
    const id = created.result.id ?? '';
    expect((await novu().integrations.list()).result.map((i) => i.id)).toContain(id);
    expect((await novu().integrations.listActive()).result.map((i) => i.id)).toContain(id);
    expect((await novu().integrations.update({ name: 'Mail' }, id)).result.name).toBe('Mail');
    expect((await novu().integrations.setAsPrimary(id)).result.primary).toBe(true);
    const left = await novu().integrations.delete(id);
    expect(left.result.map((i) => i.id)).not.toContain(id);
  });

  it('auto-configures inbound webhooks', async () => {
    const done = await novu().integrations.integrationsControllerAutoConfigureIntegration(
      idOf('mg'),
    );
    expect(done.result.success).toBe(true);
    const refused = await novu().integrations.integrationsControllerAutoConfigureIntegration(
      idOf('slack-main'),
    );
    expect(refused.result.success).toBe(false);
  });

  it('answers the chat OAuth URLs', async () => {
    const chat = await novu().integrations.generateChatOAuthUrl({
      integrationIdentifier: 'slack-main',
    });
    expect(chat.result.url).toMatch(/^https:\/\/slack\.com\/oauth\/v2\/authorize\?/);
    const connect = await novu().integrations.generateConnectOAuthUrl({
      integrationIdentifier: 'slack-main',
      subscriberId: 'ada',
    });
    expect(new URL(connect.result.url).searchParams.get('client_id')).toBe('client-1');
    const link = await novu().integrations.generateLinkUserOAuthUrl({
      integrationIdentifier: 'slack-main',
      subscriberId: 'ada',
    });
    expect(new URL(link.result.url).searchParams.get('user_scope')).toBe('identity.basic');
  });

  it('configures Telegram: webhook, mobile link, endpoint link', async () => {
    const webhook =
      await novu().integrations.integrationsControllerConfigureIntegrationWebhook('tg');
    expect(webhook.result.botUsername).toBe('bot4242');
    const mobile = await novu().integrations.createMobileLink({ subscriberId: 'ada' }, 'tg');
    expect(mobile.result.url).toContain(mobile.result.token);
    const link = await novu().integrations.linkChannelEndpoint({
      integrationIdentifier: 'tg',
      subscriberId: 'ada',
    });
    expect(link.result.url).toMatch(/^https:\/\/t\.me\/bot4242\?start=/);
  });
});

describe('@novu/api topics, every function', () => {
  it('create, list, get, update, delete', async () => {
    expect((await novu().topics.create({ key: 'task', name: 'Task' })).result.key).toBe('task');
    expect((await novu().topics.list({})).result.data.map((t) => t.key)).toContain('task');
    expect((await novu().topics.get('task')).result.name).toBe('Task');
    expect((await novu().topics.update({ name: 'Job' }, 'task')).result.name).toBe('Job');
    expect((await novu().topics.delete('task')).result.acknowledged).toBe(true);
  });

  it('subscriptions: create, list, getSubscription, update, delete', async () => {
    const created = await novu().topics.subscriptions.create(
      { subscriptions: [{ identifier: 'ada-task', subscriberId: 'ada' }] },
      'task',
    );
    expect(created.result.meta.successful).toBe(1);
    const listed = await novu().topics.subscriptions.list({ topicKey: 'task' });
    expect(listed.result.data.map((s) => s.identifier)).toEqual(['ada-task']);
    const one = await novu().topics.subscriptions.getSubscription('task', 'ada-task');
    expect(one.result.identifier).toBe('ada-task');
    const updated = await novu().topics.subscriptions.update({
      topicKey: 'task',
      identifier: 'ada-task',
      updateTopicSubscriptionRequestDto: {
        name: 'Ada on tasks',
        preferences: [{ workflowId: 'welcome', enabled: false }],
      },
    });
    expect(updated.result.name).toBe('Ada on tasks');
    expect(updated.result.preferences?.[0]?.enabled).toBe(false);
    const removed = await novu().topics.subscriptions.delete({ subscriptions: ['ada'] }, 'task');
    expect(removed.result.meta.successful).toBe(1);
  });

  it('subscribers.retrieve: the v1 membership check, and its 404', async () => {
    const member = await novu().topics.subscribers.retrieve('ada', 'news');
    expect(member.result.externalSubscriberId).toBe('ada');
    expect(member.result.topicKey).toBe('news');
    await expect(novu().topics.subscribers.retrieve('ghost', 'news')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('@novu/api messages and contexts, every function', () => {
  it('messages: retrieve, delete, deleteByTransactionId', async () => {
    const first = await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
    await novu().trigger({
      workflowId: 'welcome',
      to: 'ada',
      payload: {},
      transactionId: 'second',
    });
    await engine.settle();
    const listed = await novu().messages.retrieve({
      transactionId: [first.result.transactionId ?? ''],
    });
    expect(listed.result.data).toHaveLength(1);
    const deleted = await novu().messages.delete(listed.result.data[0]?.id ?? '');
    expect(deleted.result.acknowledged).toBe(true);
    await novu().messages.deleteByTransactionId('second');
    expect((await novu().messages.retrieve({})).result.data).toHaveLength(0);
  });

  it('contexts: create, list, retrieve, update, delete', async () => {
    await novu().contexts.create({ type: 'tenant', id: 'acme', data: { plan: 'pro' } });
    expect((await novu().contexts.list({})).result.data.map((c) => c.id)).toEqual(['acme']);
    expect((await novu().contexts.retrieve('acme', 'tenant')).result.data).toEqual({ plan: 'pro' });
    const updated = await novu().contexts.update({
      id: 'acme',
      type: 'tenant',
      updateContextRequestDto: { data: { plan: 'team' } },
    });
    expect(updated.result.data).toEqual({ plan: 'team' });
    await novu().contexts.delete('acme', 'tenant');
    expect((await novu().contexts.list({})).result.data).toEqual([]);
  });
});
