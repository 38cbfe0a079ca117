// The service's own Inbox client (@novu/js 3.19, unmodified) on svc-mock's Inbox socket: it
// connects with its session token and turns the socket's payloads into its Notification and
// counts. The session itself is answered here by a stand-in for `POST /v1/inbox/session` (msw,
// in this process only), so this test exercises the socket alone.
import { Novu } from '@novu/js';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';

const TOKEN = 'session-of-demo-ada';
let server: MockServer;
const session = setupServer();

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    inboxSocket: {
      resolveSession: (token) =>
        token === TOKEN
          ? { environment: server.engine.environment('Development')._id, subscriberId: 'demo-ada' }
          : undefined,
    },
  });
  session.use(
    http.post(`${server.url}/v1/inbox/session`, () =>
      HttpResponse.json({
        data: {
          token: TOKEN,
          totalUnreadCount: 0,
          unreadCount: { total: 0, severity: { high: 0, medium: 0, low: 0, none: 0 } },
          removeNovuBranding: false,
          maxSnoozeDurationHours: 24,
          isDevelopmentMode: true,
        },
      }),
    ),
  );
  session.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  session.close();
  await server.close();
});

it('receives a delivery as a Notification and the counts, live', async () => {
  const novu = new Novu({
    applicationIdentifier: 'development-app',
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
