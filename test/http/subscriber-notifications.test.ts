// The subscriber's notifications from the server (the 16 /v2/subscribers/{id}/notifications
// operations and the five v1 ones) over HTTP against svc-mock, with the client: each answers its
// status, and a change through any of them reaches the Inbox socket as the Inbox's own changes
// do (`unseen_count_changed`, `unread_count_changed`); the Inbox (@novu/js) and the admin API are
// one set of messages (docs/behaviour/subscribers.md#notifications).
import { Novu } from '@novu/js';
import { Svc } from '@svc/api';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, inboxClient, type Received } from './inbox-socket-client';

let server: MockServer;
let svc: Svc;
const opened: Array<() => unknown> = [];

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: {
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: 'News', primaryAction: { label: 'Open' } },
            },
          ],
        },
      ],
    },
  });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    maxRetries: 0,
    validation: 'strict',
  });
});

afterAll(async () => {
  for (const close of opened.splice(0)) await close();
  await server.close();
});

async function subscriberWithNews(subscriberId: string, deliveries = 1): Promise<string[]> {
  await svc.subscribers.create({ subscriberId });
  for (let n = 0; n < deliveries; n++) await svc.events.trigger({ name: 'news', to: subscriberId });
  return (await svc.subscribers.notifications.list(subscriberId)).data.map((item) => item.id);
}

/** The subscriber's Inbox socket, opened with a session as the Inbox client opens it. */
async function socketOf(subscriberId: string): Promise<Received[]> {
  const response = await fetch(`${server.url}/v1/inbox/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      applicationIdentifier: server.engine.environment('Development').identifier,
      subscriberId,
    }),
  });
  const { data } = (await response.json()) as { data: { token: string } };
  const client = inboxClient(server.url, data.token);
  opened.push(() => client.socket.disconnect());
  await connected(client.socket);
  return client.received;
}

/** The last payload of an event (undefined when none came). */
const last = (received: Received[], event: string) =>
  received.filter((item) => item.event === event).at(-1)?.payload as
    | Record<string, unknown>
    | undefined;

describe('over HTTP against svc-mock', () => {
  it('answers every v2 operation with its status through the client', async () => {
    const [id = ''] = await subscriberWithNews('http-ada', 2);
    const n = svc.subscribers.notifications;
    const [count] = await n.count('http-ada', { filters: JSON.stringify([{ read: false }]) });
    expect(count?.count).toBe(2);
    expect((await n.markAsRead('http-ada', id)).isRead).toBe(true);
    expect((await n.markAsUnread('http-ada', id)).isRead).toBe(false);
    expect((await n.archive('http-ada', id)).isArchived).toBe(true);
    expect((await n.unarchive('http-ada', id)).isArchived).toBe(false);
    const until = new Date(server.engine.clock.now() + 3_600_000).toISOString();
    expect((await n.snooze('http-ada', id, { snoozeUntil: until })).isSnoozed).toBe(true);
    expect((await n.unsnooze('http-ada', id)).isSnoozed).toBe(false);
    expect((await n.completeAction('http-ada', id, 'primary')).primaryAction?.isCompleted).toBe(
      true,
    );
    expect((await n.revertAction('http-ada', id, 'primary')).primaryAction?.isCompleted).toBe(
      false,
    );
    await n.markAsSeen('http-ada', { notificationIds: [id] });
    await n.markAllAsRead('http-ada', {});
    await n.archiveAllRead('http-ada', {});
    await n.archiveAll('http-ada', {});
    await n.delete('http-ada', id);
    await n.deleteAll('http-ada', {});
    expect((await n.list('http-ada')).data).toEqual([]);
  });

  it('answers every v1 operation with its status, and the service’s errors as the client’s', async () => {
    const [id = ''] = await subscriberWithNews('http-grace');
    const feed = await svc.subscribers.notifications.feed('http-grace');
    expect(feed.data.map((item) => item._id)).toEqual([id]);
    expect(await svc.subscribers.notifications.unseenCount('http-grace')).toEqual({ count: 1 });
    expect(await svc.subscribers.messages.markAll('http-grace', { markAs: 'seen' })).toBe(1);
    const clicked = await svc.subscribers.messages.updateAction('http-grace', id, 'primary', {
      status: 'done',
    });
    expect(clicked.cta.action?.status).toBe('done');
    const offline = await svc.subscribers.updateOnlineStatus('http-grace', { isOnline: false });
    expect(offline.isOnline).toBe(false);
    const raw = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
          'content-type': 'application/json',
        },
      });
    const markAll = await raw('/v1/subscribers/nobody/messages/mark-all', {
      method: 'POST',
      body: '{"markAs":"read"}',
    });
    expect(markAll.status).toBe(404);
    const action = await raw(`/v1/subscribers/http-grace/messages/${id}/actions/primary`, {
      method: 'POST',
      body: '{"status":"done"}',
    });
    expect(action.status).toBe(400);
    const online = await raw('/v1/subscribers/http-grace/online-status', {
      method: 'PATCH',
      body: '{"isOnline":1}',
    });
    expect(online.status).toBe(422);
    const unknownFeed = await raw('/v1/subscribers/nobody/notifications/feed');
    expect(unknownFeed.status).toBe(400);
    const page = (await (
      await raw('/v1/subscribers/http-grace/notifications/feed?limit=1')
    ).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ totalCount: 1, hasMore: false, pageSize: 1, page: 0 });
  });
});

describe('the Inbox socket hears a change through the admin API', () => {
  it('announces the counts after a v2 read, a v1 mark-all and a v1 action, and nothing for a refusal', async () => {
    const [first = '', second = ''] = await subscriberWithNews('socket-ada', 2);
    const received = await socketOf('socket-ada');
    await svc.subscribers.notifications.markAsRead('socket-ada', first);
    await expect.poll(() => last(received, 'unread_count_changed')?.['unreadCount']).toBe(1);
    await svc.subscribers.messages.markAll('socket-ada', { markAs: 'seen' });
    await expect.poll(() => last(received, 'unseen_count_changed')?.['unseenCount']).toBe(0);
    await svc.subscribers.messages.markAll('socket-ada', { markAs: 'read' });
    await expect.poll(() => last(received, 'unread_count_changed')?.['unreadCount']).toBe(0);
    const heard = received.length;
    await svc.subscribers.messages.updateAction('socket-ada', second, 'primary', {
      status: 'done',
    });
    await expect.poll(() => received.length).toBe(heard + 2);
    expect(received.slice(heard).map((item) => item.event)).toEqual([
      'unseen_count_changed',
      'unread_count_changed',
    ]);
    // A refused request announces nothing.
    await expect(
      svc.subscribers.messages.updateAction('socket-ada', second, 'primary', { status: 'done' }),
    ).rejects.toThrow('was not found for this environment');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(heard + 2);
  });

  it('is one set of messages with @novu/js: a read through either shows in the other', async () => {
    const [id = ''] = await subscriberWithNews('novu-js-ada');
    const novu = new Novu({
      applicationIdentifier: server.engine.environment('Development').identifier,
      subscriber: 'novu-js-ada',
      apiUrl: server.url,
      socketUrl: server.url,
    });
    opened.push(() => novu.socket.disconnect());
    const socketUp = new Promise<void>((resolve, reject) => {
      novu.on('socket.connect.resolved', ({ error }) => (error ? reject(error) : resolve()));
    });
    const unread: number[] = [];
    novu.on('notifications.unread_count_changed', ({ result }) => unread.push(result.total));
    const { data } = await novu.notifications.list();
    expect(data?.notifications.map((item) => [item.id, item.isRead])).toEqual([[id, false]]);
    await socketUp;
    await svc.subscribers.notifications.markAsRead('novu-js-ada', id);
    await expect.poll(() => unread.at(-1)).toBe(0);
    const after = await novu.notifications.list({ read: true });
    expect(after.data?.notifications.map((item) => item.id)).toEqual([id]);
    // ...and the other way round: the Inbox's unread shows through the admin API.
    await after.data?.notifications[0]?.unread();
    expect((await svc.subscribers.notifications.list('novu-js-ada')).data[0]?.isRead).toBe(false);
    const feed = await svc.subscribers.notifications.feed('novu-js-ada', { read: false });
    expect(feed.data.map((item) => item._id)).toEqual([id]);
  });
});
