// `svc-mock --data`: agents, their integration links and the activity log (replies, bridge
// changes) come back after a restart (docs/behaviour/agents.md).
import { describe, expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const { start, stop } = keptDirectoryPerTest();

describe('a restart on the same data directory', () => {
  it('brings back agents, their integrations, updates, deletions and the activity', async () => {
    const first = await start();
    const integration = await first.call('POST', '/v1/integrations', {
      providerId: 'slack',
      channel: 'chat',
      identifier: 'slack-main',
      name: 'Slack',
      active: true,
    });
    expect(integration.status).toBe(201);
    expect(
      (await first.call('POST', '/v1/agents', { name: 'Kept', identifier: 'kept-bot' })).status,
    ).toBe(201);
    await first.call('POST', '/v1/agents', { name: 'Gone', identifier: 'gone-bot' });
    await first.call('PATCH', '/v1/agents/kept-bot', { description: 'Answers tickets' });
    const bridged = await first.call('PUT', '/v1/agents/kept-bot/bridge', {
      bridgeUrl: 'https://app.acme.dev/agent',
    });
    expect(bridged.status).toBe(200);
    const link = await first.call('POST', '/v1/agents/kept-bot/integrations', {
      integrationIdentifier: 'slack-main',
    });
    expect(link.status).toBe(201);
    const reply = await first.call('POST', '/v1/agents/kept-bot/reply', {
      conversationId: 'conv-1',
      integrationIdentifier: 'slack-main',
      reply: { markdown: 'On it' },
    });
    expect(reply.status).toBe(200);
    expect((await first.call('DELETE', '/v1/agents/gone-bot')).status).toBe(204);
    await stop(first);

    const second = await start();
    const back = await second.call('GET', '/v1/agents/kept-bot');
    expect(back.body.data).toMatchObject({
      identifier: 'kept-bot',
      description: 'Answers tickets',
      bridgeUrl: 'https://app.acme.dev/agent',
      integrations: [{ identifier: 'slack-main' }],
    });
    expect((await second.call('GET', '/v1/agents/gone-bot')).status).toBe(404);
    const links = await second.call('GET', '/v1/agents/kept-bot/integrations');
    expect(links.body.data.map((entry: { _id: string }) => entry._id)).toEqual([
      link.body.data._id,
    ]);
    const inspector = await (await fetch(`${second.url}/__svc/inspector/agents`)).json();
    expect(
      inspector.data.activity.map((entry: { kind: string; body: unknown }) => [
        entry.kind,
        entry.body,
      ]),
    ).toEqual([
      ['reply', expect.objectContaining({ conversationId: 'conv-1' })],
      ['bridge', expect.objectContaining({ bridgeUrl: 'https://app.acme.dev/agent' })],
    ]);
    await stop(second);
  });
});
