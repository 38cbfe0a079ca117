// Channel endpoints through the msw handlers with raw fetch (docs/behaviour/channels.md#endpoints):
// the shape of each endpoint type, the lookups and their 404 texts, the conflict, the update of
// an endpoint's own type, the listing filters, and that a refused write stores nothing.
import { describe, expect, it } from 'vitest';
import { endpointMatches } from '../../mock-server/engine/resources/channel-endpoint-shapes';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    integrations: [
      {
        providerId: 'slack',
        channel: 'chat',
        name: 'Slack',
        identifier: 'slack-prod',
        active: true,
        credentials: { clientId: 'c' },
      },
    ],
  },
});

const connect = () =>
  call('POST', '/v1/channel-connections', {
    body: {
      identifier: 'conn-ada',
      subscriberId: 'ada',
      integrationIdentifier: 'slack-prod',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    },
  });

const create = (extra: Record<string, unknown> = {}) =>
  call('POST', '/v1/channel-endpoints', {
    body: {
      subscriberId: 'ada',
      integrationIdentifier: 'slack-prod',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
      ...extra,
    },
  });

const count = async () => (await call('GET', '/v1/channel-endpoints')).body.totalCount;

describe('POST /v1/channel-endpoints', () => {
  it('creates a Slack channel endpoint through a connection, with a generated identifier', async () => {
    await connect();
    const created = await create({ connectionIdentifier: 'conn-ada' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      identifier: expect.stringMatching(/^slack-prod-ada-[a-zA-Z0-9_-]{6}$/),
      channel: 'chat',
      providerId: 'slack',
      integrationIdentifier: 'slack-prod',
      connectionIdentifier: 'conn-ada',
      subscriberId: 'ada',
      contextKeys: [],
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('creates a webhook endpoint without a connection, with its context', async () => {
    const created = await create({
      identifier: 'ada-hook',
      type: 'webhook',
      endpoint: { url: 'https://hooks.example.com/ada' },
      context: { tenant: 'acme' },
    });
    expect(created.body.data).toMatchObject({
      identifier: 'ada-hook',
      connectionIdentifier: null,
      contextKeys: ['tenant:acme'],
    });
  });

  it('refuses an endpoint that does not match its type with 422, storing nothing', async () => {
    const wrong = await create({ endpoint: { url: 'https://x' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.general.messages).toEqual([
      'Endpoint must match the required format for type "slack_channel"',
    ]);
    const unknownType = await create({ type: 'carrier_pigeon' });
    expect(unknownType.status).toBe(422);
    expect(await count()).toBe(0);
  });

  it('answers 404 for an unknown integration, subscriber or connection, storing nothing', async () => {
    expect((await create({ integrationIdentifier: 'nope' })).body.message).toBe(
      'Integration not found: nope',
    );
    expect((await create({ subscriberId: 'nobody' })).body.message).toBe(
      'Subscriber not found: nobody',
    );
    const noConnection = await create({ connectionIdentifier: 'missing' });
    expect(noConnection.status).toBe(404);
    expect(noConnection.body.message).toBe(
      "Channel connection with identifier 'missing' not found",
    );
    expect(await count()).toBe(0);
  });

  it('creates the subscriber when asked to', async () => {
    const created = await create({ subscriberId: 'linus', createSubscriberIfMissing: true });
    expect(created.status).toBe(201);
    expect((await call('GET', '/v2/subscribers/linus')).status).toBe(200);
  });

  it('answers 409 for a taken identifier', async () => {
    await create({ identifier: 'e-1' });
    const again = await create({ identifier: 'e-1', subscriberId: 'grace' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Channel endpoint with identifier "e-1" already exists in environment "${engine.environment('Development')._id}"`,
    );
  });
});

describe('GET, PATCH and DELETE /v1/channel-endpoints/{identifier}', () => {
  it('retrieves, updates within its type, and deletes', async () => {
    await create({ identifier: 'e-1' });
    expect((await call('GET', '/v1/channel-endpoints/e-1')).body.data.type).toBe('slack_channel');
    const updated = await call('PATCH', '/v1/channel-endpoints/e-1', {
      body: { endpoint: { channelId: 'C2' } },
    });
    expect(updated.body.data.endpoint).toEqual({ channelId: 'C2' });
    const otherType = await call('PATCH', '/v1/channel-endpoints/e-1', {
      body: { endpoint: { phoneNumber: '+15550000' } },
    });
    expect(otherType.status).toBe(422);
    expect((await call('GET', '/v1/channel-endpoints/e-1')).body.data.endpoint).toEqual({
      channelId: 'C2',
    });
    expect((await call('DELETE', '/v1/channel-endpoints/e-1')).status).toBe(204);
    const gone = await call('GET', '/v1/channel-endpoints/e-1');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Channel endpoint with identifier 'e-1' not found");
  });

  it("answers 404 for an unknown identifier and another environment's endpoint", async () => {
    const patch = await call('PATCH', '/v1/channel-endpoints/nope', {
      body: { endpoint: { channelId: 'C2' } },
    });
    expect(patch.body.message).toBe(
      `Channel endpoint with identifier "nope" not found in environment "${engine.environment('Development')._id}"`,
    );
    await create({ identifier: 'dev-only' });
    const key = engine.environment('Production').apiKey;
    expect((await call('DELETE', '/v1/channel-endpoints/dev-only', { key })).status).toBe(404);
    expect(await count()).toBe(1);
  });
});

describe('GET /v1/channel-endpoints', () => {
  it('filters by subscriber, connection and type of channel', async () => {
    await connect();
    await create({ identifier: 'a', connectionIdentifier: 'conn-ada' });
    engine.clock.advance(1);
    await create({
      identifier: 'b',
      subscriberId: 'grace',
      type: 'webhook',
      endpoint: { url: 'https://h' },
    });
    const ids = (reply: { body: { data: { identifier: string }[] } }) =>
      reply.body.data.map((endpoint) => endpoint.identifier);
    expect(ids(await call('GET', '/v1/channel-endpoints'))).toEqual(['b', 'a']);
    expect(ids(await call('GET', '/v1/channel-endpoints?connectionIdentifier=conn-ada'))).toEqual([
      'a',
    ]);
    expect(ids(await call('GET', '/v1/channel-endpoints?subscriberId=grace'))).toEqual(['b']);
    expect(ids(await call('GET', '/v1/channel-endpoints?channel=email'))).toEqual([]);
    expect((await call('GET', '/v1/channel-endpoints?limit=500')).status).toBe(422);
  });
});

describe('endpoint shapes', () => {
  it.each([
    ['slack_user', { userId: 'U1' }, { channelId: 'C1' }],
    ['phone', { phoneNumber: '+15550000' }, { phoneNumber: '' }],
    ['ms_teams_channel', { teamId: 't', channelId: 'c' }, { teamId: 't' }],
    ['webex_person', { personEmail: 'a@b.c' }, { personId: 'p', personEmail: 'a@b.c' }],
    ['pagerduty_service', { routingKey: 'k', region: 'eu' }, { routingKey: 'k', region: 'asia' }],
    [
      'tool_webhook',
      { url: 'https://t', headers: { a: 'b' }, method: 'POST' },
      { url: 'https://t', method: 'TRACE' },
    ],
  ] as const)('%s takes its fields and refuses others', (type, good, bad) => {
    expect(endpointMatches(type, good)).toBe(true);
    expect(endpointMatches(type, bad)).toBe(false);
  });
});
