// The crash test of `svc-mock --data` (issue 30): runs `svc-mock` on one data directory, sends
// concurrent writes (subscriber creates with idempotency keys, subscriber updates, topic
// subscriptions, triggers of a workflow with a delay), kills it with SIGKILL at a random moment,
// restarts it on the same directory and checks that every write answered 2xx is there, every
// unanswered one is wholly there or wholly absent, and idempotency keys still replay. Used by
// test/persistence/crash.test.ts (a few kills) and bench/persistence.bench.mjs (50 or more).
import { spawn } from 'node:child_process';
import { callApi } from './api-call.mjs';

const API_KEY = 'crash-loop-key-0123456789';

/** Starts `svc-mock --data <dir>` and resolves once its banner is out. */
function startServer(cli, directory) {
  const child = spawn(
    process.execPath,
    [cli, '--port', '0', '--quiet', '--no-inspector', '--data', directory, '--api-key', API_KEY],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_MOCK_DATA: '' } },
  );
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /svc-mock listening on (http:\/\/\S+)[\s\S]*control API:/.exec(output);
      if (match) resolve(match[1]);
    });
    exited.then(({ code, signal }) =>
      reject(
        new Error(`svc-mock exited (${code ?? signal}) before its banner: ${errors}${output}`),
      ),
    );
  });
  return { child, url, exited, errors: () => errors };
}

const call = (url, method, path, body, headers) =>
  callApi(url, API_KEY, method, path, body, headers);

/**
 * The writes of one worker, until `stop()`: what it sent and what was answered 2xx.
 */
async function worker(url, id, round, record, stopped) {
  const subscriberId = `w${id}-r${round}`;
  const key = `create-${subscriberId}`;
  const createBody = { subscriberId, firstName: 'v0' };
  record.creates.push({ subscriberId, key, body: createBody, acked: undefined });
  const create = record.creates.at(-1);
  try {
    const answer = await call(url, 'POST', '/v2/subscribers', createBody, {
      'idempotency-key': key,
    });
    if (answer.status >= 200 && answer.status < 300) create.acked = answer.body;
  } catch {
    return; // killed
  }
  if (create.acked === undefined) return;
  const updates = { subscriberId, attempted: ['v0'], acked: 0 };
  record.updates.push(updates);
  for (let step = 1; !stopped(); step++) {
    try {
      const kind = step % 3;
      if (kind === 0) {
        const value = `v${step}`;
        updates.attempted.push(value);
        const answer = await call(url, 'PATCH', `/v2/subscribers/${subscriberId}`, {
          firstName: value,
        });
        if (answer.status === 200) updates.acked = updates.attempted.length - 1;
      } else if (kind === 1) {
        const topic = { subscriberId, topicKey: `crash-topic-${id % 3}`, acked: false };
        record.subscriptions.push(topic);
        const answer = await call(url, 'POST', `/v2/topics/${topic.topicKey}/subscriptions`, {
          subscriptions: [subscriberId],
        });
        if (answer.status >= 200 && answer.status < 300) topic.acked = true;
      } else {
        const trigger = { transactionId: `tx-${subscriberId}-${step}`, acked: false };
        record.triggers.push(trigger);
        const answer = await call(url, 'POST', '/v1/events/trigger', {
          name: 'trial-ending',
          to: subscriberId,
          payload: {},
          transactionId: trigger.transactionId,
        });
        if (answer.status === 201) trigger.acked = true;
      }
    } catch {
      return; // killed
    }
  }
}

/** What a restarted server must hold; answers the problems found. */
async function verify(url, record) {
  const problems = [];
  for (const create of record.creates) {
    const answer = await call(url, 'GET', `/v2/subscribers/${create.subscriberId}`);
    if (create.acked !== undefined && answer.status !== 200) {
      problems.push(`acknowledged subscriber ${create.subscriberId} is missing (${answer.status})`);
    }
    if (create.acked !== undefined) {
      // The idempotency key still replays the first answer.
      const again = await call(url, 'POST', '/v2/subscribers', create.body, {
        'idempotency-key': create.key,
      });
      if (
        again.headers.get('idempotency-replay') !== 'true' ||
        JSON.stringify(again.body) !== JSON.stringify(create.acked)
      ) {
        problems.push(`idempotency key ${create.key} does not replay its answer (${again.status})`);
      }
    }
  }
  for (const updates of record.updates) {
    const answer = await call(url, 'GET', `/v2/subscribers/${updates.subscriberId}`);
    const value = answer.body?.data?.firstName;
    const index = updates.attempted.indexOf(value);
    // The last acknowledged value, or the one update sent after it and not answered.
    if (index < updates.acked || index > updates.acked + 1) {
      problems.push(
        `subscriber ${updates.subscriberId} has firstName ${value}; acknowledged ${updates.attempted[updates.acked]}`,
      );
    }
  }
  const members = new Map();
  for (const topic of record.subscriptions) {
    if (!members.has(topic.topicKey)) {
      const answer = await call(url, 'GET', `/v2/topics/${topic.topicKey}/subscriptions?limit=100`);
      members.set(
        topic.topicKey,
        new Set((answer.body?.data ?? []).map((item) => item.subscriber?.subscriberId)),
      );
    }
    if (topic.acked && !members.get(topic.topicKey).has(topic.subscriberId)) {
      problems.push(
        `acknowledged subscription of ${topic.subscriberId} to ${topic.topicKey} is missing`,
      );
    }
  }
  for (const trigger of record.triggers) {
    const outbox = await fetch(`${url}/__svc/outbox?transactionId=${trigger.transactionId}`);
    const messages = (await outbox.json()).data ?? [];
    const notifications = await call(
      url,
      'GET',
      `/v1/notifications?transactionId=${trigger.transactionId}`,
    );
    const stored = notifications.body?.data?.length ?? 0;
    if (trigger.acked && (messages.length !== 1 || stored !== 1)) {
      problems.push(
        `acknowledged trigger ${trigger.transactionId}: ${stored} notifications, ${messages.length} messages`,
      );
    }
    // Wholly there or wholly absent: a notification comes with its in-app message.
    if (!trigger.acked && messages.length !== stored) {
      problems.push(
        `unacknowledged trigger ${trigger.transactionId} is half there (${stored} notifications, ${messages.length} messages)`,
      );
    }
  }
  return problems;
}

/**
 * Runs `kills` rounds of load, SIGKILL and restart on `directory`; answers the counts and any
 * problems found (none when every acknowledged write survived).
 *
 * @example
 * const result = await crashLoop({ cli, directory, kills: 3 });
 * result.problems; // []
 */
export async function crashLoop({ cli, directory, kills, workers = 6, minMs = 150, maxMs = 600 }) {
  const problems = [];
  let acknowledged = 0;
  let unanswered = 0;
  let server = startServer(cli, directory);
  let url = await server.url;
  // Topics the subscriptions go to, created once.
  for (let topic = 0; topic < 3; topic++) {
    await call(url, 'POST', '/v2/topics', { key: `crash-topic-${topic}`, name: `Crash ${topic}` });
  }
  for (let round = 0; round < kills; round++) {
    const record = { creates: [], updates: [], subscriptions: [], triggers: [] };
    let stop = false;
    const running = Array.from({ length: workers }, (_, id) =>
      worker(url, id, round, record, () => stop),
    );
    await new Promise((resolve) => setTimeout(resolve, minMs + Math.random() * (maxMs - minMs)));
    server.child.kill('SIGKILL');
    stop = true;
    await server.exited;
    await Promise.all(running);
    server = startServer(cli, directory);
    try {
      url = await server.url;
    } catch (error) {
      problems.push(`round ${round}: restart failed: ${error.message}`);
      break;
    }
    const found = await verify(url, record);
    problems.push(...found.map((problem) => `round ${round}: ${problem}`));
    for (const list of [record.creates, record.subscriptions, record.triggers]) {
      for (const item of list) {
        if (item.acked) acknowledged += 1;
        else unanswered += 1;
      }
    }
  }
  server.child.kill('SIGKILL');
  await server.exited;
  return { kills, acknowledged, unanswered, problems };
}
