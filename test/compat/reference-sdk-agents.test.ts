// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its 11 agents functions against the engine's fetch handler, unmodified
// (docs/behaviour/agents.md).
import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: { integrations: [{ providerId: 'slack', channel: 'chat', identifier: 'slack-main' }] },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

describe('@novu/api agents against the engine', () => {
  it('calls every agents function', async () => {
    const created = await novu().agents.create({ name: 'Bot', identifier: 'bot' }, 'api');
    expect(created.result.identifier).toBe('bot');
    expect((await novu().agents.list({})).result.data).toHaveLength(1);
    expect((await novu().agents.retrieve('bot')).result.name).toBe('Bot');
    expect((await novu().agents.update({ name: 'Bot 2' }, 'bot')).result.name).toBe('Bot 2');
    const bridged = await novu().agents.updateBridge({ bridgeUrl: 'https://a.dev/agent' }, 'bot');
    expect(bridged.result.bridgeUrl).toBe('https://a.dev/agent');
    const link = await novu().agents.integrations.create(
      { integrationIdentifier: 'slack-main' },
      'bot',
    );
    expect(link.result.integration.identifier).toBe('slack-main');
    expect((await novu().agents.integrations.list({ identifier: 'bot' })).result.data).toHaveLength(
      1,
    );
    const updated = await novu().agents.integrations.update({
      identifier: 'bot',
      agentIntegrationId: link.result.id,
      updateAgentIntegrationRequestDto: { integrationIdentifier: 'slack-main' },
    });
    expect(updated.result.id).toBe(link.result.id);
    const sent = await novu().agents.sendReply(
      { conversationId: 'c-1', integrationIdentifier: 'slack-main', reply: { markdown: 'Hi' } },
      'bot',
    );
    expect(sent.result?.platformThreadId).toBe('c-1');
    await novu().agents.integrations.delete('bot', link.result.id);
    await novu().agents.delete('bot', 'false');
    await expect(novu().agents.retrieve('bot')).rejects.toBeDefined();
  });
});
