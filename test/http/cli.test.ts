// The `svc-mock` bin as users run it: the built dist/cli.js in a child process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Svc } from '@svc/api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version';
import { freshDist } from '../package/fresh-dist';
import { connected, inboxClient } from './inbox-socket-client';
import { bannerKey, killLeftoverProcesses, runSvcMock, startSvcMock } from './svc-mock-process';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

// The same lock the other dist tests take, so parallel files wait for one build instead of racing.
beforeAll(() => freshDist(), 300_000);

afterEach(killLeftoverProcesses);

const run = (args: string[], env: Record<string, string> = {}) => runSvcMock(cli, args, { env });
const start = (args: string[], env: Record<string, string> = {}) =>
  startSvcMock(cli, args, { env });

function seedFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-mock-seed-')), 'seed.json');
  writeFileSync(file, content);
  return file;
}

describe('svc-mock CLI', () => {
  it('prints the URL and each environment, then serves the client and raw fetch', async () => {
    const server = await start([]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = bannerKey(server.stdout(), 'Development');
    bannerKey(server.stdout(), 'Production');

    const environments = (await (await fetch(`${server.url}/__svc/environments`)).json()) as {
      data: { name: string; _id: string; apiKey: string; identifier: string }[];
    };
    for (const env of environments.data) {
      expect(server.stdout()).toContain(
        `_id=${env._id}  apiKey=${env.apiKey}  applicationIdentifier=${env.identifier}`,
      );
    }

    const svc = new Svc({ secretKey: key, baseUrl: server.url });
    const subscriber = await svc.subscribers.retrieve('demo-ada');
    expect(subscriber).toMatchObject({ subscriberId: 'demo-ada', firstName: 'Ada' });

    const raw = await fetch(`${server.url}/v2/subscribers/demo-grace`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { data: { lastName: string } }).data.lastName).toBe('Hopper');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toMatch(/^GET \/v2\/subscribers\/demo-grace 200 \d+\.\dms$/m);
  });

  it('serves all 14 operations over real HTTP to the client', async () => {
    const server = await start(['--quiet']);
    const key = bannerKey(server.stdout(), 'Development');
    const environments = (await (await fetch(`${server.url}/__svc/environments`)).json()) as {
      data: { name: string; _id: string }[];
    };
    const production = environments.data.find((env) => env.name === 'Production')?._id ?? '';
    const svc = new Svc({ secretKey: key, baseUrl: server.url, validation: 'strict' });

    await svc.subscribers.credentials.upsert('demo-ada', {
      providerId: 'slack',
      credentials: { webhookUrl: 'https://hooks.slack.com/demo' },
    });
    expect((await svc.subscribers.update('demo-ada', { lastName: 'King' })).lastName).toBe('King');
    expect((await svc.subscribers.search({ email: 'grace@' })).data).toHaveLength(1);
    expect((await svc.subscribers.retrieve('demo-alan')).firstName).toBe('Alan');
    const subscriptions = await svc.subscribers.subscriptions.list('demo-ada', {});
    expect(subscriptions.data.map((entry) => entry.topic.key)).toEqual(['product-updates']);
    const created = await svc.integrations.create({ providerId: 'mailgun', channel: 'email' });
    expect((await svc.integrations.setPrimary(created._id ?? '')).primary).toBe(true);
    expect((await svc.integrations.list()).length).toBeGreaterThan(3);
    const { data: workflows } = await svc.workflows.list({});
    expect(workflows.length).toBe(4);
    const synced = await svc.workflows.sync('welcome', { targetEnvironmentId: production });
    expect(synced.workflowId).toBe('welcome');
    const triggered = await svc.events.trigger({ name: 'order-shipped', to: 'demo-ada' });
    expect(triggered.status).toBe('processed');
    const page = await svc.notifications.list({ transactionId: triggered.transactionId ?? '' });
    const activity = await svc.notifications.retrieve(page.data[0]?._id ?? '');
    expect(activity.transactionId).toBe(triggered.transactionId);
    const messages = (await (await fetch(`${server.url}/__svc/outbox?channel=in_app`)).json()) as {
      data: { messageId: string }[];
    };
    const marked = await svc.subscribers.messages.markAs('demo-ada', {
      messageId: messages.data[0]?.messageId ?? '',
      markAs: 'read',
    });
    expect(marked[0]?.read).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('serves all 14 operations over real HTTP to raw fetch', async () => {
    const server = await start(['--quiet']);
    const key = bannerKey(server.stdout(), 'Development');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { data: never } };
    };
    const environments = (await (await fetch(`${server.url}/__svc/environments`)).json()) as {
      data: { name: string; _id: string }[];
    };
    const production = environments.data.find((env) => env.name === 'Production')?._id;
    const statuses = [
      (
        await call('PATCH', '/v1/subscribers/demo-ada/credentials', {
          providerId: 'slack',
          credentials: { webhookUrl: 'https://hooks.slack.com/x' },
        })
      ).status,
      (await call('PATCH', '/v2/subscribers/demo-ada', { lastName: 'King' })).status,
      (await call('GET', '/v2/subscribers?subscriberId=demo-ada')).status,
      (await call('GET', '/v2/subscribers/demo-ada')).status,
      (await call('GET', '/v2/subscribers/demo-ada/subscriptions')).status,
    ];
    const created = await call('POST', '/v1/integrations', {
      providerId: 'mailgun',
      channel: 'email',
    });
    const integrationId = (created.body.data as { _id: string })._id;
    statuses.push(
      created.status,
      (await call('POST', `/v1/integrations/${integrationId}/set-primary`)).status,
      (await call('GET', '/v1/integrations')).status,
      (await call('GET', '/v2/workflows')).status,
      (await call('PUT', '/v2/workflows/welcome/sync', { targetEnvironmentId: production })).status,
    );
    const triggered = await call('POST', '/v1/events/trigger', { name: 'welcome', to: 'demo-ada' });
    const list = await call('GET', '/v1/notifications');
    const notificationId = (list.body.data as { _id: string }[])[0]?._id;
    const one = await call('GET', `/v1/notifications/${notificationId}`);
    const outbox = (await (await fetch(`${server.url}/__svc/outbox?channel=in_app`)).json()) as {
      data: { messageId: string }[];
    };
    const marked = await call('POST', '/v1/subscribers/demo-ada/messages/mark-as', {
      messageId: outbox.data.map((entry) => entry.messageId),
      markAs: 'seen',
    });
    statuses.push(triggered.status, list.status, one.status, marked.status);
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 201, 200, 200, 200, 200, 201, 200, 200, 201,
    ]);
    expect((marked.body.data as { seen: boolean }[]).every((message) => message.seen)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('stops cleanly on SIGTERM, SIGINT and SIGHUP: exit 0, port released', async () => {
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      const server = await start(['--quiet']);
      // an open keep-alive connection must not hold the shutdown up
      await (await fetch(`${server.url}/__svc/clock`)).json();
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.stdout()).toContain(`svc-mock stopped (${signal})`);
      await expect(fetch(`${server.url}/__svc/clock`)).rejects.toThrow();
    }
  });

  it('stops when the process that started it goes away (`npx svc-mock & kill $!`)', async () => {
    // A parent that starts svc-mock, passes its output on and is then killed without a chance
    // to pass a signal on.
    const parentScript = `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, [${JSON.stringify(cli)}, '--port', '0', '--quiet'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log('child pid ' + child.pid);
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentScript], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SVC_MOCK_API_KEY: '' },
    });
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const url = await new Promise<string>((resolve) => {
      parent.stdout.on('data', () => {
        const match = /svc-mock listening on (http:\/\/\S+)[\s\S]*control API:/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
    });
    const childPid = Number(/child pid (\d+)/.exec(output)?.[1]);
    expect((await fetch(`${url}/__svc/clock`)).status).toBe(200);
    parent.kill('SIGKILL');
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; alive(childPid) && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(alive(childPid)).toBe(false);
    expect(output).toContain('svc-mock stopped (parent exited)');
    await expect(fetch(`${url}/__svc/clock`)).rejects.toThrow();
  }, 30_000);

  it('answers a wrong key with the service 401 and prints, once, where the keys are', async () => {
    const server = await start(['--quiet']);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${server.url}/v2/subscribers/demo-ada`, {
        headers: { authorization: 'ApiKey not-a-key-of-this-server' },
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe('API Key not found');
    }
    // stderr comes through a pipe: wait for the line to arrive.
    for (let tries = 0; !server.stderr().includes('hint') && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const hints = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('hint'));
    expect(hints).toEqual([
      "[svc-mock] hint: this mock does not know the API key sent (401 API Key not found). The keys are in the start banner and at GET /__svc/environments; --api-key (or $SVC_MOCK_API_KEY) pins Development's.",
    ]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('makes fresh ids on every start; --deterministic repeats them', async () => {
    const firstTransaction = async (args: string[]) => {
      const server = await start(['--quiet', ...args]);
      const svc = new Svc({
        secretKey: bannerKey(server.stdout(), 'Development'),
        baseUrl: server.url,
      });
      const { transactionId } = await svc.events.trigger({ name: 'welcome', to: 'demo-ada' });
      server.child.kill('SIGTERM');
      await server.exited;
      return transactionId;
    };
    expect(await firstTransaction([])).not.toBe(await firstTransaction([]));
    const repeatable = await firstTransaction(['--deterministic']);
    expect(await firstTransaction(['--deterministic'])).toBe(repeatable);
  }, 60_000);

  it('--seed loads a file instead of the demo data, and reset goes back to it', async () => {
    const file = seedFile(
      JSON.stringify({ subscribers: [{ subscriberId: 'from-file', email: 'f@example.com' }] }),
    );
    const server = await start(['--seed', file, '--quiet']);
    const svc = new Svc({
      secretKey: bannerKey(server.stdout(), 'Development'),
      baseUrl: server.url,
    });
    expect((await svc.subscribers.retrieve('from-file')).email).toBe('f@example.com');
    await expect(svc.subscribers.retrieve('demo-ada')).rejects.toMatchObject({ status: 404 });

    await fetch(`${server.url}/__svc/seed`, {
      method: 'POST',
      body: JSON.stringify({ subscribers: [{ subscriberId: 'extra' }] }),
    });
    await fetch(`${server.url}/__svc/reset`, { method: 'POST' });
    await expect(svc.subscribers.retrieve('extra')).rejects.toMatchObject({ status: 404 });
    expect((await svc.subscribers.retrieve('from-file')).subscriberId).toBe('from-file');
  });

  it('loads the sanitiser, ajv and re2js on first use, from the files beside it', async () => {
    // The CLI keeps these out of its start (scripts/lazy-dependencies.mjs): a payload schema with
    // a pattern (ajv, its formats and re2js) and an email step (sanitize-html) use each of them.
    const file = seedFile(
      JSON.stringify({
        subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
        integrations: [{ providerId: 'sendgrid', channel: 'email' }],
        workflows: [
          {
            workflowId: 'receipt',
            validatePayload: true,
            payloadSchema: {
              type: 'object',
              properties: {
                order: { type: 'string', pattern: '^(a+)+$' },
                contact: { type: 'string', format: 'email' },
              },
              required: ['order'],
            },
            steps: [
              {
                type: 'email',
                name: 'Mail',
                controlValues: {
                  subject: 'Order {{payload.order}}',
                  body: '<p onclick="steal()">Order {{payload.order}}</p><script>alert(1)</script>',
                },
              },
            ],
          },
        ],
      }),
    );
    const server = await start(['--seed', file, '--quiet']);
    const svc = new Svc({
      secretKey: bannerKey(server.stdout(), 'Development'),
      baseUrl: server.url,
    });
    await expect(
      svc.events.trigger({ name: 'receipt', to: 'ada', payload: { order: `${'a'.repeat(40)}b` } }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      svc.events.trigger({ name: 'receipt', to: 'ada', payload: { order: 'a', contact: 'nope' } }),
    ).rejects.toMatchObject({ status: 400 });
    const sent = await svc.events.trigger({ name: 'receipt', to: 'ada', payload: { order: 'aa' } });
    expect(sent.status).toBe('processed');
    const outbox = (await (await fetch(`${server.url}/__svc/outbox?channel=email`)).json()) as {
      data: { content: { html?: string; body?: string } }[];
    };
    expect(JSON.stringify(outbox.data[0]?.content)).toContain('<p>Order aa</p>');
    expect(JSON.stringify(outbox.data[0]?.content)).not.toContain('script');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('serves the Inbox socket by default: a session of /v1/inbox/session hears its delivery', async () => {
    const server = await start(['--quiet']);
    const environments = (await (await fetch(`${server.url}/__svc/environments`)).json()) as {
      data: { name: string; identifier: string }[];
    };
    const identifier = environments.data.find((env) => env.name === 'Development')?.identifier;
    const session = await fetch(`${server.url}/v1/inbox/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationIdentifier: identifier, subscriberId: 'demo-ada' }),
    });
    const { data } = (await session.json()) as { data: { token: string } };
    const ada = inboxClient(server.url, data.token);
    try {
      await connected(ada.socket);
      const svc = new Svc({
        secretKey: bannerKey(server.stdout(), 'Development'),
        baseUrl: server.url,
      });
      await svc.events.trigger({ name: 'welcome', to: 'demo-ada' });
      await expect
        .poll(() => ada.received.map(({ event }) => event))
        .toEqual(['notification_received', 'unseen_count_changed', 'unread_count_changed']);
    } finally {
      ada.socket.disconnect();
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('--quiet keeps the banner but prints no request lines', async () => {
    const server = await start(['--quiet']);
    await (await fetch(`${server.url}/v2/subscribers/demo-ada`)).arrayBuffer();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('svc-mock listening on');
    expect(server.stdout()).not.toContain('/v2/subscribers');
  });

  it('prints the inspector in the banner and serves it; --no-inspector turns it off', async () => {
    const server = await start(['--quiet']);
    expect(server.stdout()).toContain(`  inspector:   ${server.url}/__svc/ui\n`);
    const page = await fetch(`${server.url}/__svc/ui`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/__svc/ui/app.js');
    const script = await fetch(`${server.url}/__svc/ui/app.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(10_000); // the page bundled into dist

    const off = await start(['--quiet', '--no-inspector']);
    expect(off.stdout()).toContain('  inspector: off (--no-inspector)');
    expect((await fetch(`${off.url}/__svc/ui`)).status).toBe(404);
    expect((await fetch(`${off.url}/__svc/inspector/clock`)).status).toBe(404);
  });

  it('follows the wall clock by default; --clock virtual stands still until moved', async () => {
    const clockAt = async (url: string) =>
      ((await (await fetch(`${url}/__svc/clock`)).json()) as { data: { epochMs: number } }).data
        .epochMs;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

    const real = await start(['--quiet']);
    expect(real.stdout()).toContain(
      '  clock:       real time (delays and digests run on their own)',
    );
    const realBefore = await clockAt(real.url);
    await pause();
    expect(await clockAt(real.url)).toBeGreaterThan(realBefore);

    const virtual = await start(['--quiet', '--clock', 'virtual']);
    expect(virtual.stdout()).toMatch(/ {2}clock: {7}virtual, at \d{4}-\d\d-\d\dT/);
    const virtualBefore = await clockAt(virtual.url);
    await pause();
    expect(await clockAt(virtual.url)).toBe(virtualBefore);
  });

  it('refuses a seed file that is not JSON, naming the file', async () => {
    const file = seedFile('{ subscribers: ');
    const { exited, stderr } = run(['--port', '0', '--seed', file]);
    expect(await exited).toBe(1);
    expect(stderr()).toContain(`the seed file ${file} is not valid JSON`);
  });

  it('refuses seed data of the wrong shape, naming the field', async () => {
    const file = seedFile(JSON.stringify({ subscribers: [{ email: 'no-id@example.com' }] }));
    const { exited, stderr } = run(['--port', '0', '--seed', file]);
    expect(await exited).toBe(1);
    expect(stderr()).toContain(`svc-mock: ${file}: Invalid seed data: subscribers.0.subscriberId`);
  });

  it('refuses a missing seed file', async () => {
    const { exited, stderr } = run(['--port', '0', '--seed', '/nonexistent/seed.json']);
    expect(await exited).toBe(1);
    expect(stderr()).toContain('cannot read the seed file /nonexistent/seed.json');
  });

  it('refuses a bad port or clock with exit 2 and the usage', async () => {
    for (const args of [
      ['--port', '99999'],
      ['--port', 'abc'],
      ['--clock', 'sometimes'],
    ]) {
      const { exited, stderr } = run(args);
      expect(await exited).toBe(2);
      expect(stderr()).toContain('Usage: svc-mock');
    }
  });

  it('refuses an unknown flag in one line with "did you mean", exit 2, not the usage', async () => {
    const { exited, stderr } = run(['--prot', '1']);
    expect(await exited).toBe(2);
    expect(stderr()).toBe(
      'svc-mock: unknown option --prot; did you mean --port? (svc-mock --help lists every option)\n',
    );
  });

  it('prints its version with --version', async () => {
    const { exited, stdout } = run(['--version']);
    expect(await exited).toBe(0);
    expect(stdout()).toBe(`${VERSION}\n`);
  });

  it('reports a port already in use', async () => {
    const first = await start(['--quiet']);
    const port = new URL(first.url).port;
    const second = run(['--port', port]);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`port ${port} on 127.0.0.1 is in use (EADDRINUSE`);
    expect(second.stderr()).toContain('pass --port 0 to pick a free port');
  });

  it('makes fresh random API keys on every start', async () => {
    const first = await start(['--quiet']);
    const second = await start(['--quiet']);
    const keys = [first, second].flatMap((server) => [
      bannerKey(server.stdout(), 'Development'),
      bannerKey(server.stdout(), 'Production'),
    ]);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('pins the Development key with --api-key, or $SVC_MOCK_API_KEY', async () => {
    const pinned = 'my-app-development-key';
    const byFlag = await start(['--quiet', '--api-key', pinned]);
    expect(bannerKey(byFlag.stdout(), 'Development')).toBe(pinned);
    const svc = new Svc({ secretKey: pinned, baseUrl: byFlag.url });
    expect((await svc.subscribers.retrieve('demo-ada')).firstName).toBe('Ada');
    const byVariable = await start(['--quiet'], { SVC_MOCK_API_KEY: 'from_the_environment_1' });
    expect(bannerKey(byVariable.stdout(), 'Development')).toBe('from_the_environment_1');
    expect(bannerKey(byVariable.stdout(), 'Production')).not.toBe(
      bannerKey(byFlag.stdout(), 'Production'),
    );
  });

  it('refuses an API key too short or with other characters, with exit 2', async () => {
    for (const key of ['short', 'has spaces in the key!!']) {
      const { exited, stderr } = run(['--port', '0', '--api-key', key]);
      expect(await exited).toBe(2);
      expect(stderr()).toContain('--api-key must be 16 to 128 letters, digits');
    }
  });
});
