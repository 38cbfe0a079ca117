// The service's own Inbox client (@novu/js 3.19, unmodified) against the msw handlers: the
// HTTP half of the Inbox, from session to preferences.
import { createHmac } from 'node:crypto';
import { Novu } from '@novu/js';
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const API_URL = 'http://inbox.test';

const engine = createMockEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'welcome',
        tags: ['onboarding'],
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              subject: 'Welcome {{payload.name}}',
              body: 'Hello {{payload.name}}',
              primaryAction: { label: 'Start', redirect: { url: '/start' } },
              data: { plan: '{{payload.plan}}' },
            },
          },
        ],
      },
      {
        workflowId: 'digest-news',
        tags: ['news'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
      },
    ],
  },
});
const server = setupServer(...createHandlers(engine, { baseUrl: API_URL }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => engine.reset());
afterAll(() => server.close());

const development = () => engine.environment('Development');

function inbox(
  subscriberId = 'ada',
  environment = development(),
  more: Record<string, unknown> = {},
) {
  return new Novu({
    applicationIdentifier: environment.identifier,
    subscriber: subscriberId,
    apiUrl: API_URL,
    socketUrl: 'ws://inbox.test',
    ...more,
  } as ConstructorParameters<typeof Novu>[0]);
}

/** An error's message and those of the errors it wraps (the client nests them). */
const causes = (error: unknown): string[] =>
  error instanceof Error
    ? [error.message, ...causes((error as { originalError?: unknown }).originalError)]
    : [];

async function trigger(workflowId: string, to: string, payload: Record<string, unknown> = {}) {
  const answer = await engine.perform({
    operation: 'events.trigger',
    authorization: `ApiKey ${development().apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/events/trigger',
    readBody: async () => ({ name: workflowId, to, payload }),
  });
  expect(answer.status).toBe(201);
}

describe('@novu/js against the msw handlers', () => {
  it('lists what a trigger delivered, rendered from the in-app step', async () => {
    await trigger('welcome', 'ada', { name: 'Ada', plan: 'pro' });
    const { data, error } = await inbox().notifications.list();
    expect(error).toBeUndefined();
    expect(data?.notifications).toHaveLength(1);
    const [notification] = data?.notifications ?? [];
    expect(notification).toMatchObject({
      subject: 'Welcome Ada',
      body: 'Hello Ada',
      isRead: false,
      isSeen: false,
      isArchived: false,
      isSnoozed: false,
      channelType: 'in_app',
      tags: ['onboarding'],
      data: { plan: 'pro' },
      primaryAction: { label: 'Start', isCompleted: false, redirect: { url: '/start' } },
      to: { subscriberId: 'ada' },
      workflow: { identifier: 'welcome' },
    });
  });

  it('reads, archives and counts through the client, and the admin API sees it', async () => {
    await trigger('welcome', 'ada', { name: 'Ada' });
    await trigger('digest-news', 'ada');
    const novu = inbox();
    const { data } = await novu.notifications.list();
    const [newest, oldest] = data?.notifications ?? [];
    expect(newest?.body).toBe('News');
    const read = await newest?.read();
    expect(read?.error).toBeUndefined();
    expect(read?.data?.isRead).toBe(true);
    const counts = await novu.notifications.count({ filters: [{ read: false }, { read: true }] });
    expect(counts.data?.counts.map((entry) => entry.count)).toEqual([1, 1]);
    await oldest?.archive();
    const stored = engine.scope('Development').data.messages;
    expect(stored.map((message) => [message.read, message.archived])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it("a notification read through the client shows the service's five details in the activity", async () => {
    await trigger('welcome', 'ada', { name: 'Ada' });
    const [notification] = (await inbox().notifications.list()).data?.notifications ?? [];
    expect((await notification?.read())?.error).toBeUndefined();
    const answer = await engine.perform({
      operation: 'notifications.list',
      authorization: `ApiKey ${development().apiKey}`,
      params: {},
      query: new URLSearchParams(),
      path: '/v1/notifications',
    });
    const [activity] = (
      answer.body as { data: { jobs: { executionDetails: { detail: string }[] }[] }[] }
    ).data;
    expect(activity?.jobs[0]?.executionDetails.map(({ detail }) => detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Message created',
      'Message sent',
      'Message read',
    ]);
  });

  it('snoozes on the virtual clock: hidden until the end, then back with a second delivery', async () => {
    await trigger('welcome', 'ada', { name: 'Ada' });
    const novu = inbox();
    const [first] = (await novu.notifications.list()).data?.notifications ?? [];
    const until = new Date(engine.clock.now() + 10 * 60 * 1000).toISOString();
    expect((await first?.snooze(until))?.data?.isSnoozed).toBe(true);
    expect((await inbox().notifications.list()).data?.notifications).toHaveLength(0);
    await engine.clock.advance('10m');
    const [back] = (await inbox().notifications.list()).data?.notifications ?? [];
    expect(back?.deliveredAt).toHaveLength(2);
    expect(back?.isSnoozed).toBe(false);
  });

  it('filters the list and bulk-archives by tags', async () => {
    await trigger('welcome', 'ada', { name: 'Ada', plan: 'pro' });
    await trigger('digest-news', 'ada');
    const novu = inbox();
    const tagged = await novu.notifications.list({ tags: ['news'] });
    expect(tagged.data?.notifications.map((notification) => notification.body)).toEqual(['News']);
    const byData = await novu.notifications.list({ data: { plan: 'pro' } });
    expect(byData.data?.notifications.map((notification) => notification.body)).toEqual([
      'Hello Ada',
    ]);
    expect((await novu.notifications.archiveAll({ tags: ['news'] })).error).toBeUndefined();
    const archived = await inbox().notifications.list({ archived: true });
    expect(archived.data?.notifications.map((notification) => notification.body)).toEqual(['News']);
  });

  it('keeps environments apart: a Production session sees none of Development', async () => {
    await trigger('welcome', 'ada', { name: 'Ada' });
    const production = engine.environment('Production');
    const { data } = await inbox('ada', production).notifications.list();
    expect(data?.notifications).toEqual([]);
  });

  it('needs the subscriberHash once HMAC is on, and none once it is off', async () => {
    const { data } = engine.scope('Development');
    const inApp = data.integrations.find((integration) => integration.channel === 'in_app');
    const update = (hmac: boolean) =>
      engine.perform({
        operation: 'integrations.update',
        authorization: `ApiKey ${development().apiKey}`,
        params: { integrationId: inApp?._id ?? '' },
        query: new URLSearchParams(),
        path: '/v1/integrations',
        readBody: async () => ({ credentials: { hmac } }),
      });
    await update(true);
    const refused = await inbox().notifications.list();
    expect(causes(refused.error).join(' | ')).toContain('Please provide a valid HMAC hash');
    const subscriberHash = createHmac('sha256', development().apiKey).update('ada').digest('hex');
    expect(
      (await inbox('ada', development(), { subscriberHash }).notifications.list()).error,
    ).toBeUndefined();
    await update(false);
    expect((await inbox().notifications.list()).error).toBeUndefined();
  });

  it('subscribes the subscriber to a topic and lists, reads, updates and deletes it', async () => {
    const novu = inbox();
    const created = await novu.subscriptions.create({
      topicKey: 'product-news',
      identifier: 'ada-news',
      preferences: ['digest-news'],
    });
    expect(created.error).toBeUndefined();
    expect(created.data?.identifier).toBe('ada-news');
    const listed = await novu.subscriptions.list({ topicKey: 'product-news' });
    expect(listed.data?.map((subscription) => subscription.identifier)).toEqual(['ada-news']);
    const one = await novu.subscriptions.get({ topicKey: 'product-news', identifier: 'ada-news' });
    expect(one.data?.identifier).toBe('ada-news');
    const preference = await one.data?.updatePreference({
      workflowId: 'digest-news',
      value: false,
    } as never);
    expect(preference?.error).toBeUndefined();
    const stored = engine.scope('Development').data.subscriptions[0];
    expect(stored?.preferences?.[0]?.enabled).toBe(false);
    const bulk = await one.data?.bulkUpdatePreferences([
      { workflowId: 'digest-news', value: true },
    ] as never);
    expect(bulk?.error).toBeUndefined();
    expect(engine.scope('Development').data.subscriptions[0]?.preferences?.[0]?.enabled).toBe(true);
    expect(
      (await novu.subscriptions.delete({ topicKey: 'product-news', identifier: 'ada-news' })).error,
    ).toBeUndefined();
    expect(engine.scope('Development').data.subscriptions).toHaveLength(0);
  });

  it('a workflow switched off in the Inbox preferences stops the next delivery', async () => {
    const novu = inbox();
    const { data: preferences } = await novu.preferences.list();
    const news = preferences?.find(
      (preference) => preference.workflow?.identifier === 'digest-news',
    );
    expect(news?.channels.in_app).toBe(true);
    expect((await news?.update({ channels: { in_app: false } }))?.error).toBeUndefined();
    await trigger('digest-news', 'ada');
    await trigger('welcome', 'ada', { name: 'Ada' });
    const { data } = await inbox().notifications.list();
    expect(data?.notifications.map((notification) => notification.body)).toEqual(['Hello Ada']);
  });

  it('answers an unknown workflow in the preferences with the service error', async () => {
    const answer = await inbox().preferences.update({
      workflowId: 'ghost',
      channels: { in_app: false },
    } as never);
    expect(causes(answer.error).join(' | ')).toContain('Workflow cannot be found');
  });
});
