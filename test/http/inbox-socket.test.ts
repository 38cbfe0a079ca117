// The Inbox's real-time socket on svc-mock (docs/inbox.md#real-time): socket.io v4 on the
// server's port, authenticated by the session token, one room per environment and subscriber.
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createInboxChangeHub,
  type InboxChangeSource,
  type InboxCounts,
} from '../../mock-server/realtime/inbox-changes';
import type { InboxSession } from '../../mock-server/realtime/inbox-socket';
import type { InboxSocketLimits } from '../../mock-server/realtime/socket-limits';
import {
  clientFrame,
  closedByServer,
  connected,
  inboxClient,
  rawClient,
  stalledClient,
  upgradeStatus,
} from './inbox-socket-client';

const DEV = 'env-dev';
const PROD = 'env-prod';
/** The test double of the session resolver: token → session. */
const SESSIONS = new Map<string, InboxSession>([
  ['token-ada', { environment: DEV, subscriberId: 'ada' }],
  ['token-ada-2', { environment: DEV, subscriberId: 'ada' }],
  ['token-ada-3', { environment: DEV, subscriberId: 'ada' }],
  ['token-grace', { environment: DEV, subscriberId: 'grace' }],
  ['token-ada-prod', { environment: PROD, subscriberId: 'ada' }],
]);
const resolveSession = (token: string) => SESSIONS.get(token);

const counts = (unread: number, unseen = unread): InboxCounts => ({
  unread,
  unseen,
  unreadBySeverity: { high: 0, medium: 0, low: 0, none: unread },
});

const opened: Array<{ close(): unknown }> = [];
let server: MockServer;

async function serve(
  options: { changes?: InboxChangeSource; limits?: Partial<InboxSocketLimits> } = {},
): Promise<{ url: string; hub: ReturnType<typeof createInboxChangeHub> }> {
  const hub = createInboxChangeHub();
  server = await startMockServer({
    port: 0,
    seed: {},
    inboxSocket: { resolveSession, changes: options.changes ?? hub, ...options },
  });
  opened.push(server);
  return { url: server.url, hub };
}

async function client(url: string, token: string) {
  const made = inboxClient(url, token);
  opened.push({ close: () => made.socket.disconnect() });
  await connected(made.socket);
  return made;
}

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

describe('the Inbox socket: authentication (as the service gateway)', () => {
  it('keeps a socket whose token resolves to a session', async () => {
    const { url } = await serve();
    const { socket } = await client(url, 'token-ada');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.connected).toBe(true);
  });

  it.each([
    ['an unknown token', 'forged'],
    ['the string "null" (a client without a session)', 'null'],
  ])('disconnects %s from the server side, so the client does not retry', async (_case, token) => {
    const { url } = await serve();
    const made = inboxClient(url, token);
    opened.push({ close: () => made.socket.disconnect() });
    const reason = await new Promise<string>((resolve) => made.socket.on('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  it('disconnects a token whose resolver throws, and keeps serving', async () => {
    const hub = createInboxChangeHub();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server = await startMockServer({
      port: 0,
      seed: {},
      inboxSocket: {
        resolveSession: (token) => {
          if (token === 'boom') throw new Error('broken store');
          return resolveSession(token);
        },
        changes: hub,
      },
    });
    opened.push(server);
    const made = inboxClient(server.url, 'boom');
    opened.push({ close: () => made.socket.disconnect() });
    expect(await new Promise((resolve) => made.socket.on('disconnect', resolve))).toBe(
      'io server disconnect',
    );
    expect(error).toHaveBeenCalledWith(
      '[svc-mock] an Inbox session could not be resolved:',
      expect.any(Error),
    );
    error.mockRestore();
    await client(server.url, 'token-ada');
  });

  it('answers the long-polling transport with engine.io\'s "Transport unknown"', async () => {
    const { url } = await serve();
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling&token=token-ada`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 0, message: 'Transport unknown' });
  });

  it('closes an upgrade to any other path', async () => {
    const { url } = await serve();
    await expect(
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${url.replace('http', 'ws')}/elsewhere`);
        socket.onopen = resolve;
        socket.onerror = reject;
      }),
    ).rejects.toBeDefined();
  });
});

describe('the Inbox socket: events reach the subscriber only', () => {
  it('sends notification_received, then both counts, in the service payloads', async () => {
    const { url, hub } = await serve();
    const ada = await client(url, 'token-ada');
    const message = { _id: 'm1', content: 'Hello', read: false, seen: false, cta: {} };
    hub.publish({
      kind: 'received',
      environment: DEV,
      subscriberId: 'ada',
      notification: message,
      counts: {
        unread: 3,
        unseen: 2,
        unreadBySeverity: { high: 1, medium: 0, low: 0, none: 2 },
      },
    });
    await vi.waitFor(() => expect(ada.received).toHaveLength(3));
    expect(ada.received).toEqual([
      { event: 'notification_received', payload: { message } },
      { event: 'unseen_count_changed', payload: { unseenCount: 2, hasMore: false } },
      {
        event: 'unread_count_changed',
        payload: {
          unreadCount: 3,
          counts: { total: 3, severity: { high: 1, medium: 0, low: 0, none: 2 } },
          hasMore: false,
        },
      },
    ]);
  });

  it('sends counts alone for a counts change, capped as the service caps them', async () => {
    const { url, hub } = await serve();
    const ada = await client(url, 'token-ada');
    hub.publish({
      kind: 'counts',
      environment: DEV,
      subscriberId: 'ada',
      counts: {
        unread: 250,
        unseen: 120,
        unreadBySeverity: { high: 150, medium: 0, low: 0, none: 100 },
      },
    });
    await vi.waitFor(() => expect(ada.received).toHaveLength(2));
    expect(ada.received).toEqual([
      { event: 'unseen_count_changed', payload: { unseenCount: 100, hasMore: true } },
      {
        event: 'unread_count_changed',
        payload: {
          unreadCount: 100,
          counts: { total: 101, severity: { high: 99, medium: 0, low: 0, none: 99 } },
          hasMore: true,
        },
      },
    ]);
  });

  it("reaches every socket of the subscriber, and no other subscriber's or environment's", async () => {
    const { url, hub } = await serve();
    const ada = await client(url, 'token-ada');
    const adaTab = await client(url, 'token-ada-2');
    const grace = await client(url, 'token-grace');
    const adaProd = await client(url, 'token-ada-prod');
    hub.publish({ kind: 'counts', environment: DEV, subscriberId: 'ada', counts: counts(1) });
    // Then one change each for the others: what they receive first is their own.
    hub.publish({ kind: 'counts', environment: DEV, subscriberId: 'grace', counts: counts(7) });
    hub.publish({ kind: 'counts', environment: PROD, subscriberId: 'ada', counts: counts(9) });
    await vi.waitFor(() => {
      for (const made of [ada, adaTab, grace, adaProd]) expect(made.received).toHaveLength(2);
    });
    const unseen = (made: typeof ada) =>
      made.received.map(({ payload }) => (payload as { unseenCount?: number }).unseenCount);
    expect(unseen(ada)).toEqual([1, undefined]);
    expect(unseen(adaTab)).toEqual([1, undefined]);
    expect(unseen(grace)).toEqual([7, undefined]);
    expect(unseen(adaProd)).toEqual([9, undefined]);
  });

  it('listens to the change source only while a socket is open', async () => {
    let listeners = 0;
    const hub = createInboxChangeHub();
    const changes: InboxChangeSource = {
      subscribe(listener) {
        listeners += 1;
        const stop = hub.subscribe(listener);
        return () => {
          listeners -= 1;
          stop();
        };
      },
    };
    const { url } = await serve({ changes });
    expect(listeners).toBe(0);
    const first = await client(url, 'token-ada');
    const second = await client(url, 'token-grace');
    expect(listeners).toBe(1);
    first.socket.disconnect();
    second.socket.disconnect();
    await vi.waitFor(() => expect(listeners).toBe(0));
  });

  it('serialises each event once per room, however many sockets the room has', async () => {
    const { url, hub } = await serve();
    let serialised = 0;
    const message = {
      _id: 'm1',
      toJSON() {
        serialised += 1;
        return { _id: 'm1' };
      },
    };
    const publish = () =>
      hub.publish({
        kind: 'received',
        environment: DEV,
        subscriberId: 'ada',
        notification: message,
        counts: counts(1),
      });
    const one = await client(url, 'token-ada');
    publish();
    await vi.waitFor(() => expect(one.received).toHaveLength(3));
    const withOneSocket = serialised;
    serialised = 0;
    const two = await client(url, 'token-ada-2');
    const three = await client(url, 'token-ada-3');
    publish();
    await vi.waitFor(() => {
      for (const made of [one, two, three]) {
        expect(made.received.filter((r) => r.event === 'notification_received')).toHaveLength(
          made === one ? 2 : 1,
        );
      }
    });
    expect(withOneSocket).toBeGreaterThan(0);
    expect(serialised).toBe(withOneSocket);
  });

  it('closes the sockets when the server closes', async () => {
    const { url } = await serve();
    const { socket } = await client(url, 'token-ada');
    const reason = new Promise((resolve) => socket.on('disconnect', resolve));
    await server.close();
    // The connection is gone: a client with reconnection on tries again, as after a restart.
    expect(await reason).toBe('transport close');
    expect(socket.connected).toBe(false);
  });
});

describe('the Inbox socket: caps (docs/security.md)', () => {
  it('refuses a socket past the total cap with 503, and takes one again once another closed', async () => {
    const { url } = await serve({ limits: { maxSockets: 2, maxSocketsPerAddress: 10 } });
    const first = await client(url, 'token-ada');
    await client(url, 'token-grace');
    expect(await upgradeStatus(url, 'token-ada-2')).toBe(503);
    first.socket.disconnect();
    await vi.waitFor(async () => expect(await upgradeStatus(url, 'token-ada-2')).toBe(101));
  });

  it('refuses a socket past the per-address cap with 429', async () => {
    const { url } = await serve({ limits: { maxSockets: 10, maxSocketsPerAddress: 2 } });
    await client(url, 'token-ada');
    await client(url, 'token-grace');
    expect(await upgradeStatus(url, 'token-ada-2')).toBe(429);
  });

  it('counts a socket from its upgrade, before its token is checked', async () => {
    const { url } = await serve({ limits: { maxSockets: 1, maxSocketsPerAddress: 10 } });
    const stalled = await stalledClient(url, 'forged').catch(() => undefined);
    // A forged token is disconnected; until its connection is gone it holds its place.
    stalled?.destroy();
    await vi.waitFor(async () => expect(await upgradeStatus(url, 'token-ada')).toBe(101));
  });

  it('closes a connection that does not finish the handshake in time', async () => {
    const { url } = await serve({ limits: { handshakeTimeoutMs: 200 } });
    const socket = await rawClient(url, 'token-ada', { connect: false });
    const started = Date.now();
    await closedByServer(socket);
    expect(Date.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });

  it('closes a connection whose client sends a message past the limit', async () => {
    const { url } = await serve({ limits: { maxMessageBytes: 1024 } });
    const socket = await rawClient(url, 'token-ada');
    socket.write(clientFrame(`42${JSON.stringify(['hello', 'x'.repeat(2048)])}`));
    await closedByServer(socket);
    socket.destroy();
  });

  it('drops a socket whose client stopped reading, and the room keeps receiving', async () => {
    const { url, hub } = await serve({ limits: { maxBufferedBytes: 64 * 1024 } });
    const reader = await client(url, 'token-ada');
    const stalled = await stalledClient(url, 'token-ada-2');
    const content = 'x'.repeat(64 * 1024);
    const events = 200; // 13 MB: more than the kernel's buffers of a loopback connection hold
    for (let sent = 0; sent < events; sent += 1) {
      hub.publish({
        kind: 'received',
        environment: DEV,
        subscriberId: 'ada',
        notification: { _id: `m${sent}`, content },
        counts: counts(sent),
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(
      () =>
        expect(reader.received.filter((r) => r.event === 'notification_received')).toHaveLength(
          events,
        ),
      { timeout: 15_000 },
    );
    // The stalled client reads again: it finds its connection cut, well short of everything.
    let bytes = 0;
    stalled.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    await new Promise((resolve) => {
      stalled.on('close', resolve);
      stalled.on('error', resolve);
      stalled.resume();
    });
    expect(bytes).toBeLessThan((events * content.length) / 2);
  }, 30_000);
});

/** A session token from the server's own `POST /v1/inbox/session`. */
async function sessionToken(url: string, subscriberId: string): Promise<string> {
  const response = await fetch(`${url}/v1/inbox/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      applicationIdentifier: server.engine.environment('Development').identifier,
      subscriberId,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

describe('the Inbox socket by default: sessions and changes from the engine', () => {
  it('announces an in-app delivery of a trigger and a mark-as read', async () => {
    server = await startMockServer({ port: 0 });
    opened.push(server);
    const ada = await client(server.url, await sessionToken(server.url, 'demo-ada'));
    const apiKey = server.engine.environment('Development').apiKey;
    const headers = { authorization: `ApiKey ${apiKey}`, 'content-type': 'application/json' };
    const trigger = await fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'welcome', to: 'demo-ada' }),
    });
    expect(trigger.status).toBe(201);
    await vi.waitFor(() => expect(ada.received).toHaveLength(3));
    const [received, unseen, unread] = ada.received as [
      { event: string; payload: { message: Record<string, unknown> } },
      InboxChangeEvent,
      InboxChangeEvent,
    ];
    expect(received.event).toBe('notification_received');
    expect(received.payload.message).toMatchObject({
      channel: 'in_app',
      content: 'Welcome, Ada!',
      read: false,
      seen: false,
      archived: false,
      cta: expect.any(Object),
      subscriber: { subscriberId: 'demo-ada' },
    });
    const before = (unread.payload as { unreadCount: number }).unreadCount;
    expect(unseen.event).toBe('unseen_count_changed');
    expect(unread.event).toBe('unread_count_changed');
    expect(before).toBeGreaterThan(0);

    const markAs = await fetch(`${server.url}/v1/subscribers/demo-ada/messages/mark-as`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ messageId: received.payload.message['_id'], markAs: 'read' }),
    });
    expect(markAs.status).toBe(201);
    await vi.waitFor(() => expect(ada.received).toHaveLength(5));
    expect(ada.received.slice(3).map((r) => r.event)).toEqual([
      'unseen_count_changed',
      'unread_count_changed',
    ]);
    expect((ada.received[4] as { payload: { unreadCount: number } }).payload.unreadCount).toBe(
      before - 1,
    );
  });

  it('announces nothing to a subscriber the trigger did not reach', async () => {
    server = await startMockServer({ port: 0 });
    opened.push(server);
    const grace = await client(server.url, await sessionToken(server.url, 'demo-grace'));
    const ada = await client(server.url, await sessionToken(server.url, 'demo-ada'));
    const headers = {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      'content-type': 'application/json',
    };
    for (const to of ['demo-ada', 'demo-grace']) {
      await fetch(`${server.url}/v1/events/trigger`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'welcome', to }),
      });
    }
    await vi.waitFor(() => expect(grace.received).toHaveLength(3));
    expect(ada.received).toHaveLength(3);
    const content = (made: typeof ada) =>
      (made.received[0] as { payload: { message: { content: string } } }).payload.message.content;
    expect(content(ada)).toBe('Welcome, Ada!');
    expect(content(grace)).toBe('Welcome, Grace!');
  });

  it('keeps the default sessions and changes when given only limits', async () => {
    server = await startMockServer({
      port: 0,
      inboxSocket: { limits: { maxSockets: 1, maxSocketsPerAddress: 10 } },
    });
    opened.push(server);
    const token = await sessionToken(server.url, 'demo-ada');
    await client(server.url, token);
    expect(await upgradeStatus(server.url, token)).toBe(503);
  });
});

type InboxChangeEvent = { event: string; payload: unknown };
