// svc.agents.* (docs/behaviour/agents.md) through the real client against the engine, strict
// validation, with the service's failures; the reply is kept in the agent's activity.
import { BadRequestError, ConflictError, NotFoundError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: { integrations: [{ providerId: 'slack', channel: 'chat', identifier: 'slack-main' }] },
});

describe('svc.agents', () => {
  it('creates, links, replies, bridges, lists and deletes an agent', async () => {
    const svc = client();
    const agent = await svc.agents.create({ name: 'Bot', identifier: 'bot' });
    expect(agent).toMatchObject({ identifier: 'bot', active: true, runtime: 'self-hosted' });
    const link = await svc.agents.integrations.create('bot', {
      integrationIdentifier: 'slack-main',
    });
    expect(link.integration.identifier).toBe('slack-main');
    expect((await svc.agents.retrieve('bot')).integrations?.[0]?.identifier).toBe('slack-main');
    const sent = await svc.agents.sendReply('bot', {
      conversationId: 'c-1',
      integrationIdentifier: 'slack-main',
      reply: { markdown: 'Hi' },
    });
    expect(sent?.platformThreadId).toBe('c-1');
    const bridged = await svc.agents.updateBridge('bot', {
      bridgeUrl: 'https://app.acme.dev/agent',
    });
    expect(bridged.bridgeUrl).toBe('https://app.acme.dev/agent');
    const kinds = [...engine.scope('Development').data.agentActivity.values()].map((e) => e.kind);
    expect(kinds).toEqual(['reply', 'bridge']);
    expect((await svc.agents.list()).data.map((a) => a.identifier)).toEqual(['bot']);
    expect((await svc.agents.integrations.list('bot')).totalCount).toBe(1);
    await svc.agents.integrations.delete('bot', link._id);
    expect((await svc.agents.update('bot', { active: false })).active).toBe(false);
    await svc.agents.delete('bot');
    expect(await rejection(svc.agents.retrieve('bot'))).toBeInstanceOf(NotFoundError);
  });

  it("answers the service's failures, storing nothing", async () => {
    const svc = client();
    await svc.agents.create({ name: 'Bot', identifier: 'bot' });
    expect(await rejection(svc.agents.create({ name: 'Bot', identifier: 'bot' }))).toBeInstanceOf(
      ConflictError,
    );
    const none = await rejection(
      svc.agents.sendReply('bot', { conversationId: 'c', integrationIdentifier: 'slack-main' }),
    );
    expect(none).toBeInstanceOf(BadRequestError);
    const unlinked = await rejection(
      svc.agents.sendReply('bot', {
        conversationId: 'c',
        integrationIdentifier: 'slack-main',
        reply: { markdown: 'x' },
      }),
    );
    expect(unlinked).toBeInstanceOf(NotFoundError);
    expect(engine.scope('Development').data.agentActivity.size).toBe(0);
    expect(
      await rejection(svc.agents.integrations.create('bot', { integrationIdentifier: 'nope' })),
    ).toBeInstanceOf(NotFoundError);
    expect(await rejection(client('Production').agents.retrieve('bot'))).toBeInstanceOf(
      NotFoundError,
    );
  });
});
