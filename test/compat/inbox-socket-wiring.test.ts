// The Inbox socket as `startMockServer` (and so `svc-mock`) serves it by default, end to end with
// the unmodified client: the socket resolves the token `POST /v1/inbox/session` issued and
// announces what the engine's Inbox hears, so a read through the Inbox API changes the counts on
// the socket too, and a reset of the engine keeps the wiring.
import { Novu } from '@novu/js';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inboxClient } from '../http/inbox-socket-client';

let server: MockServer;

async function trigger(to: string): Promise<void> {
  const response = await fetch(`${server.url}/v1/events/trigger`, {
    method: 'POST',
    headers: {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'news', to }),
  });
  expect(response.status).toBe(201);
}

function novuOf(subscriber: string): Novu {
  return new Novu({
    applicationIdentifier: server.engine.environment('Development').identifier,
    subscriber,
    apiUrl: server.url,
    socketUrl: server.url,
  });
}

function socketConnected(novu: Novu): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    novu.on('socket.connect.resolved', ({ error }) => (error ? reject(error) : resolve()));
  });
}

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
  });
});

afterAll(() => server.close());

it('hears a delivery live, then the counts after a read through the Inbox API', async () => {
  const novu = novuOf('wired-ada');
  const connected = socketConnected(novu);
  const received = new Promise<string>((resolve) =>
    novu.on('notifications.notification_received', ({ result }) => resolve(result.id)),
  );
  const unread: number[] = [];
  novu.on('notifications.unread_count_changed', ({ result }) => unread.push(result.total));
  await connected;
  await trigger('wired-ada');
  const id = await received;
  await expect.poll(() => unread.at(-1)).toBe(1);
  const { data } = await novu.notifications.list();
  const notification = data?.notifications.find((item) => item.id === id);
  await notification?.read();
  await expect.poll(() => unread.at(-1)).toBe(0);
  await novu.socket.disconnect();
});

it('keeps the wiring after a reset: a new session connects and hears its delivery', async () => {
  const reset = await fetch(`${server.url}/__svc/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(reset.status).toBeLessThan(300);
  const novu = novuOf('wired-grace');
  const connected = socketConnected(novu);
  const received = new Promise<string>((resolve) =>
    novu.on('notifications.notification_received', ({ result }) => resolve(result.body)),
  );
  await connected;
  await trigger('wired-grace');
  expect(await received).toBe('News');
  await novu.socket.disconnect();
});

it('disconnects a token no session issued', async () => {
  const made = inboxClient(server.url, 'forged-token');
  const reason = await new Promise<string>((resolve) => made.socket.on('disconnect', resolve));
  expect(reason).toBe('io server disconnect');
});

it('serves no socket with `inboxSocket: false`', async () => {
  const off = await startMockServer({ port: 0, seed: {}, inboxSocket: false });
  try {
    const made = inboxClient(off.url, 'any');
    const error = await new Promise<Error>((resolve) => made.socket.on('connect_error', resolve));
    made.socket.disconnect();
    expect(error).toBeInstanceOf(Error);
    const polling = await fetch(`${off.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(404);
  } finally {
    await off.close();
  }
});
