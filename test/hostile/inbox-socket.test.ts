// Hostile: one WebSocket to the Inbox socket that sends 8,000 socket.io CONNECT frames in one
// write. socket.io adds namespace sockets asynchronously, so without a per-connection check all of
// them became authenticated sockets, each with listeners on the shared connection, and one event
// then cost sockets² calls: the whole server froze (issue 38, item 1).
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterEach, expect, it, vi } from 'vitest';
import { createInboxChangeHub } from '../../mock-server/realtime/inbox-changes';
import type { InboxSocketSession } from '../../mock-server/realtime/inbox-socket';
import {
  clientFrame,
  closedByServer,
  connected,
  inboxClient,
  rawClient,
} from '../http/inbox-socket-client';

const SESSIONS = new Map<string, InboxSocketSession>([
  ['token-mallory', { environment: 'env', subscriberId: 'mallory' }],
  ['token-grace', { environment: 'env', subscriberId: 'grace' }],
]);
const counts = { unread: 1, unseen: 1, unreadBySeverity: { high: 0, medium: 0, low: 0, none: 1 } };

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

it('gives a connection one socket: 8,000 CONNECT frames in one write neither multiply sockets nor freeze the server', async () => {
  const hub = createInboxChangeHub();
  const resolveSession = vi.fn((token: string) => SESSIONS.get(token));
  const server: MockServer = await startMockServer({
    port: 0,
    seed: {},
    inboxSocket: { resolveSession, changes: hub },
  });
  opened.push(server);
  const grace = inboxClient(server.url, 'token-grace');
  opened.push({ close: () => grace.socket.disconnect() });
  await connected(grace.socket);

  const mallory = await rawClient(server.url, 'token-mallory', { connect: false });
  opened.push({ close: () => mallory.destroy() });
  mallory.write(Buffer.concat(Array.from({ length: 8_000 }, () => clientFrame('40'))));
  // The server cuts the connection that connected twice, as socket.io does for a second CONNECT.
  const cut = await Promise.race([
    closedByServer(mallory).then(() => true),
    new Promise((resolve) => setTimeout(resolve, 3_000, false)),
  ]);
  expect(cut).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // grace's socket and at most mallory's first: never one session lookup per frame.
  expect(resolveSession.mock.calls.length).toBeLessThanOrEqual(2);

  const started = performance.now();
  hub.publish({ kind: 'counts', environment: 'env', subscriberId: 'mallory', counts });
  hub.publish({ kind: 'counts', environment: 'env', subscriberId: 'grace', counts });
  await vi.waitFor(() => expect(grace.received).toHaveLength(2), { timeout: 5_000 });
  expect(performance.now() - started).toBeLessThan(1_000);
});
