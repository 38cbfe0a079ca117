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

/** engine.io and socket.io, bound together. */
export interface SocketIoServer {
  engine: EngineServer;
  io: Server;
}

/**
 * Creates the servers: WebSocket transport only (what the service's Inbox client uses), no
 * compression (it costs memory per socket), small client messages (the client sends only its
 * `CONNECT`), and a socket that does not finish its handshake in 10 s is closed.
 *
 * @example
 * ```ts
 * const { engine, io } = createSocketIoServer();
 * httpServer.on('upgrade', (req, socket, head) => engine.handleUpgrade(req, socket, head));
 * ```
 */
export function createSocketIoServer(): SocketIoServer {
  const engine = new EngineServer({
    transports: ['websocket'],
    allowUpgrades: false,
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: 16 * 1024,
  });
  const io = new Server({ serveClient: false, connectTimeout: 10_000 });
  io.bind(engine);
  return { engine, io };
}
