/**
 * The Inbox's real-time socket: socket.io v4 at `/socket.io/` on the mock server's port, as the
 * service's Inbox client connects to any `socketUrl` that is not the service's own host
 * (WebSocket transport, the session token in `query.token`). Each authenticated socket joins
 * the room of its environment and subscriber and hears only that subscriber's changes:
 * `notification_received`, `unseen_count_changed`, `unread_count_changed`
 * (docs/inbox.md#real-time).
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket as EngineSocket } from 'engine.io';
import type { Socket } from 'socket.io';
import type { InboxChangeSource, InboxSocketChange } from './inbox-changes';
import { inboxSocketEvents } from './socket-events';
import type { SocketIoServer } from './socket-io-server';
import { DEFAULT_INBOX_SOCKET_LIMITS, type InboxSocketLimits } from './socket-limits';

/**
 * Who an Inbox session token belongs to: the environment's `_id` and the subscriber's own id.
 *
 * @example
 * ```ts
 * const session: InboxSocketSession = { environment: env._id, subscriberId: 'user-1' };
 * ```
 */
export interface InboxSocketSession {
  environment: string;
  subscriberId: string;
}

/**
 * Finds the session of a token; `undefined` for a token that is unknown, malformed or expired.
 *
 * @example
 * ```ts
 * const resolveSession: ResolveInboxSocketSession = (token) => sessions.get(token);
 * ```
 */
export type ResolveInboxSocketSession = (token: string) => InboxSocketSession | undefined;

/**
 * Options of the Inbox socket (`startMockServer({ inboxSocket })`, docs/inbox.md#real-time).
 *
 * @example
 * ```ts
 * const options: InboxSocketOptions = { ...engineInboxSocket(engine), limits: { maxSockets: 5_000 } };
 * ```
 */
export interface InboxSocketOptions {
  /** Authenticates a connection by the token the client sends in `query.token` (or `auth.token`). */
  resolveSession: ResolveInboxSocketSession;
  /** The changes to announce. */
  changes: InboxChangeSource;
  /** Caps; each one left out keeps its {@link DEFAULT_INBOX_SOCKET_LIMITS} value. */
  limits?: Partial<InboxSocketLimits>;
}

/**
 * The Inbox socket as the HTTP server uses it.
 *
 * @example
 * ```ts
 * const inbox = createInboxSocketServer({ resolveSession, changes });
 * httpServer.on('upgrade', (req, socket, head) => {
 *   if (!inbox.handleUpgrade(req, socket, head)) socket.destroy();
 * });
 * ```
 */
export interface InboxSocketServer {
  /** Takes a WebSocket upgrade to `/socket.io/` and returns `true`; `false` for another path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Answers a plain HTTP request to `/socket.io/` (the long-polling transport, which is not
   * served) and returns `true`; `false` for another path.
   */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Authenticated sockets open now. */
  readonly sockets: number;
  /** Closes every socket and refuses new ones. */
  close(): Promise<void>;
}

/** Where socket.io listens; the client adds it to the `socketUrl`. */
export const SOCKET_IO_PATH = '/socket.io/';

function roomOf(environment: string, subscriberId: string): string {
  return JSON.stringify([environment, subscriberId]);
}

/** The token as the service's gateway reads it: `auth.token`, else `query.token`. */
function tokenOf(socket: Socket): string | undefined {
  const { auth, query } = socket.handshake;
  const token = (auth as { token?: unknown } | undefined)?.token ?? query['token'];
  return typeof token === 'string' && token !== '' && token !== 'null' ? token : undefined;
}

function isSocketPath(url: string | undefined): boolean {
  return url?.startsWith(SOCKET_IO_PATH) === true;
}

/** Answers an upgrade the server will not take, on the raw socket, and closes it. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  socket.on('error', () => {});
  if (socket.writable) {
    const body = JSON.stringify({ statusCode: status, message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Whether an engine.io message is a socket.io `CONNECT` (type `0`, to any namespace): a client
 * sends one per namespace it joins, and the Inbox client joins only the main one.
 */
function isConnectPacket(packet: { type?: string; data?: unknown }): boolean {
  return packet.type === 'message' && typeof packet.data === 'string' && packet.data[0] === '0';
}

/** Bytes of an engine.io packet's data. */
function packetSize(packet: { data?: unknown }): number {
  const { data } = packet;
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/**
 * Creates the Inbox socket. socket.io is loaded on the first connection; the change source is
 * listened to only while a socket is open, so a server with no Inbox open does no extra work.
 *
 * @example
 * ```ts
 * const inbox = createInboxSocketServer({
 *   ...engineInboxSocket(engine),
 *   limits: { maxSockets: 5_000 },
 * });
 * ```
 */
export function createInboxSocketServer(options: InboxSocketOptions): InboxSocketServer {
  const limits: InboxSocketLimits = { ...DEFAULT_INBOX_SOCKET_LIMITS, ...options.limits };
  /**
   * Raw connections under the caps, from the upgrade until they close. A connection carries at
   * most one socket (see `watchConnection`), so the caps on connections bound the sockets.
   */
  const connections = new Set<Duplex>();
  const perAddress = new Map<string, number>();
  /** Bytes each connection's engine has queued and not yet handed to its WebSocket. */
  const queued = new WeakMap<EngineSocket, number>();
  let authenticated = 0;
  let stopChanges: (() => void) | undefined;
  let loading: Promise<SocketIoServer> | undefined;
  let closed = false;

  const backlog = (socket: Socket) =>
    (queued.get(socket.conn) ?? 0) + (socket.request.socket?.writableLength ?? 0);

  /**
   * Per-connection accounting, attached once when engine.io opens the connection (never per
   * socket: listeners per socket on the shared connection made one event cost sockets² calls).
   * A connection gets one socket: a second `CONNECT` closes it, as socket.io closes a client that
   * connects twice to one namespace, but here before socket.io starts adding the socket (it adds
   * them asynchronously, so a burst of `CONNECT` frames in one write would all pass).
   */
  function watchConnection(conn: EngineSocket): void {
    let connects = 0;
    queued.set(conn, 0);
    conn.on('packet', (packet: { type?: string; data?: unknown }) => {
      if (!isConnectPacket(packet)) return;
      connects += 1;
      if (connects === 1) return;
      // 'closing' from here on: engine.io drops every later frame of the connection unread.
      conn.close();
      conn.request.socket?.destroy();
    });
    conn.on('packetCreate', (packet: { data?: unknown }) => {
      queued.set(conn, (queued.get(conn) ?? 0) + packetSize(packet));
    });
    conn.on('drain', () => queued.set(conn, 0));
  }

  function announce(io: SocketIoServer['io'], change: InboxSocketChange): void {
    const room = roomOf(change.environment, change.subscriberId);
    const members = io.sockets.adapter.rooms.get(room);
    if (!members || members.size === 0) return;
    for (const id of [...members]) {
      const socket = io.sockets.sockets.get(id);
      // A client that does not read would make the server hold every later event for it. The
      // connection is cut, not closed: a close waits for the queue to drain first.
      if (socket && backlog(socket) > limits.maxBufferedBytes) {
        socket.disconnect(true);
        socket.request.socket?.destroy();
      }
    }
    // One emit per room: socket.io encodes the packet once for all of the room's sockets.
    const target = io.to(room);
    for (const [event, payload] of inboxSocketEvents(change)) target.emit(event, payload);
  }

  function onConnection(io: SocketIoServer['io'], socket: Socket): void {
    let session: InboxSocketSession | undefined;
    try {
      const token = tokenOf(socket);
      session = token === undefined ? undefined : options.resolveSession(token);
    } catch (error) {
      console.error('[svc-mock] an Inbox session could not be resolved:', error);
    }
    // As the service's gateway: a missing, unknown or expired token is disconnected.
    if (!session || closed) {
      socket.disconnect(true);
      return;
    }
    socket.join(roomOf(session.environment, session.subscriberId));
    authenticated += 1;
    if (authenticated === 1) {
      stopChanges = options.changes.subscribe((change) => {
        try {
          announce(io, change);
        } catch (error) {
          console.error('[svc-mock] an Inbox change could not be sent:', error);
        }
      });
    }
    socket.once('disconnect', () => {
      authenticated -= 1;
      if (authenticated === 0) {
        stopChanges?.();
        stopChanges = undefined;
      }
    });
  }

  function load(): Promise<SocketIoServer> {
    loading ??= import('./socket-io-server').then(({ createSocketIoServer }) => {
      const server = createSocketIoServer(limits);
      server.engine.on('connection', watchConnection);
      server.io.on('connection', (socket) => onConnection(server.io, socket));
      return server;
    });
    return loading;
  }

  function release(socket: Duplex, address: string): void {
    if (!connections.delete(socket)) return;
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  }

  return {
    handleUpgrade(req, socket, head) {
      if (!isSocketPath(req.url)) return false;
      const address = req.socket.remoteAddress ?? '';
      if (closed) {
        refuseUpgrade(socket, 503, 'Service Unavailable', 'The server is closing');
        return true;
      }
      if (connections.size >= limits.maxSockets) {
        refuseUpgrade(
          socket,
          503,
          'Service Unavailable',
          `Too many Inbox sockets: the server keeps at most ${limits.maxSockets}`,
        );
        return true;
      }
      if ((perAddress.get(address) ?? 0) >= limits.maxSocketsPerAddress) {
        refuseUpgrade(
          socket,
          429,
          'Too Many Requests',
          `Too many Inbox sockets from ${address}: at most ${limits.maxSocketsPerAddress} per address`,
        );
        return true;
      }
      connections.add(socket);
      // Until the WebSocket server takes it, a reset must not be an unhandled 'error'.
      socket.on('error', () => {});
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      socket.once('close', () => release(socket, address));
      load().then(
        ({ engine }) => {
          if (socket.destroyed) return;
          engine.handleUpgrade(req, socket, head);
        },
        (error: unknown) => {
          console.error('[svc-mock] the Inbox socket could not start:', error);
          refuseUpgrade(socket, 500, 'Internal Server Error', 'The Inbox socket could not start');
        },
      );
      return true;
    },
    handleRequest(req, res) {
      if (!isSocketPath(req.url)) return false;
      // engine.io's answer to a transport it does not serve: the client uses WebSocket only.
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: 'Transport unknown' }));
      return true;
    },
    get sockets() {
      return authenticated;
    },
    async close() {
      closed = true;
      stopChanges?.();
      stopChanges = undefined;
      if (loading) {
        const { io } = await loading.catch(() => ({ io: undefined }));
        await io?.close();
      }
      for (const socket of connections) socket.destroy();
      connections.clear();
      perAddress.clear();
    },
  };
}
