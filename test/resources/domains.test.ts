// svc.domains.* (docs/behaviour/domains.md) through the real client against the engine, strict
// validation: every answer parses with the client's schemas; failures are the service's.
import { BadRequestError, ConflictError, NotFoundError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { setSimulatedDns } from '../../mock-server/engine/resources/domain-dns';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock();

/** The texts of a 422's `errors` (the service's validation messages). */
const invalid = (error: unknown): string =>
  JSON.stringify((error as UnprocessableEntityError).errors);

describe('svc.domains', () => {
  it('creates, retrieves, lists, updates and deletes a domain', async () => {
    const svc = client();
    const created = await svc.domains.create({ name: 'Acme.DEV', data: { team: 'support' } });
    expect(created).toMatchObject({
      name: 'acme.dev',
      status: 'pending',
      mxRecordConfigured: false,
      data: { team: 'support' },
      expectedDnsRecords: [
        {
          type: 'MX',
          name: 'acme.dev',
          content: 'inbound-mail.svc-mock.local',
          ttl: 'Auto',
          priority: 10,
        },
      ],
    });
    expect(await svc.domains.retrieve('ACME.dev')).toEqual(created);
    await svc.domains.create({ name: 'beta.dev' });
    const page = await svc.domains.list({ name: 'acm' });
    expect(page.data.map((domain) => domain.name)).toEqual(['acme.dev']);
    expect(page.data[0]?.expectedDnsRecords).toBeUndefined();
    const all = [];
    for await (const domain of svc.domains.list({ limit: 1 })) all.push(domain.name);
    expect(all).toEqual(['beta.dev', 'acme.dev']);
    const updated = await svc.domains.update('acme.dev', { data: { team: 'sales' } });
    expect(updated.data).toEqual({ team: 'sales' });
    expect((await svc.domains.update('acme.dev', {})).data).toEqual({ team: 'sales' });
    expect(await svc.domains.delete('acme.dev')).toBeUndefined();
    expect(await rejection(svc.domains.retrieve('acme.dev'))).toBeInstanceOf(NotFoundError);
  });

  it('refuses bad names and metadata with 422, and a taken name with 409, storing nothing', async () => {
    const svc = client();
    for (const name of ['localhost', 'under_score.dev', '*.acme.dev', 'acme.dev.', '-a.dev']) {
      const error = await rejection(svc.domains.create({ name }));
      expect(error, name).toBeInstanceOf(UnprocessableEntityError);
      expect(invalid(error)).toContain('name must be a valid domain name');
    }
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    const tooMany = await rejection(svc.domains.create({ name: 'acme.dev', data: eleven }));
    expect(invalid(tooMany)).toContain(
      'data must be an object with at most 10 string keys and string values, with combined key+value length at most 500 characters.',
    );
    expect(
      await rejection(svc.domains.create({ name: 'acme.dev', data: { k: 'v'.repeat(500) } })),
    ).toBeInstanceOf(UnprocessableEntityError);
    expect((await svc.domains.list()).totalCount).toBe(0);
    await svc.domains.create({ name: 'acme.dev' });
    const taken = await rejection(svc.domains.create({ name: 'ACME.dev' }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect((taken as ConflictError).message).toContain(
      'A domain with name "acme.dev" already exists.',
    );
    // Names are unique across environments, as in the service.
    expect(
      await rejection(client('Production').domains.create({ name: 'acme.dev' })),
    ).toBeInstanceOf(ConflictError);
  });

  it("keeps each environment's domains to itself", async () => {
    await client().domains.create({ name: 'acme.dev' });
    const production = client('Production');
    expect(await rejection(production.domains.retrieve('acme.dev'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(production.domains.verify('acme.dev'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(production.domains.delete('acme.dev'))).toBeInstanceOf(NotFoundError);
    expect((await production.domains.list()).totalCount).toBe(0);
  });

  it('caps an environment at 100 domains with a 400, storing nothing past it', async () => {
    const scope = engine.scope('Development');
    for (let i = 0; i < 100; i++) {
      engine.operations['domains.create'](scope, { body: { name: `d${i}.acme.dev` } });
    }
    const error = await rejection(client().domains.create({ name: 'one-more.dev' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toContain('Domain limit exceeded');
    expect(scope.data.domains.has('one-more.dev')).toBe(false);
  });
});

describe('svc.domains.verify and diagnose', () => {
  it('verifies by default, and goes back to pending when the MX goes away', async () => {
    const svc = client();
    await svc.domains.create({ name: 'acme.dev' });
    const verified = await svc.domains.verify('acme.dev');
    expect(verified).toMatchObject({ status: 'verified', mxRecordConfigured: true });
    setSimulatedDns(engine.scope('Development'), 'acme.dev', { mx: 'wrong-target' });
    expect(await svc.domains.verify('acme.dev')).toMatchObject({
      status: 'pending',
      mxRecordConfigured: false,
    });
    expect((await svc.domains.retrieve('acme.dev')).status).toBe('pending');
  });

  it('diagnoses a healthy domain as ok, and a broken one with its issues', async () => {
    const svc = client();
    await svc.domains.create({ name: 'acme.dev' });
    const healthy = await svc.domains.diagnose('acme.dev');
    expect(healthy.ok).toBe(true);
    expect(healthy.issues).toEqual([]);
    expect(healthy.checks.map((check) => `${check.code}:${check.status}`)).toEqual([
      'mx_missing:pass',
      'mx_wrong_target:pass',
      'mx_low_priority:pass',
      'apex_cname_collision:pass',
      'dnsbl_listed:pass',
    ]);
    setSimulatedDns(engine.scope('Development'), 'acme.dev', { mx: 'missing', apexCname: true });
    const broken = await svc.domains.diagnose('acme.dev');
    expect(broken.ok).toBe(false);
    expect(broken.checks.map((check) => `${check.code}:${check.status}`)).toEqual([
      'mx_missing:fail',
      'mx_wrong_target:skipped',
      'mx_low_priority:skipped',
      'apex_cname_collision:fail',
      'dnsbl_listed:skipped',
    ]);
    expect(broken.issues.map((issue) => issue.message)).toEqual([
      'No MX records were found for acme.dev.',
      'The apex name acme.dev has a CNAME record. CNAME cannot coexist with MX at the zone apex.',
    ]);
    setSimulatedDns(engine.scope('Development'), 'acme.dev', {
      mx: 'low-priority',
      blocklisted: true,
    });
    const warned = await svc.domains.diagnose('acme.dev');
    expect(warned.ok).toBe(true);
    expect(warned.issues.map((issue) => `${issue.code}:${issue.severity}`)).toEqual([
      'mx_low_priority:warn',
      'dnsbl_listed:warn',
    ]);
  });
});

describe('svc.domains.autoConfigure', () => {
  it('is off by default (the records to add by hand) and 400 on start', async () => {
    const svc = client();
    await svc.domains.create({ name: 'acme.dev' });
    expect(await svc.domains.autoConfigure.retrieve('acme.dev')).toEqual({
      available: false,
      reason: 'Domain Connect auto-configuration is not enabled.',
      reasonCode: 'disabled',
      manualRecords: [expect.objectContaining({ type: 'MX', name: 'acme.dev' })],
    });
    const error = await rejection(svc.domains.autoConfigure.start('acme.dev', {}));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toContain(
      'Domain Connect auto-configuration is not enabled.',
    );
  });

  it('answers the apply URL when the DNS provider offers it', async () => {
    const svc = client();
    setSimulatedDns(engine.scope('Development'), 'acme.dev', {
      provider: 'Vercel',
      autoConfigure: true,
    });
    expect((await svc.domains.create({ name: 'acme.dev' })).dnsProvider).toBe('Vercel');
    expect(await svc.domains.autoConfigure.retrieve('acme.dev')).toMatchObject({
      available: true,
      providerName: 'Vercel',
    });
    const started = await svc.domains.autoConfigure.start('acme.dev', {
      redirectUri: 'https://app.acme.dev/settings',
    });
    expect(started.providerName).toBe('Vercel');
    expect(started.redirectUri).toBe('https://app.acme.dev/settings');
    expect(new URL(started.applyUrl).searchParams.get('domain')).toBe('acme.dev');
    const badRedirect = await rejection(
      svc.domains.autoConfigure.start('acme.dev', { redirectUri: 'http://evil.example' }),
    );
    expect(invalid(badRedirect)).toContain(
      'redirectUri must be an HTTPS URL, or HTTP only for localhost/127.0.0.1.',
    );
  });
});

describe('svc.domains.routes', () => {
  it('creates, retrieves, lists, updates, tests and deletes a webhook route', async () => {
    const svc = client();
    const domain = await svc.domains.create({ name: 'acme.dev' });
    const route = await svc.domains.routes.create('acme.dev', {
      address: ' Support ',
      type: 'webhook',
      data: { queue: 'tier-1' },
    });
    expect(route).toMatchObject({
      _domainId: domain._id,
      address: 'support',
      type: 'webhook',
      data: { queue: 'tier-1' },
    });
    expect(await svc.domains.routes.retrieve('acme.dev', 'support')).toEqual(route);
    await svc.domains.routes.create('acme.dev', { address: '*', type: 'webhook' });
    const listed = await svc.domains.routes.list('acme.dev');
    expect(listed.data.map((item) => item.address)).toEqual(['*', 'support']);
    const updated = await svc.domains.routes.update('acme.dev', 'support', {
      data: { queue: 'tier-2' },
    });
    expect(updated.data).toEqual({ queue: 'tier-2' });
    const dry = await svc.domains.routes.test('acme.dev', 'support', {
      from: { address: 'ada@example.com', name: 'Ada' },
      subject: 'Order 42',
      text: 'Where is it?',
      dryRun: true,
    });
    expect(dry).toMatchObject({
      matched: true,
      dryRun: true,
      type: 'webhook',
      domainStatus: 'pending',
      wouldDeliverTo: 'configured outbound webhooks for this environment',
    });
    expect(dry.payload).toMatchObject({ mail: { subject: 'Order 42', text: 'Where is it?' } });
    // Another address falls to the `*` route.
    expect(
      await svc.domains.routes.test('acme.dev', 'billing', {
        from: { address: 'ada@example.com' },
        subject: 'Hi',
      }),
    ).toMatchObject({ matched: true, dryRun: false, webhook: { skipped: true, latencyMs: 0 } });
    await svc.domains.routes.delete('acme.dev', '*');
    expect(
      await svc.domains.routes.test('acme.dev', 'billing', {
        from: { address: 'ada@example.com' },
        subject: 'Hi',
      }),
    ).toEqual({
      matched: false,
      dryRun: false,
      domainStatus: 'pending',
      mxRecordConfigured: false,
    });
    await svc.domains.routes.delete('acme.dev', 'support');
    expect(await rejection(svc.domains.routes.retrieve('acme.dev', 'support'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it("answers the service's failures, storing nothing", async () => {
    const svc = client();
    await svc.domains.create({ name: 'acme.dev' });
    const missingDomain = await rejection(
      svc.domains.routes.create('nope.dev', { address: 'a', type: 'webhook' }),
    );
    expect((missingDomain as NotFoundError).message).toContain('Domain "nope.dev" not found.');
    const badAddress = await rejection(
      svc.domains.routes.create('acme.dev', { address: 'a@b', type: 'webhook' }),
    );
    expect(invalid(badAddress)).toContain(
      'address must be a valid inbox address local part, for example \\"hello\\" or \\"sales+vip\\".',
    );
    const noAgent = await rejection(
      svc.domains.routes.create('acme.dev', { address: 'bot', type: 'agent' }),
    );
    expect(noAgent).toBeInstanceOf(BadRequestError);
    expect((noAgent as BadRequestError).message).toContain('agentId is required for agent routes.');
    const unknownAgent = await rejection(
      svc.domains.routes.create('acme.dev', { address: 'bot', type: 'agent', agentId: 'ghost' }),
    );
    expect((unknownAgent as NotFoundError).message).toContain(
      'Agent with identifier "ghost" not found.',
    );
    expect((await svc.domains.routes.list('acme.dev')).totalCount).toBe(0);
    await svc.domains.routes.create('acme.dev', { address: 'a', type: 'webhook' });
    const twice = await rejection(
      svc.domains.routes.create('acme.dev', { address: 'A', type: 'webhook' }),
    );
    expect((twice as ConflictError).message).toContain('A route for "a@acme.dev" already exists.');
    const toAgent = await rejection(svc.domains.routes.update('acme.dev', 'a', { type: 'agent' }));
    expect(toAgent).toBeInstanceOf(BadRequestError);
    expect((await svc.domains.routes.retrieve('acme.dev', 'a')).type).toBe('webhook');
    const missing = await rejection(svc.domains.routes.delete('acme.dev', 'b'));
    expect((missing as NotFoundError).message).toContain('Route "b@acme.dev" not found.');
    const badSender = await rejection(
      svc.domains.routes.test('acme.dev', 'a', { from: { address: 'nobody' }, subject: 'x' }),
    );
    expect(invalid(badSender)).toContain('from.address must be an email');
  });

  it('deleting a domain deletes its routes', async () => {
    const svc = client();
    await svc.domains.create({ name: 'acme.dev' });
    await svc.domains.routes.create('acme.dev', { address: 'a', type: 'webhook' });
    await svc.domains.delete('acme.dev');
    expect(engine.scope('Development').data.domainRoutes.size).toBe(0);
  });
});
