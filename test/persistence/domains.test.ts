// `svc-mock --data`: domains, their routes and the simulated DNS come back after a restart
// (docs/behaviour/domains.md).
import { describe, expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const { start, stop } = keptDirectoryPerTest();

describe('a restart on the same data directory', () => {
  it('brings back domains, their routes, updates and deletions, and the simulated DNS', async () => {
    const first = await start();
    expect((await first.call('POST', '/v1/domains', { name: 'kept.dev' })).status).toBe(201);
    await first.call('POST', '/v1/domains', { name: 'gone.dev' });
    await first.call('PATCH', '/v1/domains/kept.dev', { data: { team: 'a' } });
    await first.call('POST', '/v1/domains/kept.dev/routes', {
      address: 'support',
      type: 'webhook',
    });
    await first.call('POST', '/v1/domains/kept.dev/verify');
    expect((await first.call('DELETE', '/v1/domains/gone.dev')).status).toBe(204);
    const dns = await fetch(`${first.url}/__svc/domains/kept.dev/dns`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mx: 'missing' }),
    });
    expect(dns.status).toBe(200);
    await stop(first);

    const second = await start();
    const back = await second.call('GET', '/v1/domains/kept.dev');
    expect(back.body.data).toMatchObject({
      name: 'kept.dev',
      status: 'verified',
      data: { team: 'a' },
    });
    expect((await second.call('GET', '/v1/domains/kept.dev/routes/support')).status).toBe(200);
    expect((await second.call('GET', '/v1/domains/gone.dev')).status).toBe(404);
    const verified = await second.call('POST', '/v1/domains/kept.dev/verify');
    expect(verified.body.data.status).toBe('pending');
  });
});
