// The 15 /v1/domains operations over HTTP against svc-mock, with the control API's simulated DNS
// (docs/behaviour/domains.md): wire shapes, statuses, the service's error bodies, and a failed
// request leaving nothing behind.
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  server = await startMockServer({ port: 0, log: () => {} });
});
afterEach(() => server.engine.reset());
afterAll(() => server.close());

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  body: any;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function control(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}/__svc${path}`, {
    method,
    // The control API takes JSON writes only (docs/security.md).
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('/v1/domains over HTTP', () => {
  it('serves the domain operations in the {data} envelope with their statuses', async () => {
    const created = await call('POST', '/v1/domains', { name: 'acme.dev' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'acme.dev',
      status: 'pending',
      mxRecordConfigured: false,
      _environmentId: server.engine.environment('Development')._id,
      expectedDnsRecords: [{ type: 'MX', priority: 10 }],
    });
    // The fields of the service's `toDomainResponse` (no `routes`: they have their own listing;
    // `dnsProvider` and `data` only when set).
    expect(Object.keys(created.body.data).sort()).toEqual([
      '_environmentId',
      '_id',
      '_organizationId',
      'createdAt',
      'expectedDnsRecords',
      'mxRecordConfigured',
      'name',
      'status',
      'updatedAt',
    ]);
    expect((await call('GET', '/v1/domains/acme.dev')).body.data.name).toBe('acme.dev');
    const list = await call('GET', '/v1/domains?limit=5');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalCount: 1, next: null, previous: null });
    expect(
      (await call('PATCH', '/v1/domains/acme.dev', { data: { a: 'b' } })).body.data.data,
    ).toEqual({
      a: 'b',
    });
    const verified = await call('POST', '/v1/domains/acme.dev/verify');
    expect(verified.status).toBe(200);
    expect(verified.body.data.status).toBe('verified');
    const diagnosis = await call('POST', '/v1/domains/acme.dev/diagnose');
    expect(diagnosis.status).toBe(200);
    expect(diagnosis.body.data.ok).toBe(true);
    expect((await call('GET', '/v1/domains/acme.dev/auto-configure')).body.data.available).toBe(
      false,
    );
    expect((await call('POST', '/v1/domains/acme.dev/auto-configure/start', {})).status).toBe(400);
    const deleted = await call('DELETE', '/v1/domains/acme.dev');
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
  });

  it('serves the route operations, with percent-encoded addresses', async () => {
    await call('POST', '/v1/domains', { name: 'acme.dev' });
    const created = await call('POST', '/v1/domains/acme.dev/routes', {
      address: 'sales+vip',
      type: 'webhook',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ address: 'sales+vip', type: 'webhook' });
    const path = '/v1/domains/acme.dev/routes/sales%2Bvip';
    expect((await call('GET', path)).body.data.address).toBe('sales+vip');
    expect((await call('GET', '/v1/domains/acme.dev/routes')).body.totalCount).toBe(1);
    expect((await call('PATCH', path, { data: { q: '1' } })).body.data.data).toEqual({ q: '1' });
    const tested = await call('POST', `${path}/test`, {
      from: { address: 'ada@example.com' },
      subject: 'Hi',
      dryRun: true,
    });
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ matched: true, dryRun: true, type: 'webhook' });
    expect((await call('DELETE', path)).status).toBe(204);
    expect((await call('GET', path)).body).toMatchObject({
      statusCode: 404,
      message: 'Route "sales+vip@acme.dev" not found.',
    });
  });

  it("answers the service's error bodies and stores nothing on a failure", async () => {
    const invalid = await call('POST', '/v1/domains', { name: 'not a domain', data: [] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.general.messages).toEqual([
      'name must be a valid domain name',
      'data must be an object with at most 10 string keys and string values, with combined key+value length at most 500 characters.',
    ]);
    expect((await call('POST', '/v1/domains', {})).body.errors.general.messages).toEqual([
      'name should not be null or undefined',
    ]);
    expect((await call('GET', '/v1/domains')).body.totalCount).toBe(0);
    const missing = await call('POST', '/v1/domains/ghost.dev/verify');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: 'Domain "ghost.dev" not found.',
      error: 'Not Found',
    });
    await call('POST', '/v1/domains', { name: 'acme.dev' });
    const both = await call(
      'GET',
      '/v1/domains?after=665f1c2e8b7a3d9f0c1b2a3d&before=665f1c2e8b7a3d9f0c1b2a3d',
    );
    expect(both.status).toBe(400);
    const badType = await call('POST', '/v1/domains/acme.dev/routes', {
      address: 'a',
      type: 'sms',
    });
    expect(badType.status).toBe(422);
    expect(badType.body.errors.general.messages).toEqual([
      'type must be one of the following values: agent, webhook',
    ]);
    expect((await call('GET', '/v1/domains/acme.dev/routes')).body.totalCount).toBe(0);
  });
});

describe('the simulated DNS through the control API', () => {
  it('makes verification and diagnosis fail, and puts them back', async () => {
    await call('POST', '/v1/domains', { name: 'acme.dev' });
    const set = await control('PUT', '/domains/acme.dev/dns', { mx: 'missing' });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      name: 'acme.dev',
      mx: 'missing',
      apexCname: false,
      blocklisted: false,
      autoConfigure: false,
    });
    expect((await control('GET', '/domains/acme.dev/dns')).body.data.mx).toBe('missing');
    expect((await call('POST', '/v1/domains/acme.dev/verify')).body.data.status).toBe('pending');
    const diagnosis = await call('POST', '/v1/domains/acme.dev/diagnose');
    expect(diagnosis.body.data.ok).toBe(false);
    expect(diagnosis.body.data.issues[0].code).toBe('mx_missing');
    expect((await control('DELETE', '/domains/acme.dev/dns')).body.data).toEqual({ cleared: true });
    expect((await call('POST', '/v1/domains/acme.dev/verify')).body.data.status).toBe('verified');
  });

  it('sets another environment with `environment`, and refuses bad input', async () => {
    await control('PUT', '/domains/acme.dev/dns', {
      environment: 'Production',
      autoConfigure: true,
    });
    expect((await control('GET', '/domains/acme.dev/dns')).body.data.autoConfigure).toBe(false);
    expect(
      (await control('GET', '/domains/acme.dev/dns?environment=Production')).body.data
        .autoConfigure,
    ).toBe(true);
    const bad = await control('PUT', '/domains/acme.dev/dns', { mx: 'broken' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'mx must be one of configured, missing, wrong-target, low-priority',
    );
    expect((await control('PUT', '/domains/acme.dev/dns', { ttl: 1 })).body.message).toContain(
      'unknown key ttl',
    );
    expect((await control('PUT', '/domains/not_a_name/dns', {})).status).toBe(400);
    expect((await control('PUT', '/domains/acme.dev/dns', { environment: 'Nowhere' })).status).toBe(
      404,
    );
  });
});
