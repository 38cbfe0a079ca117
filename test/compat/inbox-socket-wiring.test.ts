// The wiring of the Inbox socket to the engine's Inbox, end to end with the unmodified client:
// the socket resolves the token `POST /v1/inbox/session` issued (`engine.inbox.resolveSession`)
// and announces what `engine.inbox.onChange` hears, so a read through the Inbox API changes the
// counts on the socket too. The adapter below is what `svc-mock` needs to pass as `inboxSocket`.
import { Novu } from '@novu/js';
import type { MockEngine } from '@svc/api/mock';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InboxChangeSource } from '../../mock-server/realtime/inbox-changes';

/** The engine's Inbox as the socket's session resolver and change source. */
function engineInboxForSocket(engine: MockEngine) {
  const changes: InboxChangeSource = {
    subscribe: (listener) =>
      engine.inbox.onChange((change) => {
        const base = {
          environment: change.environment._id,
          subscriberId: change.subscriberId,
          counts: {
            unseen: change.unseenCount,
            unread: change.unreadCount.total,
            unreadBySeverity: change.unreadCount.severity,
          },
        };
        listener(
          change.kind === 'received'
            ? { ...base, kind: 'received', notification: change.message }
            : { ...base, kind: 'counts' },
        );
      }),
  };
  const resolveSession = (token: string) => {
    const session = engine.inbox.resolveSession(token);
    return session && { environment: session.environment._id, subscriberId: session.subscriberId };
  };
  return { changes, resolveSession };
}

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: {
      workflows: [
        {
          workflowId: 'news',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'News' } }],
        },
      ],
    },
    inboxSocket: {
      resolveSession: (token) => engineInboxForSocket(server.engine).resolveSession(token),
      changes: {
        subscribe: (listener) => engineInboxForSocket(server.engine).changes.subscribe(listener),
      },
    },
  });
});

afterAll(() => server.close());

it('hears a delivery live, then the counts after a read through the Inbox API', async () => {
  const novu = new Novu({
    applicationIdentifier: server.engine.environment('Development').identifier,
    subscriber: 'wired-ada',
    apiUrl: server.url,
    socketUrl: server.url,
  });
  const connected = new Promise<void>((resolve, reject) => {
    novu.on('socket.connect.resolved', ({ error }) => (error ? reject(error) : resolve()));
  });
  const received = new Promise<string>((resolve) =>
    novu.on('notifications.notification_received', ({ result }) => resolve(result.id)),
  );
  const unread: number[] = [];
  novu.on('notifications.unread_count_changed', ({ result }) => unread.push(result.total));
  await connected;
  await server.engine.perform({
    operation: 'events.trigger',
    authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/events/trigger',
    readBody: async () => ({ name: 'news', to: 'wired-ada' }),
  });
  const id = await received;
  await expect.poll(() => unread.at(-1)).toBe(1);
  const { data } = await novu.notifications.list();
  const notification = data?.notifications.find((item) => item.id === id);
  await notification?.read();
  await expect.poll(() => unread.at(-1)).toBe(0);
});
