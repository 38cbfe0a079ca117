// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its 15 domains functions against the engine's fetch handler, unmodified
// (docs/behaviour/domains.md).
import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { setSimulatedDns } from '../../mock-server/engine/resources/domain-dns';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine();
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

describe('@novu/api domains against the engine', () => {
  it('creates, lists, retrieves, updates, verifies, diagnoses and deletes domains', async () => {
    const created = await novu().domains.create({ name: 'acme.dev', data: { team: 'a' } });
    expect(created.result).toMatchObject({ name: 'acme.dev', status: 'pending' });
    const listed = await novu().domains.list({ name: 'acme' });
    expect(listed.result.data.map((domain) => domain.name)).toEqual(['acme.dev']);
    expect((await novu().domains.retrieve('acme.dev')).result.expectedDnsRecords).toHaveLength(1);
    const updated = await novu().domains.update({ data: { team: 'b' } }, 'acme.dev');
    expect(updated.result.data).toEqual({ team: 'b' });
    expect((await novu().domains.verify('acme.dev')).result.status).toBe('verified');
    const diagnosis = await novu().domains.diagnose('acme.dev');
    expect(diagnosis.result.ok).toBe(true);
    expect(diagnosis.result.checks).toHaveLength(5);
    await novu().domains.delete('acme.dev');
    await expect(novu().domains.retrieve('acme.dev')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('retrieves and starts auto-configuration', async () => {
    await novu().domains.create({ name: 'acme.dev' });
    const off = await novu().domains.autoConfigure.retrieve('acme.dev');
    expect(off.result).toMatchObject({ available: false, reasonCode: 'disabled' });
    await expect(novu().domains.autoConfigure.start({}, 'acme.dev')).rejects.toMatchObject({
      statusCode: 400,
    });
    setSimulatedDns(engine.scope('Development'), 'acme.dev', { autoConfigure: true });
    const started = await novu().domains.autoConfigure.start(
      { redirectUri: 'https://app.acme.dev' },
      'acme.dev',
    );
    expect(started.result).toMatchObject({
      providerName: 'Cloudflare',
      redirectUri: 'https://app.acme.dev',
    });
  });

  it('creates, lists, retrieves, updates, tests and deletes routes', async () => {
    await novu().domains.create({ name: 'acme.dev' });
    const created = await novu().domains.routes.create(
      { address: 'support', type: 'webhook' },
      'acme.dev',
    );
    expect(created.result).toMatchObject({ address: 'support', type: 'webhook' });
    const listed = await novu().domains.routes.list({ domain: 'acme.dev' });
    expect(listed.result.data.map((route) => route.address)).toEqual(['support']);
    expect((await novu().domains.routes.retrieve('acme.dev', 'support')).result.type).toBe(
      'webhook',
    );
    const updated = await novu().domains.routes.update({ data: { q: '1' } }, 'acme.dev', 'support');
    expect(updated.result.data).toEqual({ q: '1' });
    const tested = await novu().domains.routes.test(
      { from: { address: 'ada@example.com' }, subject: 'Hi', dryRun: true },
      'acme.dev',
      'support',
    );
    expect(tested.result).toMatchObject({ matched: true, dryRun: true, type: 'webhook' });
    await novu().domains.routes.delete('acme.dev', 'support');
    await expect(novu().domains.routes.retrieve('acme.dev', 'support')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
