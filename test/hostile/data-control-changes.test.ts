// Issue 38 item 9: when the data directory could not be written, `POST /__svc/clock/advance`
// (and seed, reset) answered 503 "nothing was changed, retry later" while the change stayed in
// memory, so a retry applied it twice. Now the answer says it was applied (a 202, not to be
// repeated), API changes are refused until it is saved, and the next control change saves it
// first or is refused before it runs.
import { expect, it } from 'vitest';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { keptDirectoryPerTest, START } from '../persistence/helpers';

const kept = keptDirectoryPerTest();

const HOUR = 3_600_000;

it('says a control change was applied but not saved, refuses a second one before it runs, and saves it once there is room', async () => {
  let full = false;
  const real = dataFs();
  const fs = dataFs({
    writeSync: ((...args: Parameters<typeof real.writeSync>) => {
      if (full) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return (real.writeSync as (...a: unknown[]) => number)(...args);
    }) as typeof real.writeSync,
  });
  const lines: string[] = [];
  const server = await kept.start({ fs, log: (line) => lines.push(line) });
  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}/__svc${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  full = true;
  const advanced = await control('/clock/advance', { ms: HOUR });
  expect(advanced.status).toBe(202);
  expect(advanced.body).toEqual({
    data: expect.objectContaining({ now: new Date(START + HOUR).toISOString() }),
    saved: false,
    message: expect.stringMatching(
      /^The change was applied, but svc-mock could not save it to its data directory \(ENOSPC\): do not repeat it/,
    ),
  });
  expect(server.engine.clock.now()).toBe(START + HOUR);

  // A retry (or any other control change) is refused before it runs: the clock moved once.
  const retried = await control('/clock/advance', { ms: HOUR });
  expect(retried.status).toBe(503);
  expect(retried.body.message).toMatch(
    /could not save an earlier control API change .*\(ENOSPC\); nothing was changed/,
  );
  expect(server.engine.clock.now()).toBe(START + HOUR);
  const seeded = await control('/seed', { subscribers: [{ subscriberId: 'seeded' }] });
  expect(seeded.status).toBe(503);
  expect((await server.call('GET', '/v2/subscribers/seeded')).status).toBe(404);

  // An API change is refused too, even once the journal could take it: it would follow a saved
  // state that lacks the clock move.
  full = false;
  const refused = await server.call('POST', '/v2/subscribers', { subscriberId: 'api' });
  expect(refused.status).toBe(503);
  expect((await server.call('GET', '/v2/subscribers/api')).status).toBe(404);

  // There is room: the next control change saves the first one, then runs once.
  const next = await control('/clock/advance', { ms: HOUR });
  expect(next.status).toBe(200);
  expect(server.engine.clock.now()).toBe(START + 2 * HOUR);
  expect((await server.call('POST', '/v2/subscribers', { subscriberId: 'api' })).status).toBe(201);
  expect(lines).toEqual([
    expect.stringMatching(/could not save a control API change .*applied in memory only/),
    expect.stringMatching(/saved .* again; it takes changes again/),
  ]);

  await kept.stop(server);
  const again = await kept.start();
  expect(again.engine.clock.now()).toBe(START + 2 * HOUR);
  expect((await again.call('GET', '/v2/subscribers/api')).status).toBe(200);
});

it('saves an unsaved control change in the background once there is room', async () => {
  let full = false;
  const real = dataFs();
  const fs = dataFs({
    writeSync: ((...args: Parameters<typeof real.writeSync>) => {
      if (full) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return (real.writeSync as (...a: unknown[]) => number)(...args);
    }) as typeof real.writeSync,
  });
  const server = await kept.start({ fs });
  full = true;
  const response = await fetch(`${server.url}/__svc/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscribers: [{ subscriberId: 'seeded' }] }),
  });
  expect(response.status).toBe(202);
  full = false;
  await expect
    .poll(
      async () => (await server.call('POST', '/v2/subscribers', { subscriberId: 'x' })).status,
      {
        timeout: 5000,
        interval: 200,
      },
    )
    .toBe(201);
  await kept.stop(server);
  const again = await kept.start();
  expect((await again.call('GET', '/v2/subscribers/seeded')).status).toBe(200);
  expect((await again.call('GET', '/v2/subscribers/x')).status).toBe(200);
});
