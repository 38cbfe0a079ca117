// Contexts through the msw handlers with raw fetch (docs/behaviour/contexts.md): the part and
// data rules, the conflict, the service's 404 texts, the listing, and what a delete leaves.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

const ids = (reply: { body: { data: { id: string }[] } }) =>
  reply.body.data.map((context) => context.id);

const create = (type: string, id: string, data?: unknown) =>
  call('POST', '/v2/contexts', { body: data === undefined ? { type, id } : { type, id, data } });

describe('POST /v2/contexts', () => {
  it('creates with 201; data defaults to {}', async () => {
    const created = await create('tenant', 'acme', { plan: 'pro' });
    expect(created.status).toBe(201);
    // The service's interceptor leaves a body that has a `data` field unwrapped.
    expect(created.body).toEqual({
      type: 'tenant',
      id: 'acme',
      data: { plan: 'pro' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await create('workspace', 'w-1')).body.data).toEqual({});
  });

  it('answers 409 for an existing type and id, and keeps the first', async () => {
    await create('tenant', 'acme', { plan: 'pro' });
    const again = await create('tenant', 'acme', { plan: 'free' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Context with type 'tenant' and id 'acme' already exists");
    expect((await call('GET', '/v2/contexts/tenant/acme')).body.data).toEqual({ plan: 'pro' });
    expect((await create('region', 'acme')).status).toBe(201);
  });

  it('refuses bad parts and data with 422, storing nothing', async () => {
    const missing = await call('POST', '/v2/contexts', { body: { id: 'acme' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.general.messages).toEqual(['type should not be null or undefined']);
    const badType = await create('Invalid_Type!', 'acme');
    expect(badType.status).toBe(422);
    expect(badType.body.errors.general.messages).toEqual([
      'type must match /^[a-zA-Z0-9_-]+$/ regular expression',
    ]);
    const badId = await create('tenant', 'has space');
    expect(badId.body.errors.general.messages).toEqual([
      'id must match /^[a-zA-Z0-9_-]+$/ regular expression',
    ]);
    const long = await create('tenant', 'a'.repeat(101));
    expect(long.body.errors.general.messages).toEqual([
      'id must be shorter than or equal to 100 characters',
    ]);
    expect((await create('', 'acme')).body.errors.general.messages).toEqual([
      'type should not be empty',
      'type must match /^[a-zA-Z0-9_-]+$/ regular expression',
    ]);
    expect((await create('tenant', 'acme', ['x'])).body.errors.general.messages).toEqual([
      'data must be an object',
    ]);
    const large = await create('tenant', 'acme', { blob: 'x'.repeat(70 * 1024) });
    expect(large.status).toBe(422);
    expect(large.body.errors.general.messages).toEqual([
      'Context data is too large (70KB). Maximum size is 64KB',
    ]);
    expect((await call('GET', '/v2/contexts')).body.totalCount).toBe(0);
  });
});

describe('GET, PATCH and DELETE /v2/contexts/{type}/{id}', () => {
  it("answers the service's 404 texts for unknown contexts", async () => {
    const environmentId = engine.environment('Development')._id;
    const missing = await call('GET', '/v2/contexts/tenant/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(
      `Context with id 'nobody' and type 'tenant' not found in environment ${environmentId}`,
    );
    const update = await call('PATCH', '/v2/contexts/tenant/nobody', { body: { data: {} } });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe("Context with type 'tenant' and id 'nobody' not found");
    const removed = await call('DELETE', '/v2/contexts/tenant/nobody');
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe(missing.body.message);
  });

  it('update replaces the data whole; a missing data is 422 and changes nothing', async () => {
    await create('tenant', 'acme', { plan: 'pro', seats: 5 });
    const updated = await call('PATCH', '/v2/contexts/tenant/acme', {
      body: { data: { plan: 'team' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ plan: 'team' });
    const bad = await call('PATCH', '/v2/contexts/tenant/acme', { body: {} });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.general.messages).toEqual(['data should not be null or undefined']);
    expect((await call('GET', '/v2/contexts/tenant/acme')).body.data).toEqual({ plan: 'team' });
  });

  it('delete answers 204 and removes the record, not the subscriptions that carry its key', async () => {
    await create('tenant', 'acme');
    await call('POST', '/v2/topics/news/subscriptions', {
      body: { subscriptions: ['ada'], context: { tenant: 'acme' } },
    });
    const removed = await call('DELETE', '/v2/contexts/tenant/acme');
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await call('GET', '/v2/contexts/tenant/acme')).status).toBe(404);
    const subscriptions = await call('GET', '/v2/topics/news/subscriptions');
    expect(subscriptions.body.data.map((s: { contextKeys: string[] }) => s.contextKeys)).toEqual([
      ['tenant:acme'],
    ]);
  });

  it("another environment's contexts are not found", async () => {
    await create('tenant', 'acme');
    const production = engine.environment('Production').apiKey;
    expect((await call('GET', '/v2/contexts/tenant/acme', { key: production })).status).toBe(404);
    expect((await call('GET', '/v2/contexts', { key: production })).body.totalCount).toBe(0);
  });
});

describe('GET /v2/contexts', () => {
  it('lists newest first, filters by type, id and search, and pages by cursor', async () => {
    for (const [type, id] of [
      ['tenant', 'acme'],
      ['workspace', 'acme'],
      ['tenant', 'other'],
      ['tenant', 'ACME-eu'],
    ]) {
      await create(type as string, id as string);
      engine.clock.advance(1000);
    }
    const all = await call('GET', '/v2/contexts');
    expect(ids(all)).toEqual(['ACME-eu', 'other', 'acme', 'acme']);
    expect(all.body).toMatchObject({ totalCount: 4, totalCountCapped: false, next: null });
    expect(ids(await call('GET', '/v2/contexts?orderDirection=ASC'))).toEqual([
      'acme',
      'acme',
      'other',
      'ACME-eu',
    ]);
    expect((await call('GET', '/v2/contexts?id=acme')).body.totalCount).toBe(2);
    expect((await call('GET', '/v2/contexts?type=tenant')).body.totalCount).toBe(3);
    expect(ids(await call('GET', '/v2/contexts?search=acme'))).toEqual(['ACME-eu', 'acme', 'acme']);
    expect(ids(await call('GET', '/v2/contexts?search=workspace:'))).toEqual(['acme']);
    expect((await call('GET', '/v2/contexts?search=%5Binvalid')).body.data).toEqual([]);
    const first = await call('GET', '/v2/contexts?limit=3');
    expect(first.body.data).toHaveLength(3);
    const second = await call('GET', `/v2/contexts?limit=3&after=${first.body.next}`);
    expect(ids(second)).toEqual(['acme']);
    expect(second.body.previous).not.toBeNull();
    expect((await call('GET', '/v2/contexts?limit=101')).status).toBe(422);
    expect((await call('GET', '/v2/contexts?after=unknown')).body.data).toEqual([]);
  });
});

describe('GET /v2/contexts order without a sort of the whole table', () => {
  it('keeps createdAt order by default and sorts by updatedAt when asked', async () => {
    await create('tenant', 'a');
    engine.clock.advance('1s');
    await create('tenant', 'b');
    engine.clock.advance('1s');
    await create('tenant', 'c');
    engine.clock.advance('1s');
    await call('PATCH', '/v2/contexts/tenant/a', { body: { data: { touched: true } } });
    expect(ids(await call('GET', '/v2/contexts'))).toEqual(['c', 'b', 'a']);
    expect(ids(await call('GET', '/v2/contexts?orderDirection=ASC'))).toEqual(['a', 'b', 'c']);
    expect(ids(await call('GET', '/v2/contexts?orderBy=updatedAt'))).toEqual(['a', 'c', 'b']);
  });
});
