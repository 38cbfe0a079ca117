// A disk that cannot take a write: the request answers the service's 5xx shape, the engine
// keeps its state, and writes work again once there is room.
import { expect, it } from 'vitest';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();

it('refuses writes with a 503 while the disk is full, changes nothing, and recovers', async () => {
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

  full = true;
  const refused = await server.call('POST', '/v2/subscribers', { subscriberId: 'no-room' });
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    ctx: { error: 'Service Unavailable', statusCode: 503 },
    timestamp: expect.any(String),
    path: '/v2/subscribers',
    message:
      'svc-mock could not save this change to its data directory (ENOSPC); nothing was changed, retry later',
  });
  // Nothing changed in memory, the idempotency key included.
  expect((await server.call('GET', '/v2/subscribers/no-room')).status).toBe(404);
  const keyed = await server.call(
    'POST',
    '/v2/subscribers',
    { subscriberId: 'keyed' },
    { 'idempotency-key': 'k-1' },
  );
  expect(keyed.status).toBe(503);
  expect(lines).toEqual([expect.stringMatching(/cannot write to .*; changes are refused/)]);

  full = false;
  const later = await server.call(
    'POST',
    '/v2/subscribers',
    { subscriberId: 'keyed' },
    { 'idempotency-key': 'k-1' },
  );
  expect(later.status).toBe(201);
  expect(later.headers.get('idempotency-replay')).toBeNull();
  expect(lines.at(-1)).toMatch(/takes writes again/);

  await kept.stop(server);
  const again = await kept.start();
  expect((await again.call('GET', '/v2/subscribers/keyed')).status).toBe(200);
  expect((await again.call('GET', '/v2/subscribers/no-room')).status).toBe(404);
});

it('stops taking writes after a failed sync (the kernel may have dropped the pages)', async () => {
  const real = dataFs();
  let failSync = false;
  const fs = dataFs({
    fdatasync: ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      if (failSync) done(Object.assign(new Error('I/O error'), { code: 'EIO' }));
      else real.fdatasync(fd, done);
    }) as typeof real.fdatasync,
  });
  const server = await kept.start({ fs });
  failSync = true;
  const failed = await server.call('POST', '/v2/subscribers', { subscriberId: 'unsynced' });
  expect(failed.status).toBe(503);
  expect(failed.body.message).toBe(
    'svc-mock could not sync its data directory (EIO): this change may not survive a restart, and svc-mock takes no more changes until it is restarted',
  );
  failSync = false;
  const after = await server.call('POST', '/v2/subscribers', { subscriberId: 'after' });
  expect(after.status).toBe(503);
  expect((await server.call('GET', '/v2/subscribers/after')).status).toBe(404);
});
