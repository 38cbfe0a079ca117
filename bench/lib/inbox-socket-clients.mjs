// The clients of the Inbox socket bench (bench/inbox-socket.bench.mjs), in a process of their
// own so the server's memory holds the server alone: opens one socket.io client per token as the
// service's Inbox client does (WebSocket, `query.token`), reports `ready`, then on each `round`
// reports the time the last socket received its `notification_received`.
// Usage: fork('lib/inbox-socket-clients.mjs', [JSON.stringify({ url, tokens })]).
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';

const { url, tokens } = JSON.parse(process.argv[2]);
const BATCH = 50;
const now = () => performance.timeOrigin + performance.now();

let waiting = 0;
const sockets = [];
for (let start = 0; start < tokens.length; start += BATCH) {
  await Promise.all(
    tokens.slice(start, start + BATCH).map(
      (token) =>
        new Promise((resolve, reject) => {
          const socket = io(url, {
            transports: ['websocket'],
            query: { token },
            reconnection: false,
            forceNew: true,
          });
          socket.on('notification_received', () => {
            waiting -= 1;
            if (waiting === 0) process.send({ type: 'received', at: now() });
          });
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
          sockets.push(socket);
        }),
    ),
  );
}

process.on('message', (message) => {
  if (message.type === 'round') {
    waiting = sockets.length;
    process.send({ type: 'armed' });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.disconnect();
  }
});
process.send({ type: 'ready' });
