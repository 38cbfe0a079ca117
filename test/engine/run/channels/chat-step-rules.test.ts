// Chat steps through the engine (mock-server/engine/run/channels/chat.ts,
// docs/behaviour/runs.md#sms-chat-and-push): which channels are targets, the integration each one
// sends through, the webhook URL's order, the stored message, the outbox and the job's end.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import {
  activeIntegration,
  adaChannels,
  type IntegrationSeed,
  selected,
  stepRunner,
} from './step-run';

const START = '2026-01-01T00:00:00.000Z';

const chat = (providerId: string, identifier: string) =>
  activeIntegration('chat', providerId, identifier);

const SLACK = chat('slack', 'slack-main');
const WHATSAPP = chat('whatsapp-business', 'wa-main');

interface Options {
  phone?: string;
  integrations?: IntegrationSeed[];
  controlValues?: Record<string, string>;
}

function setup(options: Options = {}) {
  const engine = createMockEngine({
    clockStart: START,
    seed: {
      subscribers: [
        {
          subscriberId: 'ada',
          ...(options.phone === undefined ? {} : { phone: options.phone }),
        },
      ],
      integrations: options.integrations ?? [SLACK, WHATSAPP],
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'chat',
              name: 'Chat',
              stepId: 'chat-step',
              controlValues: options.controlValues ?? { body: 'Hi {{payload.name}}' },
            },
          ],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const { register, deactivate } = adaChannels(engine, context);
  const integrationId = (identifier: string): string => {
    const found = context.data.integrations.find((item) => item.identifier === identifier);
    if (found === undefined) throw new Error(`no integration ${identifier}`);
    return found._id;
  };
  const run = stepRunner(engine, context, {
    payload: { name: 'Ada' },
    messageKeys: [
      'channel',
      'providerId',
      'status',
      'content',
      'directWebhookUrl',
      'phone',
      'errorId',
      'errorText',
    ],
    outboxKeys: [
      'channel',
      'providerId',
      'integrationIdentifier',
      'content',
      'webhookUrl',
      'phone',
    ],
  });
  return { engine, context, register, integrationId, deactivate, run };
}

const created = (providerId: string, content: string) => [
  'Message created',
  'Pending',
  providerId,
  content,
];
const sent = (providerId: string) => ['Message sent', 'Success', providerId, null];

describe('chat step: targets', () => {
  it('a subscriber without chat channels and phone fails with Subscriber does not have a configured channel', () => {
    const { run } = setup();
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [['Subscriber does not have a configured channel', 'Failed', null, null]],
      messages: [],
      outbox: [],
    });
  });

  it('only channels of a chat provider are targets: a push channel is passed over', () => {
    const { register, run } = setup({
      integrations: [
        SLACK,
        { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm' },
      ],
    });
    register('fcm', { deviceTokens: ['t1'] });
    expect(run().details).toStrictEqual([
      ['Subscriber does not have a configured channel', 'Failed', null, null],
    ]);
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('slack', 'slack-main'),
      created('slack', 'Hi Ada'),
      sent('slack'),
    ]);
    expect(outbox.map((entry) => entry['providerId'])).toStrictEqual(['slack']);
  });

  it('sends each chat channel (in channel order) and then WhatsApp Business to the phone', () => {
    const { register, run } = setup({
      phone: '+15550001',
      integrations: [SLACK, chat('discord', 'discord-main'), WHATSAPP],
    });
    register('discord', { webhookUrl: 'https://discord.example.com/1' });
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    expect(run()).toStrictEqual({
      status: 'completed',
      providerId: 'whatsapp-business',
      details: [
        selected('discord', 'discord-main'),
        created('discord', 'Hi Ada'),
        sent('discord'),
        selected('slack', 'slack-main'),
        created('slack', 'Hi Ada'),
        sent('slack'),
        selected('whatsapp-business', 'wa-main'),
        created('whatsapp-business', 'Hi Ada'),
        sent('whatsapp-business'),
      ],
      messages: [
        {
          channel: 'chat',
          status: 'sent',
          providerId: 'discord',
          content: 'Hi Ada',
          directWebhookUrl: 'https://discord.example.com/1',
        },
        {
          channel: 'chat',
          status: 'sent',
          providerId: 'slack',
          content: 'Hi Ada',
          directWebhookUrl: 'https://hooks.example.com/1',
        },
        {
          channel: 'chat',
          status: 'sent',
          providerId: 'whatsapp-business',
          content: 'Hi Ada',
          phone: '+15550001',
        },
      ],
      outbox: [
        {
          channel: 'chat',
          providerId: 'discord',
          integrationIdentifier: 'discord-main',
          content: 'Hi Ada',
          webhookUrl: 'https://discord.example.com/1',
        },
        {
          channel: 'chat',
          providerId: 'slack',
          integrationIdentifier: 'slack-main',
          content: 'Hi Ada',
          webhookUrl: 'https://hooks.example.com/1',
        },
        {
          channel: 'chat',
          providerId: 'whatsapp-business',
          integrationIdentifier: 'wa-main',
          content: 'Hi Ada',
          phone: '+15550001',
        },
      ],
    });
  });

  it('an empty phone adds no WhatsApp Business target', () => {
    const { run } = setup({ phone: '' });
    expect(run().details).toStrictEqual([
      ['Subscriber does not have a configured channel', 'Failed', null, null],
    ]);
  });

  it('a step without a text body sends empty content', () => {
    const { run } = setup({ phone: '+15550001', controlValues: {} });
    const { status, details, messages, outbox } = run();
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('whatsapp-business', 'wa-main'),
      created('whatsapp-business', ''),
      sent('whatsapp-business'),
    ]);
    expect(messages.map((message) => message['content'])).toStrictEqual(['']);
    expect(outbox.map((entry) => entry['content'])).toStrictEqual(['']);
  });
});

describe('chat step: the integration of each channel', () => {
  it('a channel sends through the integration it was registered with, not the newest of its provider', () => {
    const { register, run } = setup({
      integrations: [chat('slack', 'slack-1'), chat('slack', 'slack-2')],
    });
    register('slack', { webhookUrl: 'https://hooks.example.com/1' }, 'slack-1');
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details[0]).toStrictEqual(selected('slack', 'slack-1'));
    expect(outbox.map((entry) => entry['integrationIdentifier'])).toStrictEqual(['slack-1']);
  });

  it('a WhatsApp Business channel is looked up by provider only: the newest active one', () => {
    const { register, run } = setup({
      integrations: [chat('whatsapp-business', 'wa-1'), chat('whatsapp-business', 'wa-2')],
    });
    register('whatsapp-business', { webhookUrl: 'https://wa.example.com/1' }, 'wa-1');
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('whatsapp-business', 'wa-2'),
      created('whatsapp-business', 'Hi Ada'),
      sent('whatsapp-business'),
    ]);
    expect(outbox).toStrictEqual([
      {
        channel: 'chat',
        providerId: 'whatsapp-business',
        integrationIdentifier: 'wa-2',
        content: 'Hi Ada',
        webhookUrl: 'https://wa.example.com/1',
      },
    ]);
  });

  it('a channel whose integration is no longer active fails, naming the integrationId', () => {
    const { register, integrationId, deactivate, run } = setup();
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    deactivate('slack-main');
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [
        [
          'Subscriber does not have an active integration',
          'Failed',
          null,
          `Integration with integrationId: ${integrationId('slack-main')} is either deleted or not active`,
        ],
        ['All chat channels failed to send the message', 'Failed', null, null],
      ],
      messages: [],
      outbox: [],
    });
  });

  it('the phone target without an active WhatsApp Business integration fails without an integrationId', () => {
    const { run } = setup({ phone: '+15550001', integrations: [SLACK] });
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [
        [
          'Subscriber does not have an active integration',
          'Failed',
          null,
          'Integration is either deleted or not active',
        ],
        ['All chat channels failed to send the message', 'Failed', null, null],
      ],
      messages: [],
      outbox: [],
    });
  });
});

describe('chat step: the webhook URL', () => {
  const hooks = (more: Record<string, unknown>, channelUrl = 'https://channel.example.com') => {
    const { register, run } = setup();
    register('slack', { webhookUrl: channelUrl });
    const result = run(more);
    return {
      message: result.messages.map((message) => message['directWebhookUrl']),
      outbox: result.outbox.map((entry) => entry['webhookUrl']),
    };
  };

  it("the channel's webhook URL is used when nothing overrides it", () => {
    expect(hooks({})).toStrictEqual({
      message: ['https://channel.example.com'],
      outbox: ['https://channel.example.com'],
    });
  });

  it('payload.webhookUrl wins over the channel', () => {
    expect(
      hooks({ payload: { name: 'Ada', webhookUrl: 'https://payload.example.com' } }),
    ).toStrictEqual({
      message: ['https://payload.example.com'],
      outbox: ['https://payload.example.com'],
    });
  });

  it('an empty or non-text payload.webhookUrl is passed over', () => {
    const expected = {
      message: ['https://channel.example.com'],
      outbox: ['https://channel.example.com'],
    };
    expect(hooks({ payload: { name: 'Ada', webhookUrl: '' } })).toStrictEqual(expected);
    expect(hooks({ payload: { name: 'Ada', webhookUrl: 5 } })).toStrictEqual(expected);
  });

  it('overrides.providers.<providerId>.webhookUrl wins over the payload and the channel', () => {
    expect(
      hooks({
        payload: { name: 'Ada', webhookUrl: 'https://payload.example.com' },
        overrides: { providers: { slack: { webhookUrl: 'https://workflow.example.com' } } },
      }),
    ).toStrictEqual({
      message: ['https://workflow.example.com'],
      outbox: ['https://workflow.example.com'],
    });
    expect(
      hooks({
        overrides: { providers: { slack: { webhookUrl: 'https://workflow.example.com' } } },
      }),
    ).toStrictEqual({
      message: ['https://workflow.example.com'],
      outbox: ['https://workflow.example.com'],
    });
  });

  it('an override of another provider is not used', () => {
    expect(
      hooks({ overrides: { providers: { discord: { webhookUrl: 'https://other.example.com' } } } }),
    ).toStrictEqual({
      message: ['https://channel.example.com'],
      outbox: ['https://channel.example.com'],
    });
  });

  it('the step-scoped override wins over the workflow-level one', () => {
    expect(
      hooks({
        overrides: {
          providers: { slack: { webhookUrl: 'https://workflow.example.com' } },
          steps: {
            'chat-step': { providers: { slack: { webhookUrl: 'https://step.example.com' } } },
          },
        },
      }),
    ).toStrictEqual({
      message: ['https://step.example.com'],
      outbox: ['https://step.example.com'],
    });
    expect(
      hooks({
        payload: { name: 'Ada', webhookUrl: 'https://payload.example.com' },
        overrides: {
          steps: {
            'chat-step': { providers: { slack: { webhookUrl: 'https://step.example.com' } } },
          },
        },
      }),
    ).toStrictEqual({
      message: ['https://step.example.com'],
      outbox: ['https://step.example.com'],
    });
  });

  it('a step-scoped override of another step is not used', () => {
    expect(
      hooks({
        overrides: {
          steps: {
            'other-step': { providers: { slack: { webhookUrl: 'https://step.example.com' } } },
          },
        },
      }),
    ).toStrictEqual({
      message: ['https://channel.example.com'],
      outbox: ['https://channel.example.com'],
    });
  });

  it('payload.webhookUrl also goes to the WhatsApp Business target, beside its phone', () => {
    const { run } = setup({ phone: '+15550001' });
    const { messages, outbox } = run({
      payload: { name: 'Ada', webhookUrl: 'https://payload.example.com' },
    });
    expect(messages).toStrictEqual([
      {
        channel: 'chat',
        status: 'sent',
        providerId: 'whatsapp-business',
        content: 'Hi Ada',
        directWebhookUrl: 'https://payload.example.com',
        phone: '+15550001',
      },
    ]);
    expect(outbox).toStrictEqual([
      {
        channel: 'chat',
        providerId: 'whatsapp-business',
        integrationIdentifier: 'wa-main',
        content: 'Hi Ada',
        webhookUrl: 'https://payload.example.com',
        phone: '+15550001',
      },
    ]);
  });
});

describe('chat step: a channel without a webhook URL', () => {
  it('stores a warning message, records the missing webhook and cancels the job', () => {
    const { register, run } = setup();
    register('slack', { channel: '#general' });
    expect(run()).toStrictEqual({
      status: 'canceled',
      providerId: 'slack',
      details: [
        selected('slack', 'slack-main'),
        created('slack', 'Hi Ada'),
        [
          'Webhook URL for the chat channel is missing',
          'Failed',
          'slack',
          'webhookUrl for integrationId: slack-main is missing',
        ],
      ],
      messages: [
        {
          channel: 'chat',
          status: 'warning',
          providerId: 'slack',
          content: 'Hi Ada',
          errorId: 'no_subscriber_chat_channel_id',
          errorText: 'Subscriber does not have active chat channel id',
        },
      ],
      outbox: [],
    });
  });

  it('one delivered channel completes the job even when another was skipped', () => {
    const { register, run } = setup({ phone: '+15550001' });
    register('slack', { channel: '#general' });
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details.map((detail) => detail[0])).toStrictEqual([
      'Integration instance selected',
      'Message created',
      'Webhook URL for the chat channel is missing',
      'Integration instance selected',
      'Message created',
      'Message sent',
    ]);
    expect(outbox.map((entry) => entry['providerId'])).toStrictEqual(['whatsapp-business']);
  });

  it('a skipped channel and a failed one cancel the job, without the all-failed detail', () => {
    const { register, run } = setup({ phone: '+15550001', integrations: [SLACK] });
    register('slack', { channel: '#general' });
    const { status, details } = run();
    expect(status).toBe('canceled');
    expect(details.map((detail) => detail[0])).toStrictEqual([
      'Integration instance selected',
      'Message created',
      'Webhook URL for the chat channel is missing',
      'Subscriber does not have an active integration',
    ]);
  });
});

describe('chat step: provider failures', () => {
  it('a failing provider marks its stored message error and the other channels still go', () => {
    const { engine, register, run } = setup({ phone: '+15550001' });
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    engine.faults.addProviderFailure({ channel: 'chat', providerId: 'slack', times: 1 });
    expect(run()).toStrictEqual({
      status: 'completed',
      providerId: 'whatsapp-business',
      details: [
        selected('slack', 'slack-main'),
        created('slack', 'Hi Ada'),
        [
          'Unexpected provider error',
          'Failed',
          'slack',
          JSON.stringify({
            errorId: 'chat_unexpected_error',
            errorText: 'Unexpected provider error',
          }),
        ],
        selected('whatsapp-business', 'wa-main'),
        created('whatsapp-business', 'Hi Ada'),
        sent('whatsapp-business'),
      ],
      messages: [
        {
          channel: 'chat',
          status: 'error',
          providerId: 'slack',
          content: 'Hi Ada',
          directWebhookUrl: 'https://hooks.example.com/1',
          errorId: 'chat_unexpected_error',
          errorText: 'Unexpected provider error',
        },
        {
          channel: 'chat',
          status: 'sent',
          providerId: 'whatsapp-business',
          content: 'Hi Ada',
          phone: '+15550001',
        },
      ],
      outbox: [
        {
          channel: 'chat',
          providerId: 'whatsapp-business',
          integrationIdentifier: 'wa-main',
          content: 'Hi Ada',
          phone: '+15550001',
        },
      ],
    });
  });

  it('when every channel fails at its provider the job fails with All chat channels failed', () => {
    const { engine, register, run } = setup();
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    engine.faults.addProviderFailure({ channel: 'chat', errorText: 'Down', errorId: 'down' });
    const { status, details, outbox } = run();
    expect(status).toBe('failed');
    expect(details).toStrictEqual([
      selected('slack', 'slack-main'),
      created('slack', 'Hi Ada'),
      [
        'Unexpected provider error',
        'Failed',
        'slack',
        JSON.stringify({ errorId: 'down', errorText: 'Down' }),
      ],
      ['All chat channels failed to send the message', 'Failed', null, null],
    ]);
    expect(outbox).toStrictEqual([]);
  });
});
