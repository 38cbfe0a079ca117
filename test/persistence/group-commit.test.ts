// The answer of a write leaves only once its journal entry is synced, and concurrent writes
// share syncs (group commit).
import { expect, it } from 'vitest';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();

type Sync = Parameters<typeof real.fdatasync>;
const real = dataFs();

it('answers a write only after its entry is synced', async () => {
  const held: (() => void)[] = [];
  const fs = dataFs({
    fdatasync: ((fd: Sync[0], done: Sync[1]) => {
      held.push(() => real.fdatasync(fd, done));
    }) as typeof real.fdatasync,
  });
  const server = await kept.start({ fs });
  let answered = false;
  const write = server.call('POST', '/v2/subscribers', { subscriberId: 'waits' }).then((answer) => {
    answered = true;
    return answer;
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(answered).toBe(false);
  expect(held).toHaveLength(1);
  // A read does not wait for the sync.
  expect((await server.call('GET', '/v2/subscribers/demo-ada')).status).toBe(200);
  for (const release of held.splice(0)) release();
  expect((await write).status).toBe(201);
});

it('shares one sync among the writes that arrive while another runs', async () => {
  let syncs = 0;
  const fs = dataFs({
    fdatasync: ((fd: Sync[0], done: Sync[1]) => {
      syncs += 1;
      setTimeout(() => real.fdatasync(fd, done), 30);
    }) as typeof real.fdatasync,
  });
  const server = await kept.start({ fs });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      server.call('POST', '/v2/subscribers', { subscriberId: `group-${index}` }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  expect(syncs).toBeGreaterThanOrEqual(1);
  expect(syncs).toBeLessThan(20);
});
