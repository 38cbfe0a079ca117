// A chat step delivers to the subscriber's channel endpoints through their connections, before
// its legacy chat channels (docs/behaviour/channels.md#chat-steps): one message per integration,
// one outbox entry per endpoint naming it, the context matched exactly, overrides per endpoint.
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [
        { providerId: 'slack', channel: 'chat', identifier: 'slack', active: true },
        { providerId: 'discord', channel: 'chat', identifier: 'discord', active: true },
      ],
      workflows: [
        {
          workflowId: 'alert',
          steps: [
            { type: 'chat', name: 'Chat', controlValues: { body: 'Disk {{ payload.disk }}' } },
          ],
        },
      ],
    },
  });
  const scope = engine.scope('Development');
  const operations = engine.operations;
  operations['channelConnections.create'](scope, {
    body: {
      identifier: 'ada-slack',
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-123456789' },
    },
  });
  const endpoint = (identifier: string, body: Record<string, unknown>) =>
    operations['channelEndpoints.create'](scope, {
      body: { identifier, subscriberId: 'ada', integrationIdentifier: 'slack', ...body } as never,
    });
  const trigger = (extra: Record<string, unknown> = {}) =>
    operations['events.trigger'](scope, {
      body: { name: 'alert', to: 'ada', payload: { disk: 'full' }, ...extra } as never,
    });
  const chatJob = () => scope.data.notifications.at(-1)?.jobs.find((job) => job.type === 'chat');
  return { engine, scope, endpoint, trigger, chatJob };
}

describe('chat steps to channel endpoints', () => {
  it('sends one message per integration, one outbox entry per endpoint', () => {
    const { engine, scope, endpoint, trigger, chatJob } = setup();
    endpoint('general', {
      connectionIdentifier: 'ada-slack',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    });
    endpoint('dm', {
      connectionIdentifier: 'ada-slack',
      type: 'slack_user',
      endpoint: { userId: 'U1' },
    });
    endpoint('hook', {
      integrationIdentifier: 'discord',
      type: 'webhook',
      endpoint: { url: 'https://discord.example.com/h' },
    });
    trigger();
    const sent = engine.outbox.list({ channel: 'chat' });
    expect(
      sent.map((entry) => [entry.integrationIdentifier, entry.channelEndpoint, entry.content]),
    ).toEqual([
      [
        'slack',
        {
          identifier: 'general',
          type: 'slack_channel',
          endpoint: { channelId: 'C1' },
          connectionIdentifier: 'ada-slack',
        },
        'Disk full',
      ],
      [
        'slack',
        {
          identifier: 'dm',
          type: 'slack_user',
          endpoint: { userId: 'U1' },
          connectionIdentifier: 'ada-slack',
        },
        'Disk full',
      ],
      [
        'discord',
        {
          identifier: 'hook',
          type: 'webhook',
          endpoint: { url: 'https://discord.example.com/h' },
          connectionIdentifier: null,
        },
        'Disk full',
      ],
    ]);
    expect(sent[2]?.webhookUrl).toBe('https://discord.example.com/h');
    expect(new Set(sent.map((entry) => entry.messageId)).size).toBe(2);
    expect(scope.data.messages.filter((message) => message.channel === 'chat')).toHaveLength(2);
    const job = chatJob();
    expect(job?.status).toBe('completed');
    const sentDetails = job?.executionDetails.filter((detail) => detail.detail === 'Message sent');
    expect(sentDetails?.map((detail) => JSON.parse(String(detail.raw)).channelData)).toEqual([
      {
        identifier: 'general',
        type: 'slack_channel',
        endpoint: { channelId: 'C1' },
        token: 'xoxb-123...',
      },
      { identifier: 'dm', type: 'slack_user', endpoint: { userId: 'U1' }, token: 'xoxb-123...' },
      { identifier: 'hook', type: 'webhook', endpoint: { url: 'https://discord.example.com/h' } },
    ]);
  });

  it("takes only endpoints whose context is exactly the trigger's", () => {
    const { engine, endpoint, trigger } = setup();
    endpoint('plain', { type: 'webhook', endpoint: { url: 'https://h/plain' } });
    endpoint('acme', {
      type: 'webhook',
      endpoint: { url: 'https://h/acme' },
      context: { tenant: 'acme' },
    });
    trigger({ context: { tenant: 'acme' } });
    expect(engine.outbox.list({ channel: 'chat' }).map((entry) => entry.webhookUrl)).toEqual([
      'https://h/acme',
    ]);
    trigger();
    expect(engine.outbox.last({ channel: 'chat' })?.webhookUrl).toBe('https://h/plain');
  });

  it('replaces an endpoint by a provider override that fits its type', () => {
    const { engine, endpoint, trigger } = setup();
    endpoint('general', {
      connectionIdentifier: 'ada-slack',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    });
    trigger({
      overrides: { providers: { slack: { general: { endpoint: { channelId: 'C9' } } } } },
    });
    expect(engine.outbox.last({ channel: 'chat' })?.channelEndpoint?.endpoint).toEqual({
      channelId: 'C9',
    });
    trigger({
      overrides: { providers: { slack: { general: { endpoint: { url: 'https://x' } } } } },
    });
    expect(engine.outbox.last({ channel: 'chat' })?.channelEndpoint?.endpoint).toEqual({
      channelId: 'C1',
    });
  });

  it('fails a group whose integration is inactive, and still sends the others', () => {
    const { engine, scope, endpoint, trigger, chatJob } = setup();
    endpoint('hook', {
      integrationIdentifier: 'discord',
      type: 'webhook',
      endpoint: { url: 'https://h' },
    });
    endpoint('general', {
      connectionIdentifier: 'ada-slack',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    });
    const discord = scope.data.integrations.find(
      (integration) => integration.identifier === 'discord',
    );
    engine.operations['integrations.update'](scope, {
      params: { integrationId: discord?._id ?? '' },
      body: { active: false },
    });
    trigger();
    expect(
      engine.outbox.list({ channel: 'chat' }).map((entry) => entry.integrationIdentifier),
    ).toEqual(['slack']);
    expect(chatJob()?.executionDetails).toContainEqual(
      expect.objectContaining({
        detail: 'Subscriber does not have an active integration',
        raw: 'Integration with integrationIdentifier: discord is either deleted or not active',
      }),
    );
    expect(chatJob()?.status).toBe('completed');
  });

  it('sends to endpoints before the legacy chat channels', () => {
    const { engine, scope, endpoint, trigger } = setup();
    engine.operations['subscribers.credentials.upsert'](scope, {
      params: { subscriberId: 'ada' },
      body: { providerId: 'slack', credentials: { webhookUrl: 'https://legacy.example.com' } },
    });
    endpoint('hook', { type: 'webhook', endpoint: { url: 'https://endpoint.example.com' } });
    trigger();
    expect(engine.outbox.list({ channel: 'chat' }).map((entry) => entry.webhookUrl)).toEqual([
      'https://endpoint.example.com',
      'https://legacy.example.com',
    ]);
  });
});
