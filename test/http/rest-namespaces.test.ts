// The operations added to integrations and topics (issue 39) through svc-mock's node:http server
// with the real client, strict validation: each answers over HTTP as through the handlers,
// including the 204 with no body of an unknown topic subscription.
import { NotFoundError, Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      topics: [{ key: 'news', subscribers: ['ada'] }],
      integrations: [
        {
          providerId: 'slack',
          channel: 'chat',
          identifier: 'slack',
          active: true,
          credentials: { clientId: 'client-1' },
        },
        {
          providerId: 'telegram',
          channel: 'chat',
          identifier: 'tg',
          active: true,
          credentials: { apiToken: '4242:abc' },
        },
        { providerId: 'mailgun', channel: 'email', identifier: 'mg', active: true },
      ],
    },
  });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    validation: 'strict',
    maxRetries: 0,
  });
});
afterAll(() => server.close());

describe('svc-mock serves the rest of the integrations and topics operations', () => {
  it('topics: one subscription by identifier, its update, and the v1 check', async () => {
    const one = await svc.topics.subscriptions.retrieve('news', 'tk_news:si_ada');
    expect(one?.identifier).toBe('tk_news:si_ada');
    const none = await svc.topics.subscriptions.retrieve('news', 'nope').withResponse();
    expect(none.response.status).toBe(204);
    expect(none.data).toBeUndefined();
    const updated = await svc.topics.subscriptions.update('news', 'tk_news:si_ada', {
      name: 'Ada',
    });
    expect(updated.name).toBe('Ada');
    expect((await svc.topics.subscribers.retrieve('news', 'ada')).externalSubscriberId).toBe('ada');
    await expect(svc.topics.subscribers.retrieve('news', 'ghost')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('integrations: auto-configure, OAuth URLs and the Telegram links', async () => {
    const mailgun = (await svc.integrations.list()).find((i) => i.identifier === 'mg');
    expect((await svc.integrations.autoConfigure(mailgun?._id ?? '')).success).toBe(true);
    const chat = await svc.integrations.generateChatOAuthUrl({ integrationIdentifier: 'slack' });
    expect(chat.url).toContain('client_id=client-1');
    const connect = await svc.integrations
      .generateConnectOAuthUrl({ integrationIdentifier: 'slack' })
      .withResponse();
    expect(connect.response.status).toBe(201);
    const link = await svc.integrations.generateLinkUserOAuthUrl({
      integrationIdentifier: 'slack',
      subscriberId: 'ada',
    });
    expect(link.url).toContain('user_scope=identity.basic');
    expect((await svc.integrations.configureWebhook('tg')).botUsername).toBe('bot4242');
    const mobile = await svc.integrations.createMobileLink('tg', {});
    expect(mobile.url).toContain(mobile.token);
    const endpoint = await svc.integrations.linkChannelEndpoint({
      integrationIdentifier: 'tg',
      subscriberId: 'ada',
    });
    expect(endpoint.url).toMatch(/^https:\/\/t\.me\/bot4242\?start=/);
    await expect(svc.integrations.configureWebhook('ghost')).rejects.toBeInstanceOf(NotFoundError);
  });
});
