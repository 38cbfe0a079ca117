// Channel connections through the msw handlers with raw fetch (docs/behaviour/channels.md):
// the body rules, the uniqueness and identifier conflicts, the service's 404 texts, the
// listing filters, the cap, and that a refused write stores nothing.
import { describe, expect, it } from 'vitest';
import { MAX_CHANNEL_RECORDS } from '../../mock-server/engine/resources/channel-listing';
import { useEngine } from './harness';

const SLACK = {
  providerId: 'slack',
  channel: 'chat' as const,
  name: 'Slack',
  identifier: 'slack-prod',
  active: true,
  credentials: { clientId: 'c', clientSecret: 's' },
};

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    integrations: [SLACK],
  },
});

const body = (extra: Record<string, unknown> = {}) => ({
  subscriberId: 'ada',
  integrationIdentifier: 'slack-prod',
  workspace: { id: 'T1', name: 'Acme HQ' },
  auth: { accessToken: 'xoxb-1' },
  ...extra,
});

const create = (extra: Record<string, unknown> = {}) =>
  call('POST', '/v1/channel-connections', { body: body(extra) });

const count = async () => (await call('GET', '/v1/channel-connections')).body.totalCount;

describe('POST /v1/channel-connections', () => {
  it("creates with 201, the integration's provider and channel, and a generated identifier", async () => {
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      identifier: expect.stringMatching(/^chconn-[a-zA-Z0-9_-]{6}$/),
      channel: 'chat',
      providerId: 'slack',
      integrationIdentifier: 'slack-prod',
      subscriberId: 'ada',
      contextKeys: [],
      workspace: { id: 'T1', name: 'Acme HQ' },
      auth: { accessToken: 'xoxb-1' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps a given identifier, stores the context keys and creates the contexts', async () => {
    const created = await create({
      identifier: 'acme-slack',
      context: { tenant: 'acme', region: { id: 'eu', data: { zone: 1 } } },
    });
    expect(created.body.data.identifier).toBe('acme-slack');
    expect(created.body.data.contextKeys).toEqual(['tenant:acme', 'region:eu']);
    const region = await call('GET', '/v2/contexts/region/eu');
    expect(region.status).toBe(200);
    expect(region.body.data).toEqual({ zone: 1 });
  });

  it('a shared connection stores no subscriber and needs a context', async () => {
    const shared = await create({ connectionMode: 'shared', context: { tenant: 'acme' } });
    expect(shared.status).toBe(201);
    expect(shared.body.data.subscriberId).toBeNull();
    const bare = await create({ connectionMode: 'shared', identifier: 'x' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Either subscriberId or context must be provided');
  });

  it('answers 409 for a second connection of the same integration, subscriber and context', async () => {
    const first = await create({ identifier: 'one' });
    const again = await create({ identifier: 'two' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `A channel connection already exists for integration "slack-prod" with subscriberId "ada" and no context. Connection ID: ${first.body.data.identifier}`,
    );
    expect((await create({ identifier: 'two', context: { tenant: 'acme' } })).status).toBe(201);
    const taken = await create({ identifier: 'one', subscriberId: 'grace' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      `Channel connection with identifier "one" already exists in environment "${engine.environment('Development')._id}"`,
    );
    expect(await count()).toBe(2);
  });

  it('answers 404 for an unknown integration or subscriber, storing nothing', async () => {
    const noIntegration = await create({ integrationIdentifier: 'nope' });
    expect(noIntegration.status).toBe(404);
    expect(noIntegration.body.message).toBe('Integration not found: nope');
    const noSubscriber = await create({ subscriberId: 'nobody' });
    expect(noSubscriber.status).toBe(404);
    expect(noSubscriber.body.message).toBe('Subscriber not found: nobody');
    const withContext = await create({ subscriberId: 'nobody', context: { tenant: 'zzz' } });
    expect(withContext.status).toBe(404);
    expect((await call('GET', '/v2/contexts/tenant/zzz')).status).toBe(404);
    expect(await count()).toBe(0);
  });

  it('refuses a malformed body with 422 and an oversized auth, storing nothing', async () => {
    const missing = await call('POST', '/v1/channel-connections', {
      body: { subscriberId: 'ada', integrationIdentifier: 'slack-prod' },
    });
    expect(missing.status).toBe(422);
    const badContext = await create({
      context: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' },
    });
    expect(badContext.status).toBe(422);
    expect(badContext.body.errors.general.messages).toEqual([
      'Too many contexts: 6 provided, maximum allowed is 5',
    ]);
    const huge = await create({ auth: { accessToken: 'x'.repeat(20_000) } });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.general.messages).toEqual(['auth must be at most 16KB as JSON']);
    expect(await count()).toBe(0);
  });

  it(`keeps at most ${MAX_CHANNEL_RECORDS} connections per environment`, async () => {
    const data = engine.scope('Development').data;
    for (let index = 0; index < MAX_CHANNEL_RECORDS; index++) {
      data.channelConnections.set(`filler-${index}`, {
        _id: `${index.toString(16).padStart(24, '0')}`,
        identifier: `filler-${index}`,
        integrationIdentifier: 'slack-prod',
        providerId: 'slack',
        channel: 'chat',
        subscriberId: 'grace',
        contextKeys: [`n:${index}`],
        workspace: { id: 'T' },
        auth: { accessToken: 'a' },
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
      });
    }
    const refused = await create();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `An environment keeps at most ${MAX_CHANNEL_RECORDS} channel connections; delete some first`,
    );
    expect(data.channelConnections.size).toBe(MAX_CHANNEL_RECORDS);
  });
});

describe('GET, PATCH and DELETE /v1/channel-connections/{identifier}', () => {
  it('retrieves, replaces workspace and auth, and deletes', async () => {
    await create({ identifier: 'c-1' });
    expect((await call('GET', '/v1/channel-connections/c-1')).body.data.identifier).toBe('c-1');
    engine.clock.advance(1000);
    const updated = await call('PATCH', '/v1/channel-connections/c-1', {
      body: { workspace: { id: 'T2' }, auth: { accessToken: 'xoxb-2', refreshToken: 'r' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      workspace: { id: 'T2' },
      auth: { accessToken: 'xoxb-2', refreshToken: 'r' },
    });
    expect(updated.body.data.updatedAt > updated.body.data.createdAt).toBe(true);
    expect((await call('DELETE', '/v1/channel-connections/c-1')).status).toBe(204);
    const gone = await call('GET', '/v1/channel-connections/c-1');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Channel connection with identifier 'c-1' not found");
  });

  it("answers the service's 404 texts for an unknown identifier", async () => {
    const patch = await call('PATCH', '/v1/channel-connections/nope', {
      body: { workspace: { id: 'T2' }, auth: { accessToken: 'x' } },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Channel connection with identifier "nope" not found');
    const remove = await call('DELETE', '/v1/channel-connections/nope');
    expect(remove.body.message).toBe("Channel connection with identifier 'nope' not found");
  });

  it("does not see another environment's connection", async () => {
    await create({ identifier: 'dev-only' });
    const productionKey = engine.environment('Production').apiKey;
    const other = await call('GET', '/v1/channel-connections/dev-only', { key: productionKey });
    expect(other.status).toBe(404);
  });
});

describe('GET /v1/channel-connections', () => {
  it('pages newest first and filters by subscriber, provider and exact context keys', async () => {
    await create({ identifier: 'a' });
    engine.clock.advance(1);
    await create({ identifier: 'b', subscriberId: 'grace' });
    engine.clock.advance(1);
    await create({ identifier: 'c', context: { tenant: 'acme', region: 'eu' } });
    const all = await call('GET', '/v1/channel-connections?limit=2');
    expect(all.body.data.map((c: { identifier: string }) => c.identifier)).toEqual(['c', 'b']);
    expect(all.body.totalCount).toBe(3);
    const next = await call('GET', `/v1/channel-connections?limit=2&after=${all.body.next}`);
    expect(next.body.data.map((c: { identifier: string }) => c.identifier)).toEqual(['a']);
    const grace = await call('GET', '/v1/channel-connections?subscriberId=grace');
    expect(grace.body.data.map((c: { identifier: string }) => c.identifier)).toEqual(['b']);
    const byContext = await call(
      'GET',
      '/v1/channel-connections?contextKeys=region:eu&contextKeys=tenant:acme',
    );
    expect(byContext.body.data.map((c: { identifier: string }) => c.identifier)).toEqual(['c']);
    const noContext = await call('GET', '/v1/channel-connections?contextKeys=');
    expect(noContext.body.totalCount).toBe(2);
    expect((await call('GET', '/v1/channel-connections?providerId=msteams')).body.totalCount).toBe(
      0,
    );
    const both = await call('GET', '/v1/channel-connections?after=x&before=y');
    expect(both.status).toBe(400);
  });
});
