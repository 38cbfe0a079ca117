import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let key: string;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: { subscribers: [{ subscriberId: 'seeded', firstName: 'Ada' }] },
    clockStart: '2026-03-01T00:00:00.000Z',
  });
  key = server.engine.environment('Development').apiKey;
});
afterAll(() => server.close());
beforeEach(() => server.engine.reset());

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/__svc${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function subscriberStatus(subscriberId: string): Promise<number> {
  const response = await fetch(`${server.url}/v2/subscribers/${subscriberId}`, {
    headers: { authorization: `ApiKey ${key}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('control API: environments', () => {
  it('lists both environments with the keys that authenticate', async () => {
    const { status, body } = await control('GET', '/environments');
    expect(status).toBe(200);
    expect(body.data).toEqual(
      server.engine.environments.map((env) => ({
        _id: env._id,
        _organizationId: env._organizationId,
        name: env.name,
        identifier: env.identifier,
        apiKey: env.apiKey,
      })),
    );
    expect(body.data.map((env: { name: string }) => env.name)).toEqual([
      'Development',
      'Production',
    ]);
  });

  it('lists its routes at GET /__svc', async () => {
    const { status, body } = await control('GET', '');
    expect(status).toBe(200);
    expect(body.data).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/__svc/clock/advance' }),
    );
  });
});

describe('control API: seed and reset', () => {
  it('seeds into Development by default and reset goes back to the start seed', async () => {
    expect(await subscriberStatus('added')).toBe(404);
    const seeded = await control('POST', '/seed', { subscribers: [{ subscriberId: 'added' }] });
    expect(seeded).toMatchObject({ status: 200, body: { data: { seeded: true } } });
    expect(await subscriberStatus('added')).toBe(200);

    expect((await control('POST', '/reset')).status).toBe(200);
    expect(await subscriberStatus('added')).toBe(404);
    expect(await subscriberStatus('seeded')).toBe(200);
  });

  it('reset puts the clock back at the start time; { keepClock: true } keeps it', async () => {
    await control('POST', '/clock/advance', { ms: 3_600_000 });
    await control('POST', '/reset', { keepClock: true });
    expect((await control('GET', '/clock')).body.data.now).toBe('2026-03-01T01:00:00.000Z');
    await control('POST', '/reset');
    expect((await control('GET', '/clock')).body.data.now).toBe('2026-03-01T00:00:00.000Z');
    const bad = await control('POST', '/reset', { keepClock: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('keepClock');
  });

  it('seeds another environment by name', async () => {
    await control('POST', '/seed', {
      environment: 'Production',
      subscribers: [{ subscriberId: 'prod-only' }],
    });
    expect(await subscriberStatus('prod-only')).toBe(404);
    const prodKey = server.engine.environment('Production').apiKey;
    const response = await fetch(`${server.url}/v2/subscribers/prod-only`, {
      headers: { authorization: `ApiKey ${prodKey}` },
    });
    expect(response.status).toBe(200);
  });

  it('rejects bad seed data with a 400 naming the field, and keeps the state', async () => {
    const { status, body } = await control('POST', '/seed', { subscribers: [{ firstName: 'x' }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      statusCode: 400,
      path: '/__svc/seed',
      message: expect.stringContaining('subscribers.0.subscriberId'),
    });
    expect(await subscriberStatus('seeded')).toBe(200);
  });

  it('rejects a body that is not JSON with a 400', async () => {
    const { status, body } = await control('POST', '/seed', '{nope');
    expect(status).toBe(400);
    expect(body.message).toMatch(/^The request body must be JSON/);
  });
});

describe('control API: snapshots', () => {
  it('takes a named snapshot and restores it', async () => {
    const taken = await control('POST', '/snapshots', { id: 'before' });
    expect(taken).toMatchObject({
      status: 201,
      body: { data: { id: 'before', takenAt: expect.any(String) } },
    });
    await control('POST', '/seed', { subscribers: [{ subscriberId: 'later' }] });
    expect(await subscriberStatus('later')).toBe(200);

    const restored = await control('POST', '/snapshots/before/restore');
    expect(restored).toMatchObject({ status: 200, body: { data: { restored: 'before' } } });
    expect(await subscriberStatus('later')).toBe(404);
    expect(await subscriberStatus('seeded')).toBe(200);
  });

  it('gives unnamed snapshots their own ids, lists and deletes them', async () => {
    const first = await control('POST', '/snapshots');
    const second = await control('POST', '/snapshots', {});
    expect(first.body.data.id).not.toBe(second.body.data.id);
    const ids = (await control('GET', '/snapshots')).body.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([first.body.data.id, second.body.data.id]));

    expect((await control('DELETE', `/snapshots/${first.body.data.id}`)).status).toBe(200);
    const after = await control('POST', `/snapshots/${first.body.data.id}/restore`);
    expect(after).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: `Snapshot ${first.body.data.id} not found` },
    });
  });

  it('rejects an id that cannot sit in a URL', async () => {
    const { status, body } = await control('POST', '/snapshots', { id: 'a/b' });
    expect(status).toBe(400);
    expect(body.message).toContain('id:');
  });
});

describe('control API: clock', () => {
  it('reads, advances and sets the virtual clock, which stamps new data', async () => {
    const start = (await control('GET', '/clock')).body.data;
    const advanced = await control('POST', '/clock/advance', { ms: 60_000 });
    expect(advanced.status).toBe(200);
    expect(advanced.body.data.epochMs).toBe(start.epochMs + 60_000);

    const set = await control('POST', '/clock/set', { to: '2027-01-01T00:00:00.000Z' });
    expect(set.body.data).toEqual({
      now: '2027-01-01T00:00:00.000Z',
      epochMs: Date.UTC(2027, 0, 1),
    });
    expect(server.engine.clock.iso()).toBe('2027-01-01T00:00:00.000Z');

    await control('POST', '/seed', { subscribers: [{ subscriberId: 'stamped' }] });
    const response = await fetch(`${server.url}/v2/subscribers/stamped`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    const { data } = (await response.json()) as { data: { createdAt: string } };
    expect(data.createdAt).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses to move the clock back or by a bad amount, with 400s', async () => {
    const back = await control('POST', '/clock/set', { to: '2000-01-01T00:00:00.000Z' });
    expect(back.status).toBe(400);
    expect(back.body.message).toContain('only moves forward');
    const negative = await control('POST', '/clock/advance', { ms: -5 });
    expect(negative.status).toBe(400);
    const missing = await control('POST', '/clock/advance', {});
    expect(missing).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('ms') },
    });
    const garbage = await control('POST', '/clock/set', { to: 'not a date' });
    expect(garbage.status).toBe(400);
  });
});

describe('control API: routing', () => {
  it('answers an unknown control path with 404 pointing at the index', async () => {
    const { status, body } = await control('GET', '/nothing');
    expect(status).toBe(404);
    expect(body.message).toBe('Cannot GET /__svc/nothing: GET /__svc lists the control routes');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const { status, headers } = await control('GET', '/reset');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
  });

  it('is not served when control is off', async () => {
    const plain = await startMockServer({ port: 0, control: false });
    try {
      const response = await fetch(`${plain.url}/__svc/environments`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        message: expect.stringContaining(
          'Cannot GET /__svc/environments: svc-mock has no such route',
        ),
      });
    } finally {
      await plain.close();
    }
  });

  it('mounts extra routes given as options', async () => {
    const extended = await startMockServer({
      port: 0,
      controlRoutes: [
        {
          method: 'GET',
          path: '/organization',
          description: 'The first organization',
          run: ({ context }) => ({ name: context.engine.organization.name }),
        },
      ],
    });
    try {
      const response = await fetch(`${extended.url}/__svc/organization`);
      expect(await response.json()).toEqual({ data: { name: 'Acme' } });
    } finally {
      await extended.close();
    }
  });
});

describe('control API: outbox and settle', () => {
  const trigger = (transactionId: string) =>
    fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ping', to: 'seeded', transactionId }),
    }).then((response) => response.json());

  beforeEach(async () => {
    const seeded = await control('POST', '/seed', {
      workflows: [
        {
          workflowId: 'ping',
          name: 'Ping',
          steps: [
            { type: 'in_app', name: 'Now', controlValues: { body: 'now' } },
            { type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'hours' } },
            { type: 'in_app', name: 'Later', controlValues: { body: 'later' } },
          ],
        },
      ],
    });
    expect(seeded.status).toBe(200);
  });

  it('lists delivered messages with filters, and clears them', async () => {
    await trigger('t-1');
    await trigger('t-2');
    const all = await control('GET', '/outbox');
    expect(all.status).toBe(200);
    expect(all.body.data.map((entry: { transactionId: string }) => entry.transactionId)).toEqual([
      't-1',
      't-2',
    ]);
    const one = await control('GET', '/outbox?transactionId=t-2&channel=in_app');
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ subscriberId: 'seeded', content: 'now' });

    expect((await control('DELETE', '/outbox')).body.data).toEqual({ cleared: 2 });
    expect((await control('GET', '/outbox')).body.data).toEqual([]);
  });

  it('rejects an unknown filter or channel with a 400', async () => {
    const unknown = await control('GET', '/outbox?color=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown outbox filter "color"');
    expect((await control('GET', '/outbox?channel=fax')).status).toBe(400);
  });

  it('settle runs due work; skipTime runs pending delays', async () => {
    const start = server.engine.clock.now(); // reset() put the clock back at the start time
    await trigger('t-1');
    expect((await control('POST', '/settle')).body.data).toMatchObject({ settled: true });
    expect(server.engine.outbox.count()).toBe(1);
    const settled = await control('POST', '/settle', { skipTime: true });
    expect(settled.status).toBe(200);
    expect(server.engine.outbox.list().map((entry) => entry.content)).toEqual(['now', 'later']);
    expect(settled.body.data.epochMs).toBe(start + 3_600_000);
    expect((await control('POST', '/settle', { skipTime: 'yes' })).status).toBe(400);
  });
});

describe('control API: faults', () => {
  it('adds, lists and clears HTTP faults that the API then answers', async () => {
    const added = await control('POST', '/faults', {
      match: { operation: 'subscribers.retrieve' },
      times: 1,
      respond: { status: 503 },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ id: expect.any(String), kind: 'http', remaining: 1 });
    expect(await subscriberStatus('seeded')).toBe(503);
    expect(await subscriberStatus('seeded')).toBe(200);
    const listed = await control('GET', '/faults');
    expect(listed.body.data).toEqual([{ ...added.body.data, remaining: 0, hits: 1 }]);
    expect((await control('DELETE', '/faults')).body.data).toEqual({ cleared: 1 });
    expect((await control('GET', '/faults')).body.data).toEqual([]);
  });

  it('drops the connection for an injected network error', async () => {
    await control('POST', '/faults', { times: 1, respond: 'network-error' });
    await expect(subscriberStatus('seeded')).rejects.toThrow(TypeError);
    expect(await subscriberStatus('seeded')).toBe(200);
  });

  it('adds provider failures and removes one fault by id', async () => {
    const added = await control('POST', '/faults/provider', { channel: 'email', times: 2 });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ kind: 'provider', channel: 'email', remaining: 2 });
    const id = added.body.data.id as string;
    expect((await control('DELETE', `/faults/${id}`)).body.data).toEqual({ deleted: id });
    expect((await control('DELETE', `/faults/${id}`)).status).toBe(404);
  });

  it('rejects a bad fault with a 400 naming the field, and reset() clears faults', async () => {
    const bad = await control('POST', '/faults', { respond: { status: 200 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('respond');
    expect((await control('POST', '/faults/provider', { channel: 'fax' })).status).toBe(400);
    await control('POST', '/faults', { respond: { status: 500 } });
    await control('POST', '/reset');
    expect((await control('GET', '/faults')).body.data).toEqual([]);
  });
});
