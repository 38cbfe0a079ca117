/**
 * The socket.io v4 server of the Inbox socket, over an engine.io server that is not attached to
 * any HTTP server: the mock server hands it the upgrades it routes here. Only this module
 * imports socket.io, and the Inbox socket loads it on the first connection, so a server that
 * never sees an Inbox does not load socket.io (docs/benchmarks.md, "CLI start").
 *
 * @module
 */

import { Server as EngineServer } from 'engine.io';
import { Server } from 'socket.io';
import type { InboxSocketLimits } from './socket-limits';

/** engine.io and socket.io, bound together. */
export interface SocketIoServer {
  engine: EngineServer;
  io: Server;
}

/**
 * Creates the servers: WebSocket transport only (what the service's Inbox client uses), no
 * compression (it costs memory per socket), client messages and the handshake's time bounded by
 * the limits.
 *
 * @example
 * ```ts
 * const { engine, io } = createSocketIoServer(DEFAULT_INBOX_SOCKET_LIMITS);
 * httpServer.on('upgrade', (req, socket, head) => engine.handleUpgrade(req, socket, head));
 * ```
 */
export function createSocketIoServer(
  limits: Pick<InboxSocketLimits, 'maxMessageBytes' | 'handshakeTimeoutMs'>,
): SocketIoServer {
  const engine = new EngineServer({
    transports: ['websocket'],
    allowUpgrades: false,
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: limits.maxMessageBytes,
  });
  const io = new Server({ serveClient: false, connectTimeout: limits.handshakeTimeoutMs });
  io.bind(engine);
  return { engine, io };
}
