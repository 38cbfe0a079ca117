// The service's own Inbox client (@novu/js 3.19, unmodified) against the msw handlers: the
// HTTP half of the Inbox, from session to preferences.
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

function inbox(subscriberId = 'ada', environment = development()) {
  return new Novu({
    applicationIdentifier: environment.identifier,
    subscriber: subscriberId,
    apiUrl: API_URL,
    socketUrl: 'ws://inbox.test',
  });
}

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
});
