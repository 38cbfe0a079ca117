// `svc-mock --data` from the command line: the banner, SVC_MOCK_DATA, the lock and bad files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  bannerKey,
  killLeftoverProcesses,
  runSvcMock,
  startSvcMock,
} from '../http/svc-mock-process';
import { freshDist, root } from '../package/fresh-dist';
import { temporaryDirectory } from './helpers';

const cli = join(root, 'dist', 'cli.js');

beforeAll(() => freshDist(), 300_000);

let dir: ReturnType<typeof temporaryDirectory>;
beforeEach(() => {
  dir = temporaryDirectory();
});
afterEach(() => {
  killLeftoverProcesses();
  dir.remove();
});

async function stop(server: Awaited<ReturnType<typeof startSvcMock>>) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

it('keeps the data, the keys and created environments across a restart, --data or SVC_MOCK_DATA', async () => {
  const first = await startSvcMock(cli, ['--data', dir.path, '--quiet']);
  expect(first.stdout()).toContain(`data:        ${dir.path} (new)`);
  const key = bannerKey(first.stdout(), 'Development');
  const created = await fetch(`${first.url}/v2/subscribers`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subscriberId: 'from-the-cli' }),
  });
  expect(created.status).toBe(201);
  const environment = await fetch(`${first.url}/v1/environments`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Staging', color: '#fff' }),
  });
  expect(environment.status).toBe(201);
  await stop(first);

  const second = await startSvcMock(cli, ['--quiet'], { env: { SVC_MOCK_DATA: dir.path } });
  expect(second.stdout()).toMatch(/data: {8}.* \(loaded, 2 journal entries replayed\)/);
  expect(bannerKey(second.stdout(), 'Development')).toBe(key);
  // The banner lists the created environment too, with a key that is its own after the restart.
  const stagingKey = bannerKey(second.stdout(), 'Staging');
  const listed = await fetch(`${second.url}/v1/environments`, {
    headers: { authorization: `ApiKey ${stagingKey}` },
  });
  const own = ((await listed.json()) as { data: { name: string; apiKeys: { key: string }[] }[] })
    .data;
  expect(own.find((env) => env.name === 'Staging')?.apiKeys).toEqual([
    expect.objectContaining({ key: stagingKey }),
  ]);
  const back = await fetch(`${second.url}/v2/subscribers/from-the-cli`, {
    headers: { authorization: `ApiKey ${key}` },
  });
  expect(back.status).toBe(200);
  await stop(second);
});

it('runs the delays that fell due while it was stopped, at start (--clock real)', async () => {
  // Beside the data files: svc-mock leaves files it does not know alone.
  const seed = join(dir.path, 'seed.json');
  writeFileSync(
    seed,
    JSON.stringify({
      subscribers: [{ subscriberId: 'waiting', email: 'waiting@example.com' }],
      workflows: [
        {
          workflowId: 'one-second',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'seconds' },
            },
            { type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: '<p>Hi</p>' } },
          ],
        },
      ],
    }),
  );
  const key = 'k'.repeat(20);
  const first = await startSvcMock(cli, ['--data', dir.path, '--seed', seed, '--api-key', key]);
  const trigger = await fetch(`${first.url}/v1/events/trigger`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'one-second', to: 'waiting', transactionId: 'tx-waiting' }),
  });
  expect(trigger.status).toBe(201);
  first.child.kill('SIGKILL');
  await first.exited;
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const second = await startSvcMock(cli, ['--data', dir.path, '--quiet']);
  const outbox = await fetch(`${second.url}/__svc/outbox?transactionId=tx-waiting`);
  const { data } = (await outbox.json()) as { data: { channel: string }[] };
  expect(data.map((entry) => entry.channel)).toEqual(['email']);
});

it('says the data is in memory only without --data', async () => {
  const server = await startSvcMock(cli, ['--quiet']);
  expect(server.stdout()).toContain('data:        in memory only (keep it with --data <dir>)');
});

it('refuses a second svc-mock on the same directory, naming the first one', async () => {
  const first = await startSvcMock(cli, ['--data', dir.path, '--quiet']);
  const second = runSvcMock(cli, ['--port', '0', '--data', dir.path]);
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toContain(
    `${dir.path} is in use by another svc-mock (pid ${first.child.pid}`,
  );
});

it('refuses to start on a damaged journal, naming the file and offset', async () => {
  const first = await startSvcMock(cli, [
    '--data',
    dir.path,
    '--quiet',
    '--api-key',
    'k'.repeat(20),
  ]);
  for (const subscriberId of ['one', 'two']) {
    await fetch(`${first.url}/v2/subscribers`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${'k'.repeat(20)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subscriberId }),
    });
  }
  first.child.kill('SIGKILL');
  await first.exited;
  const journal = join(
    dir.path,
    readdirSync(dir.path).find((name) => name.startsWith('journal-')) as string,
  );
  const bytes = readFileSync(journal);
  bytes[36] = (bytes[36] as number) ^ 0xff; // inside the first record's payload
  writeFileSync(journal, bytes);

  const refused = runSvcMock(cli, ['--port', '0', '--data', dir.path]);
  expect(await refused.exited).toBe(1);
  expect(refused.stderr()).toMatch(/svc-mock: .*journal-1\.log at byte 20: the record is damaged/);

  const repaired = await startSvcMock(cli, ['--data', dir.path, '--data-repair', '--quiet']);
  expect(repaired.stderr()).toMatch(/--data-repair cut .*journal-1\.log back to byte 20/);
});

it('--data-repair without --data is a usage error', async () => {
  const run = runSvcMock(cli, ['--data-repair']);
  expect(await run.exited).toBe(2);
  expect(run.stderr()).toContain('--data-repair needs --data (or $SVC_MOCK_DATA)');
});
