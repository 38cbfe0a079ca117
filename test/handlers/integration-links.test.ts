// The integration operations that point at a provider (docs/behaviour/integrations.md#provider-links),
// through the msw handlers with raw fetch: the URL each answers from the integration alone, the
// service's 404 texts, 422 for bad bodies, and what auto-configure stores (nothing on a failure).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    integrations: [
      {
        providerId: 'slack',
        channel: 'chat',
        identifier: 'slack',
        active: true,
        credentials: { clientId: 'client-1' },
      },
      { providerId: 'slack', channel: 'chat', identifier: 'slack-bare', active: true },
      {
        providerId: 'msteams',
        channel: 'chat',
        identifier: 'teams',
        active: true,
        credentials: { clientId: 'teams-client' },
      },
      {
        providerId: 'telegram',
        channel: 'chat',
        identifier: 'tg',
        active: true,
        credentials: { apiToken: '4242:abc' },
      },
      { providerId: 'mailgun', channel: 'email', identifier: 'mg', active: true },
      { providerId: 'sendgrid', channel: 'email', identifier: 'sg', active: true },
    ],
  },
});

const integrationId = (identifier: string) =>
  engine.scope('Development').data.integrations.find((i) => i.identifier === identifier)?._id;
const env = () => engine.scope('Development').environment._id;
const stateOf = (url: string) =>
  JSON.parse(
    Buffer.from(new URL(url).searchParams.get('state') ?? '', 'base64url').toString('utf8'),
  );

describe('POST /v1/integrations/chat/oauth, channel-connections/oauth, channel-endpoints/oauth', () => {
  it('answers 201 with the Slack authorize URL: client id, callback, default scopes, state', async () => {
    const reply = await call('POST', '/v1/integrations/channel-connections/oauth', {
      body: { integrationIdentifier: 'slack', subscriberId: 'ada', connectionIdentifier: 'c-1' },
    });
    expect(reply.status).toBe(201);
    const url = new URL(reply.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://api.svc.co/v1/integrations/chat/oauth/callback',
    );
    expect(url.searchParams.get('scope')).toBe(
      'chat:write,chat:write.public,channels:read,groups:read,users:read,users:read.email',
    );
    expect(stateOf(reply.body.data.url)).toMatchObject({
      identifier: 'c-1',
      subscriberId: 'ada',
      environmentId: env(),
      integrationIdentifier: 'slack',
      providerId: 'slack',
      mode: 'connect',
    });
  });

  it('link_user asks for user scopes; the chat/oauth route takes given scopes', async () => {
    const linked = await call('POST', '/v1/integrations/channel-endpoints/oauth', {
      body: { integrationIdentifier: 'slack', subscriberId: 'ada' },
    });
    const url = new URL(linked.body.data.url);
    expect(url.searchParams.get('user_scope')).toBe('identity.basic');
    expect(url.searchParams.has('scope')).toBe(false);
    const chat = await call('POST', '/v1/integrations/chat/oauth', {
      body: { integrationIdentifier: 'slack', scope: ['chat:write'] },
    });
    expect(chat.status).toBe(201);
    expect(new URL(chat.body.data.url).searchParams.get('scope')).toBe('chat:write');
  });

  it('MS Teams: admin consent to connect, the authorize endpoint to link a user', async () => {
    const connect = await call('POST', '/v1/integrations/channel-connections/oauth', {
      body: { integrationIdentifier: 'teams' },
    });
    expect(connect.body.data.url).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/organizations\/adminconsent\?client_id=teams-client/,
    );
    const link = await call('POST', '/v1/integrations/channel-endpoints/oauth', {
      body: { integrationIdentifier: 'teams', subscriberId: 'ada' },
    });
    expect(link.body.data.url).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/common\/oauth2\/v2\.0\/authorize\?/,
    );
    // The deprecated route is Slack only.
    const chat = await call('POST', '/v1/integrations/chat/oauth', {
      body: { integrationIdentifier: 'teams' },
    });
    expect(chat.status).toBe(404);
  });

  it('answers the service 404s and 400s', async () => {
    const unknown = await call('POST', '/v1/integrations/channel-connections/oauth', {
      body: { integrationIdentifier: 'ghost' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`Integration not found: ghost in environment ${env()}`);
    const bare = await call('POST', '/v1/integrations/channel-connections/oauth', {
      body: { integrationIdentifier: 'slack-bare' },
    });
    expect(bare.status).toBe(404);
    expect(bare.body.message).toBe(
      'Slack integration missing required OAuth credentials (clientId) ',
    );
    const webhook = await call('POST', '/v1/integrations/chat/oauth', {
      body: { integrationIdentifier: 'slack', scope: ['incoming-webhook'] },
    });
    expect(webhook.status).toBe(400);
    expect(webhook.body.message).toBe('subscriberId is required for incoming webhook');
    const production = engine.environment('Production').apiKey;
    const elsewhere = await call('POST', '/v1/integrations/channel-connections/oauth', {
      key: production,
      body: { integrationIdentifier: 'slack' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('refuses invalid bodies with 422', async () => {
    for (const [path, body] of [
      ['/v1/integrations/chat/oauth', {}],
      ['/v1/integrations/channel-connections/oauth', { integrationIdentifier: 1 }],
      ['/v1/integrations/channel-endpoints/oauth', { integrationIdentifier: 'slack' }],
      [
        '/v1/integrations/channel-connections/oauth',
        { integrationIdentifier: 'slack', connectionMode: 'x' },
      ],
    ] as const) {
      expect((await call('POST', path, { body })).status).toBe(422);
    }
  });
});

describe('POST /v1/integrations/{integrationId}/auto-configure', () => {
  it('turns on inbound webhooks of a provider that supports it; credentials answered empty', async () => {
    const id = integrationId('mg');
    const reply = await call('POST', `/v1/integrations/${id}/auto-configure`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      success: true,
      message: 'Integration auto-configured successfully',
      integration: {
        _id: id,
        credentials: {},
        configurations: {
          inboundWebhookEnabled: true,
          inboundWebhookSigningKey: expect.any(String),
        },
      },
    });
    const stored = engine.scope('Development').data.integrations.find((i) => i._id === id);
    expect(stored?.configurations).toMatchObject({ inboundWebhookEnabled: true });
  });

  it('answers success false and changes nothing for another provider', async () => {
    const id = integrationId('sg');
    const before = structuredClone(
      engine.scope('Development').data.integrations.find((i) => i._id === id),
    );
    const reply = await call('POST', `/v1/integrations/${id}/auto-configure`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      success: false,
      message:
        'A support of auto-configuration of inbound webhook is not implemented by provider, manual configuration is required',
    });
    expect(engine.scope('Development').data.integrations.find((i) => i._id === id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['64da692e9a94fb2e6449ad06', 'not-an-id']) {
      const reply = await call('POST', `/v1/integrations/${id}/auto-configure`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(`Integration not found, id: ${id}`);
    }
  });
});

describe('Telegram: webhook/configure, mobile-link, channel-endpoints/link', () => {
  it('configures the webhook URL of the integration', async () => {
    const reply = await call('POST', '/v1/integrations/tg/webhook/configure');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      webhookUrl: `https://api.svc.co/v1/integrations/telegram/webhook/${integrationId('tg')}`,
      configuredAt: engine.scope('Development').iso(),
      botUsername: 'bot4242',
    });
  });

  it('issues a mobile link that expires in 15 minutes', async () => {
    const reply = await call('POST', '/v1/integrations/tg/mobile-link', {
      body: { subscriberId: 'ada' },
    });
    expect(reply.status).toBe(200);
    const { token, url, expiresAt } = reply.body.data;
    expect(url).toBe(`https://dashboard.svc.co/integrations/telegram/connect/${token}`);
    expect(Date.parse(expiresAt) - engine.scope('Development').now()).toBe(15 * 60_000);
    const ghost = await call('POST', '/v1/integrations/tg/mobile-link', {
      body: { subscriberId: 'ghost' },
    });
    expect(ghost.status).toBe(404);
  });

  it('links a subscriber: Telegram deep link, or the OAuth URL for Slack', async () => {
    const telegram = await call('POST', '/v1/integrations/channel-endpoints/link', {
      body: { integrationIdentifier: 'tg', subscriberId: 'ada' },
    });
    expect(telegram.status).toBe(200);
    expect(telegram.body.data.url).toMatch(/^https:\/\/t\.me\/bot4242\?start=[A-Za-z0-9_-]{1,64}$/);
    expect(telegram.body.data.providerMetadata).toEqual({
      providerId: 'telegram',
      botUsername: 'bot4242',
    });
    const slack = await call('POST', '/v1/integrations/channel-endpoints/link', {
      body: { integrationIdentifier: 'slack', subscriberId: 'ada' },
    });
    expect(new URL(slack.body.data.url).searchParams.get('user_scope')).toBe('identity.basic');
  });

  it('refuses other providers, unknown integrations and subscribers', async () => {
    const slack = await call('POST', '/v1/integrations/slack/webhook/configure');
    expect(slack.status).toBe(400);
    expect(slack.body.message).toBe('Provider slack is not supported; only telegram is supported');
    const ghost = await call('POST', '/v1/integrations/ghost/mobile-link', { body: {} });
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe(`Integration not found: ghost in environment ${env()}`);
    const nobody = await call('POST', '/v1/integrations/channel-endpoints/link', {
      body: { integrationIdentifier: 'tg', subscriberId: 'ghost' },
    });
    expect(nobody.status).toBe(404);
    const missing = await call('POST', '/v1/integrations/channel-endpoints/link', {
      body: { integrationIdentifier: 'tg' },
    });
    expect(missing.status).toBe(422);
  });
});
