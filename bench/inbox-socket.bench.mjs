// The Inbox socket (issue 26): 1,000 sockets connected to svc-mock's socket.io server, one per
// subscriber, from a separate process (bench/lib/inbox-socket-clients.mjs); one trigger to a topic
// of all 1,000 subscribers through the HTTP API (a trigger names at most 100 recipients), and the time from sending it to the last socket's
// `notification_received` (median of the rounds), beside the trigger's own answer; and the
// server's memory per connected socket (heap and RSS after garbage collection, before and after
// the sockets connect, socket.io already loaded).
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createMockEngine } from '../dist/mock/index.js';
import { startMockServer } from '../dist/mock/node.js';
import { median, SMOKE, settleHeap } from './lib/measure.mjs';

const SOCKETS = SMOKE ? 20 : Number(process.env.BENCH_INBOX_SOCKETS ?? 1_000);
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_INBOX_ROUNDS ?? 5);
const clients = fileURLToPath(new URL('./lib/inbox-socket-clients.mjs', import.meta.url));
const now = () => performance.timeOrigin + performance.now();

const subscriberIds = Array.from({ length: SOCKETS }, (_, index) => `reader-${index}`);
const seed = {
  subscribers: subscriberIds.map((subscriberId) => ({ subscriberId })),
  topics: [{ key: 'readers', subscribers: subscriberIds }],
  workflows: [
    {
      workflowId: 'ping',
      name: 'Ping',
      steps: [
        {
          type: 'in_app',
          name: 'Inbox',
          controlValues: { body: 'Hi {{subscriber.subscriberId}}' },
        },
      ],
    },
  ],
};

function memory() {
  settleHeap();
  const { heapUsed, rss, external } = process.memoryUsage();
  return { heapUsed, rss, external };
}

/** The next message of the clients' process of one type. */
function next(child, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code) => reject(new Error(`the clients' process exited with ${code}`));
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Runs the Inbox socket bench and answers its rows. */
export default async function run() {
  const engine = createMockEngine({ seed });
  const environment = engine.environment('Development');
  const inbox = await startMockServer({
    port: 0,
    engine,
    inboxSocket: {
      // The bench's sessions: the token names the subscriber.
      resolveSession: (token) =>
        token.startsWith('token-')
          ? { environment: environment._id, subscriberId: token.slice('token-'.length) }
          : undefined,
      limits: { maxSockets: SOCKETS + 10, maxSocketsPerAddress: SOCKETS + 10 },
    },
  });
  let child;
  try {
    // socket.io loads on the first connection: loaded here, its code is not counted per socket.
    await import('../dist/mock/realtime/socket-io-server.js');
    const before = memory();
    child = fork(
      clients,
      [JSON.stringify({ url: inbox.url, tokens: subscriberIds.map((id) => `token-${id}`) })],
      { stdio: ['ignore', 2, 2, 'ipc'] },
    );
    await next(child, 'ready');
    const after = memory();
    const durations = [];
    const answers = [];
    for (let round = 0; round < ROUNDS; round++) {
      child.send({ type: 'round' });
      await next(child, 'armed');
      const received = next(child, 'received');
      const sent = now();
      const response = await fetch(`${inbox.url}/v1/events/trigger`, {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${environment.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'ping', to: [{ type: 'Topic', topicKey: 'readers' }] }),
      });
      if (response.status !== 201) throw new Error(`trigger answered ${response.status}`);
      answers.push(now() - sent);
      durations.push((await received).at - sent);
    }
    const perSocket = (key) => +((after[key] - before[key]) / SOCKETS / 1024).toFixed(1);
    const detail = `${SOCKETS} sockets from another process`;
    return [
      {
        bench: 'inbox-socket',
        name: `trigger to ${SOCKETS} subscribers -> last notification_received`,
        value: +median(durations).toFixed(1),
        unit: 'ms',
        detail: `median of ${ROUNDS} rounds (${durations.map((d) => d.toFixed(0)).join(', ')} ms); ${detail}`,
      },
      {
        bench: 'inbox-socket',
        name: `trigger to ${SOCKETS} subscribers answered (for comparison)`,
        value: +median(answers).toFixed(1),
        unit: 'ms',
        detail: `median of ${ROUNDS} rounds: the trigger's own HTTP answer, the run of ${SOCKETS} deliveries included`,
      },
      {
        bench: 'inbox-socket',
        name: 'server heap per connected socket',
        value: perSocket('heapUsed'),
        unit: 'KB',
        detail: `heapUsed after GC, ${detail}; external ${perSocket('external')} KB per socket`,
      },
      {
        bench: 'inbox-socket',
        name: 'server RSS per connected socket',
        value: perSocket('rss'),
        unit: 'KB',
        detail: `RSS after GC, ${detail}`,
      },
    ];
  } finally {
    if (child?.connected) {
      child.send({ type: 'close' });
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await inbox.close();
  }
}
