// The service's own Inbox client (@novu/js 3.19, unmodified) on svc-mock's Inbox socket: it opens
// its session with `POST /v1/inbox/session`, connects with the session's token, and turns the
// socket's payloads into its Notification and counts.
import { Novu } from '@novu/js';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});

afterAll(() => server.close());

it('receives a delivery as a Notification and the counts, live', async () => {
  const novu = new Novu({
    applicationIdentifier: server.engine.environment('Development').identifier,
    subscriber: 'demo-ada',
    apiUrl: server.url,
    socketUrl: server.url,
  });
  const connected = new Promise<void>((resolve, reject) => {
    novu.on('socket.connect.resolved', ({ error }) => (error ? reject(error) : resolve()));
  });
  const received = new Promise<{ body: string; isRead: boolean; subscriberId?: string }>(
    (resolve) =>
      novu.on('notifications.notification_received', ({ result }) =>
        resolve({ body: result.body, isRead: result.isRead, subscriberId: result.to.subscriberId }),
      ),
  );
  const unread = new Promise<unknown>((resolve) =>
    novu.on('notifications.unread_count_changed', ({ result }) => resolve(result)),
  );
  const unseen = new Promise<unknown>((resolve) =>
    novu.on('notifications.unseen_count_changed', ({ result }) => resolve(result)),
  );
  try {
    await connected;
    const response = await fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers: {
        authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'welcome', to: 'demo-ada' }),
    });
    expect(response.status).toBe(201);
    expect(await received).toEqual({
      body: 'Welcome, Ada!',
      isRead: false,
      subscriberId: 'demo-ada',
    });
    const counts = (await unread) as { total: number; severity: Record<string, number> };
    expect(counts.total).toBeGreaterThan(0);
    expect(Object.keys(counts.severity).sort()).toEqual(['high', 'low', 'medium', 'none']);
    expect(await unseen).toBe(counts.total);
  } finally {
    await novu.socket.disconnect();
  }
});
