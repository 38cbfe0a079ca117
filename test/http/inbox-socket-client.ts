// Clients of the Inbox socket for tests and the bench: socket.io-client as the service's Inbox
// client configures it, and a raw WebSocket that stops reading (a slow client).
import { request } from 'node:http';
import { connect as connectTcp, type Socket as TcpSocket } from 'node:net';
import { io, type Socket } from 'socket.io-client';

/** An event a client received, in order. */
export interface Received {
  event: string;
  payload: unknown;
}

/** A socket.io client as `@novu/js` opens it for a `socketUrl` of its own: WebSocket, `query.token`. */
export function inboxClient(url: string, token: string): { socket: Socket; received: Received[] } {
  const socket = io(url, {
    transports: ['websocket'],
    query: { token },
    reconnection: false,
    forceNew: true,
  });
  const received: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  return { socket, received };
}

/** Resolves once connected; rejects with the connection error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The status an upgrade to `/socket.io/` is answered with (101 when the WebSocket opens). */
export function upgradeStatus(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/socket.io/?EIO=4&transport=websocket&token=${token}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A masked WebSocket text frame (what a client sends), for payloads under 64 kB. */
export function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = payload.map((byte, index) => byte ^ (mask[index % 4] as number));
  const length =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([length, mask, masked]);
}

/**
 * A client that opens the socket.io session by hand: the WebSocket upgrade, then (unless
 * `connect` is false) the `40` connect packet, resolving once the server answered it (or, without
 * `connect`, once engine.io's open packet arrived).
 */
export function rawClient(
  url: string,
  token: string,
  { connect = true }: { connect?: boolean } = {},
): Promise<TcpSocket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), hostname);
    let seen = '';
    let sentConnect = false;
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket&token=${token} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      const opened = seen.includes('0{"sid"');
      if (opened && !connect) {
        socket.off('data', onData);
        resolve(socket);
      } else if (opened && !sentConnect) {
        sentConnect = true;
        socket.write(clientFrame('40'));
      }
      if (seen.includes('40{"sid"')) {
        socket.off('data', onData);
        resolve(socket);
      }
    };
    socket.on('data', onData);
  });
}

/** A client that connects (see {@link rawClient}), then stops reading: the server's sends pile up. */
export async function stalledClient(url: string, token: string): Promise<TcpSocket> {
  const socket = await rawClient(url, token);
  socket.pause();
  return socket;
}

/**
 * Resolves once the server closes the WebSocket: its close frame arrives (a raw client does not
 * answer it, so the TCP connection lingers until the server's close timeout) or the connection
 * ends. Reads what is left, so the close is seen.
 */
export function closedByServer(socket: TcpSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.on('data', (chunk: Buffer) => {
      if (chunk.includes(0x88)) resolve(); // FIN + opcode 8: a close frame
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
    socket.resume();
  });
}
