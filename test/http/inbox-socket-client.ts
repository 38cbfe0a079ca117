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

/** A masked WebSocket text frame (what a client sends), for payloads under 126 bytes. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = payload.map((byte, index) => byte ^ (mask[index % 4] as number));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

/**
 * A client that opens the socket.io session by hand (WebSocket upgrade, `40` connect packet),
 * waits for the server's connect answer, then stops reading: the server's sends pile up.
 */
export function stalledClient(url: string, token: string): Promise<TcpSocket> {
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
      if (!sentConnect && seen.includes('0{"sid"')) {
        sentConnect = true;
        socket.write(clientFrame('40'));
      }
      if (seen.includes('40{"sid"')) {
        socket.off('data', onData);
        socket.pause();
        resolve(socket);
      }
    };
    socket.on('data', onData);
  });
}
