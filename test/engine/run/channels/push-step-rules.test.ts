// Push steps through the engine (mock-server/engine/run/channels/push.ts,
// docs/behaviour/runs.md#sms-chat-and-push): which channels are sent, the missing-tokens and
// missing-integration details, the device-token overrides, one `Message sent` per token, the
// stored message, the outbox and the job's end.
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

const push = (providerId: string, identifier: string) =>
  activeIntegration('push', providerId, identifier);

const FCM = push('fcm', 'fcm-main');
const APNS = push('apns', 'apns-main');

interface Options {
  integrations?: IntegrationSeed[];
  controlValues?: Record<string, string | number>;
}

function setup(options: Options = {}) {
  const engine = createMockEngine({
    clockStart: START,
    seed: {
      subscribers: [{ subscriberId: 'ada', phone: '+15550001' }],
      integrations: options.integrations ?? [FCM, APNS],
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'push',
              name: 'Push',
              controlValues: options.controlValues ?? {
                subject: 'Hello {{payload.name}}',
                body: 'Body {{payload.name}}',
              },
            },
          ],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const { register, deactivate } = adaChannels(engine, context);
  const channelOf = (providerId: string) => {
    const found = context.data.subscribers
      .get('ada')
      ?.channels.find((channel) => channel.providerId === providerId);
    if (found === undefined) throw new Error(`no channel ${providerId}`);
    return found;
  };
  const run = stepRunner(engine, context, {
    payload: { name: 'Ada' },
    messageKeys: [
      'channel',
      'providerId',
      'status',
      'content',
      'title',
      'subject',
      'deviceTokens',
      'overrides',
      'errorId',
      'errorText',
    ],
    outboxKeys: [
      'channel',
      'providerId',
      'integrationIdentifier',
      'subject',
      'content',
      'deviceTokens',
      'webhookUrl',
      'phone',
    ],
  });
  return { engine, context, register, deactivate, channelOf, run };
}

const created = (providerId: string, content: string) => [
  'Message created',
  'Pending',
  providerId,
  JSON.stringify({ providerId, content: JSON.stringify(content) }),
];
const sent = (providerId: string, deviceToken: string) => [
  'Message sent',
  'Success',
  providerId,
  JSON.stringify({ providerId, deviceToken }),
];
const NO_CHANNEL = ['Subscriber does not have a configured channel', 'Failed', null, null];
const NO_INTEGRATION = ['Subscriber does not have an active integration', 'Failed', null, null];
const ERRORS = [
  'There was one or more errors when trying to execute the notification',
  'Failed',
  null,
  null,
];

describe('push step: channels', () => {
  it('a subscriber without push channels fails with Subscriber does not have a configured channel', () => {
    const { run } = setup();
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [NO_CHANNEL],
      messages: [],
      outbox: [],
    });
  });

  it('a chat channel is not a push channel', () => {
    const { register, run } = setup({
      integrations: [FCM, { providerId: 'slack', channel: 'chat', active: true, identifier: 's' }],
    });
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    expect(run().details).toStrictEqual([NO_CHANNEL]);
  });

  it('sends each push channel with its title, subject and tokens, one Message sent per token', () => {
    const { register, run } = setup();
    register('fcm', { deviceTokens: ['f1', 'f2'] });
    register('apns', { deviceTokens: ['a1'] });
    expect(run()).toStrictEqual({
      status: 'completed',
      providerId: 'apns',
      details: [
        selected('fcm', 'fcm-main'),
        created('fcm', 'Body Ada'),
        sent('fcm', 'f1'),
        sent('fcm', 'f2'),
        selected('apns', 'apns-main'),
        created('apns', 'Body Ada'),
        sent('apns', 'a1'),
      ],
      messages: [
        {
          channel: 'push',
          status: 'sent',
          providerId: 'fcm',
          content: 'Body Ada',
          title: 'Hello Ada',
          subject: 'Hello Ada',
          deviceTokens: ['f1', 'f2'],
          overrides: {},
        },
        {
          channel: 'push',
          status: 'sent',
          providerId: 'apns',
          content: 'Body Ada',
          title: 'Hello Ada',
          subject: 'Hello Ada',
          deviceTokens: ['a1'],
          overrides: {},
        },
      ],
      outbox: [
        {
          channel: 'push',
          providerId: 'fcm',
          integrationIdentifier: 'fcm-main',
          subject: 'Hello Ada',
          content: 'Body Ada',
          deviceTokens: ['f1', 'f2'],
        },
        {
          channel: 'push',
          providerId: 'apns',
          integrationIdentifier: 'apns-main',
          subject: 'Hello Ada',
          content: 'Body Ada',
          deviceTokens: ['a1'],
        },
      ],
    });
  });

  it('without a subject or body the message has no title and empty content', () => {
    const { register, run } = setup({ controlValues: {} });
    register('fcm', { deviceTokens: ['f1'] });
    const { status, details, messages, outbox } = run();
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('fcm', 'fcm-main'),
      created('fcm', ''),
      sent('fcm', 'f1'),
    ]);
    expect(messages).toStrictEqual([
      {
        channel: 'push',
        status: 'sent',
        providerId: 'fcm',
        content: '',
        deviceTokens: ['f1'],
        overrides: {},
      },
    ]);
    expect(outbox).toStrictEqual([
      {
        channel: 'push',
        providerId: 'fcm',
        integrationIdentifier: 'fcm-main',
        content: '',
        deviceTokens: ['f1'],
      },
    ]);
  });

  it('a subject that is not text gives no title', () => {
    const { register, run } = setup({ controlValues: { subject: 5, body: 'Body' } });
    register('fcm', { deviceTokens: ['f1'] });
    const { messages, outbox } = run();
    expect(messages).toStrictEqual([
      {
        channel: 'push',
        status: 'sent',
        providerId: 'fcm',
        content: 'Body',
        deviceTokens: ['f1'],
        overrides: {},
      },
    ]);
    expect(outbox.map((entry) => Object.hasOwn(entry, 'subject'))).toStrictEqual([false]);
  });
});

describe('push step: channels that cannot be sent', () => {
  it('a channel without device tokens records the channel as raw, stores nothing and cancels the job', () => {
    const { register, channelOf, run } = setup();
    register('fcm', {});
    const channel = channelOf('fcm');
    expect(channel.credentials).toStrictEqual({});
    expect(run()).toStrictEqual({
      status: 'canceled',
      providerId: '',
      details: [
        [
          'Subscriber credentials is missing the tokens for sending a push notification message',
          'Failed',
          'fcm',
          JSON.stringify(channel),
        ],
      ],
      messages: [],
      outbox: [],
    });
  });

  it('an empty device token list is missing tokens too', () => {
    const { register, channelOf, run } = setup();
    register('fcm', { deviceTokens: [] });
    const { status, details, messages } = run();
    expect(status).toBe('canceled');
    expect(details).toStrictEqual([
      [
        'Subscriber credentials is missing the tokens for sending a push notification message',
        'Failed',
        'fcm',
        JSON.stringify(channelOf('fcm')),
      ],
    ]);
    expect(messages).toStrictEqual([]);
  });

  it('a channel with tokens whose integration is no longer active fails the job', () => {
    const { register, deactivate, run } = setup();
    register('fcm', { deviceTokens: ['f1'] });
    deactivate('fcm-main');
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [NO_INTEGRATION, ERRORS],
      messages: [],
      outbox: [],
    });
  });

  it('a channel without tokens and without an active integration records both and is only skipped', () => {
    const { register, channelOf, deactivate, run } = setup();
    register('fcm', {});
    deactivate('fcm-main');
    expect(run()).toStrictEqual({
      status: 'canceled',
      providerId: '',
      details: [
        [
          'Subscriber credentials is missing the tokens for sending a push notification message',
          'Failed',
          'fcm',
          JSON.stringify(channelOf('fcm')),
        ],
        NO_INTEGRATION,
      ],
      messages: [],
      outbox: [],
    });
  });

  it('one sent channel completes the job beside a skipped one', () => {
    const { register, run } = setup();
    register('fcm', {});
    register('apns', { deviceTokens: ['a1'] });
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details.map((detail) => detail[0])).toStrictEqual([
      'Subscriber credentials is missing the tokens for sending a push notification message',
      'Integration instance selected',
      'Message created',
      'Message sent',
    ]);
    expect(outbox.map((entry) => entry['providerId'])).toStrictEqual(['apns']);
  });
});

describe('push step: device token overrides', () => {
  it('overrides.<providerId>.deviceTokens replace the channel tokens, keeping only text ones', () => {
    const { register, run } = setup();
    register('fcm', { deviceTokens: ['f1'] });
    register('apns', { deviceTokens: ['a1'] });
    const overrides = { fcm: { deviceTokens: ['o1', 5, 'o2'], sound: 'ping' } };
    const { status, details, messages, outbox } = run({ overrides });
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('fcm', 'fcm-main'),
      created('fcm', 'Body Ada'),
      sent('fcm', 'o1'),
      sent('fcm', 'o2'),
      selected('apns', 'apns-main'),
      created('apns', 'Body Ada'),
      sent('apns', 'a1'),
    ]);
    expect(
      messages.map((message) => [message['deviceTokens'], message['overrides']]),
    ).toStrictEqual([
      [['o1', 'o2'], overrides.fcm],
      [['a1'], {}],
    ]);
    expect(outbox.map((entry) => entry['deviceTokens'])).toStrictEqual([['o1', 'o2'], ['a1']]);
  });

  it('an override that is not a list leaves the channel tokens', () => {
    const { register, run } = setup();
    register('fcm', { deviceTokens: ['f1'] });
    const { messages, outbox } = run({ overrides: { fcm: { deviceTokens: 'o1' } } });
    expect(messages.map((message) => message['deviceTokens'])).toStrictEqual([['f1']]);
    expect(outbox.map((entry) => entry['deviceTokens'])).toStrictEqual([['f1']]);
  });

  it('an empty override list sends nothing: the stored message stays and the job fails', () => {
    const { register, run } = setup();
    register('fcm', { deviceTokens: ['f1'] });
    const { status, details, messages, outbox } = run({ overrides: { fcm: { deviceTokens: [] } } });
    expect(status).toBe('failed');
    expect(details).toStrictEqual([
      selected('fcm', 'fcm-main'),
      created('fcm', 'Body Ada'),
      ERRORS,
    ]);
    expect(messages.map((message) => message['deviceTokens'])).toStrictEqual([[]]);
    expect(outbox).toStrictEqual([]);
  });
});

describe('push step: provider failures', () => {
  it('a provider failing on every token fails the channel: message error, nothing in the outbox', () => {
    const { engine, register, run } = setup();
    register('fcm', { deviceTokens: ['f1'] });
    engine.faults.addProviderFailure({ channel: 'push', errorId: 'down', errorText: 'Down' });
    const failure = JSON.stringify({ errorId: 'down', errorText: 'Down' });
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: 'fcm',
      details: [
        selected('fcm', 'fcm-main'),
        created('fcm', 'Body Ada'),
        ['Unexpected provider error', 'Failed', 'fcm', failure],
        ERRORS,
      ],
      messages: [
        {
          channel: 'push',
          status: 'error',
          providerId: 'fcm',
          content: 'Body Ada',
          title: 'Hello Ada',
          subject: 'Hello Ada',
          deviceTokens: ['f1'],
          overrides: {},
          errorId: 'down',
          errorText: 'Down',
        },
      ],
      outbox: [],
    });
  });

  it('a failure on one token still sends the others', () => {
    const { engine, register, run } = setup();
    register('fcm', { deviceTokens: ['f1', 'f2'] });
    engine.faults.addProviderFailure({ channel: 'push', times: 1 });
    const { status, details, outbox } = run();
    expect(status).toBe('completed');
    expect(details).toStrictEqual([
      selected('fcm', 'fcm-main'),
      created('fcm', 'Body Ada'),
      [
        'Unexpected provider error',
        'Failed',
        'fcm',
        JSON.stringify({
          errorId: 'push_unexpected_error',
          errorText: 'Unexpected provider error',
        }),
      ],
      sent('fcm', 'f2'),
    ]);
    expect(outbox.map((entry) => entry['deviceTokens'])).toStrictEqual([['f1', 'f2']]);
  });
});
