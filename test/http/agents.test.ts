// The 11 /v1/agents operations over HTTP against svc-mock (docs/behaviour/agents.md): through the
// real client across a socket, with the service's failures (unknown agent, invalid bodies) leaving
// nothing behind, and the activity log at the control route.
import { BadRequestError, NotFoundError, Svc, UnprocessableEntityError } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

beforeAll(async () => {
  server = await startMockServer({ port: 0, log: () => {} });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    maxRetries: 0,
    validation: 'strict',
  });
});
afterEach(() => server.engine.reset());
afterAll(() => server.close());

const data = () => server.engine.scope('Development').data;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

// Raw calls for bodies the typed client would not build.
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as any };
}

async function chatIntegration(identifier: string) {
  await svc.integrations.create({
    providerId: 'slack',
    channel: 'chat',
    identifier,
    name: identifier,
    active: true,
  });
}

describe('/v1/agents over HTTP through the client', () => {
  it('creates, lists, retrieves, updates, bridges, links, replies and deletes', async () => {
    await chatIntegration('slack-main');
    await chatIntegration('slack-two');
    const created = await svc.agents.create({ name: 'Support bot', identifier: 'support-bot' });
    expect(created).toMatchObject({
      identifier: 'support-bot',
      name: 'Support bot',
      active: true,
      runtime: 'self-hosted',
    });
    await svc.agents.create({ name: 'Sales', identifier: 'sales' });
    const page = await svc.agents.list({ limit: 1 });
    expect(page.data.map((agent) => agent.identifier)).toEqual(['sales']);
    expect(page.next).not.toBeNull();
    expect(
      (await svc.agents.list({ identifier: 'support' })).data.map((agent) => agent.identifier),
    ).toEqual(['support-bot']);

    const updated = await svc.agents.update('support-bot', {
      description: 'Answers tickets',
      active: false,
    });
    expect(updated).toMatchObject({ description: 'Answers tickets', active: false });
    const bridged = await svc.agents.updateBridge('support-bot', {
      bridgeUrl: 'https://app.acme.dev/agent',
      devBridgeActive: true,
    });
    expect(bridged).toMatchObject({
      bridgeUrl: 'https://app.acme.dev/agent',
      devBridgeActive: true,
    });

    const link = await svc.agents.integrations.create('support-bot', {
      integrationIdentifier: 'slack-main',
    });
    expect(link.integration).toMatchObject({ identifier: 'slack-main', providerId: 'slack' });
    expect((await svc.agents.retrieve('support-bot')).integrations?.[0]?.identifier).toBe(
      'slack-main',
    );
    const links = await svc.agents.integrations.list('support-bot');
    expect(links.totalCount).toBe(1);
    const moved = await svc.agents.integrations.update('support-bot', link._id, {
      integrationIdentifier: 'slack-two',
    });
    expect(moved.integration.identifier).toBe('slack-two');

    const sent = await svc.agents.sendReply('support-bot', {
      conversationId: 'conv-1',
      integrationIdentifier: 'slack-two',
      reply: { markdown: 'On it' },
    });
    expect(sent).toMatchObject({
      messageId: expect.any(String),
      platformThreadId: 'conv-1',
    });

    const inspector = await fetch(`${server.url}/__svc/inspector/agents`);
    const log = (await inspector.json()).data;
    expect(log.activity.map((entry: { kind: string }) => entry.kind)).toEqual(['reply', 'bridge']);
    expect(log.agents.map((agent: { identifier: string }) => agent.identifier).sort()).toEqual([
      'sales',
      'support-bot',
    ]);

    await svc.agents.integrations.delete('support-bot', link._id);
    expect((await svc.agents.integrations.list('support-bot')).totalCount).toBe(0);
    await svc.agents.delete('support-bot');
    expect(await rejection(svc.agents.retrieve('support-bot'))).toBeInstanceOf(NotFoundError);
    expect(data().agents.size).toBe(1);
  });

  it('answers 404 for an unknown agent on every operation that names one', async () => {
    const missing = await call('GET', '/v1/agents/ghost');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      statusCode: 404,
      message: 'Agent with identifier "ghost" was not found.',
    });
    expect(await rejection(svc.agents.update('ghost', { name: 'x' }))).toBeInstanceOf(
      NotFoundError,
    );
    expect(
      await rejection(svc.agents.updateBridge('ghost', { bridgeUrl: 'https://a.dev' })),
    ).toBeInstanceOf(NotFoundError);
    expect(await rejection(svc.agents.delete('ghost'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(svc.agents.integrations.list('ghost'))).toBeInstanceOf(NotFoundError);
    const reply = await call('POST', '/v1/agents/ghost/reply', {
      conversationId: 'c',
      integrationIdentifier: 'slack-main',
      reply: { markdown: 'x' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Agent not found');
    await svc.agents.create({ name: 'Bot', identifier: 'bot' });
    const link = await call('DELETE', '/v1/agents/bot/integrations/665f1c2e8b7a3d9f0c1b2a3d');
    expect(link.status).toBe(404);
    expect(link.body.message).toBe('Agent integration "665f1c2e8b7a3d9f0c1b2a3d" was not found.');
    expect(data().agentActivity.size).toBe(0);
  });

  it('refuses invalid bodies with the service messages and stores nothing', async () => {
    const slug = await call('POST', '/v1/agents', { name: 'Bot', identifier: 'not a slug' });
    expect(slug.status).toBe(422);
    expect(JSON.stringify(slug.body)).toContain(
      'identifier must be a valid slug format (letters, numbers, hyphens, dot and underscores only)',
    );
    expect(data().agents.size).toBe(0);

    await chatIntegration('slack-main');
    await svc.agents.create({ name: 'Bot', identifier: 'bot' });
    const badUrl = await call('PUT', '/v1/agents/bot/bridge', { bridgeUrl: 'ftp://nope' });
    expect(badUrl.status).toBe(422);
    expect((await svc.agents.retrieve('bot')).bridgeUrl ?? null).toBeNull();

    expect(
      await rejection(svc.agents.integrations.create('bot', { integrationIdentifier: 'nope' })),
    ).toBeInstanceOf(NotFoundError);
    expect(data().agentIntegrations.size).toBe(0);

    await svc.agents.integrations.create('bot', { integrationIdentifier: 'slack-main' });
    const nothing = await rejection(
      svc.agents.sendReply('bot', { conversationId: 'c', integrationIdentifier: 'slack-main' }),
    );
    expect(nothing).toBeInstanceOf(BadRequestError);
    expect((nothing as BadRequestError).message).toBe(
      'At least one of reply, edit, resolve, signals, or addReactions must be provided',
    );
    const both = await call('POST', '/v1/agents/bot/reply', {
      conversationId: 'c',
      integrationIdentifier: 'slack-main',
      reply: { markdown: 'a' },
      edit: { messageId: 'm', content: { markdown: 'b' } },
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Only one of reply or edit can be provided');
    const twoContents = await rejection(
      svc.agents.sendReply('bot', {
        conversationId: 'c',
        integrationIdentifier: 'slack-main',
        reply: { markdown: 'a', card: {} },
      }),
    );
    expect(twoContents).toBeInstanceOf(UnprocessableEntityError);
    expect(data().agentActivity.size).toBe(0);
  });
});
