// Sms steps through the engine (mock-server/engine/run/channels/sms.ts,
// docs/behaviour/runs.md#sms-chat-and-push and #overrides): the integration, the phone's order,
// the missing-phone warning, and what the sms overrides (`to`, `from`, `content`, `customData`)
// change in the stored message and the outbox.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import { type IntegrationSeed, selected, stepRunner } from './step-run';

const START = '2026-01-01T00:00:00.000Z';

const TWILIO: IntegrationSeed = {
  providerId: 'twilio',
  channel: 'sms',
  active: true,
  primary: true,
  identifier: 'twilio-main',
};

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
      integrations: options.integrations ?? [TWILIO],
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'sms',
              name: 'Sms',
              controlValues: options.controlValues ?? { body: 'Code {{payload.code}}' },
            },
          ],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const run = stepRunner(engine, context, {
    payload: { code: '1234' },
    messageKeys: [
      'channel',
      'providerId',
      'status',
      'content',
      'phone',
      'overrides',
      'errorId',
      'errorText',
    ],
    outboxKeys: [
      'channel',
      'providerId',
      'integrationIdentifier',
      'content',
      'phone',
      'from',
      'customData',
    ],
  });
  return { engine, context, run };
}

const SELECTED = selected('twilio', 'twilio-main');
const CREATED = ['Message created', 'Pending', 'twilio', null];
const SENT = ['Message sent', 'Success', 'twilio', null];

/** The outbox entry of a send to `phone` with `Code 1234`, plus what `more` changes. */
const outboxEntry = (phone: string, more: Record<string, unknown> = {}) => ({
  channel: 'sms',
  providerId: 'twilio',
  integrationIdentifier: 'twilio-main',
  content: 'Code 1234',
  phone,
  customData: {},
  ...more,
});

describe('sms step: integration and phone', () => {
  it("sends to the subscriber's phone through the primary integration", () => {
    const { run } = setup({ phone: '+15550001' });
    expect(run()).toStrictEqual({
      status: 'completed',
      providerId: 'twilio',
      details: [SELECTED, CREATED, SENT],
      messages: [
        {
          channel: 'sms',
          status: 'sent',
          providerId: 'twilio',
          content: 'Code 1234',
          phone: '+15550001',
          overrides: {},
        },
      ],
      outbox: [outboxEntry('+15550001')],
    });
  });

  it('without an active sms integration the job fails and nothing is stored', () => {
    const { context, run } = setup({ phone: '+15550001' });
    for (const integration of context.data.integrations) integration.active = false;
    expect(run()).toStrictEqual({
      status: 'failed',
      providerId: '',
      details: [['Subscriber does not have an active integration', 'Failed', null, null]],
      messages: [],
      outbox: [],
    });
  });

  it("payload.phone wins over the subscriber's phone", () => {
    const { run } = setup({ phone: '+15550001' });
    const { messages, outbox } = run({ payload: { code: '1234', phone: '+15559999' } });
    expect(messages.map((message) => message['phone'])).toStrictEqual(['+15559999']);
    expect(outbox).toStrictEqual([outboxEntry('+15559999')]);
  });

  it('payload.phone is used when the subscriber has none', () => {
    const { run } = setup();
    const { status, outbox } = run({ payload: { code: '1234', phone: '+15559999' } });
    expect(status).toBe('completed');
    expect(outbox).toStrictEqual([outboxEntry('+15559999')]);
  });

  it("an empty or non-text payload.phone falls back to the subscriber's", () => {
    const { run } = setup({ phone: '+15550001' });
    expect(run({ payload: { code: '1234', phone: '' } }).outbox).toStrictEqual([
      outboxEntry('+15550001'),
    ]);
    expect(run({ payload: { code: '1234', phone: 5 } }).outbox).toStrictEqual([
      outboxEntry('+15550001'),
    ]);
  });

  it('a step without a text body sends empty content', () => {
    const { run } = setup({ phone: '+15550001', controlValues: {} });
    const { messages, outbox } = run();
    expect(messages.map((message) => message['content'])).toStrictEqual(['']);
    expect(outbox).toStrictEqual([outboxEntry('+15550001', { content: '' })]);
  });
});

describe('sms step: no phone', () => {
  it('stores the rendered message as a warning and cancels with Subscriber missing phone number', () => {
    const { run } = setup();
    expect(run({ overrides: { sms: { from: '+1000' } } })).toStrictEqual({
      status: 'canceled',
      providerId: 'twilio',
      details: [SELECTED, CREATED, ['Subscriber missing phone number', 'Failed', 'twilio', null]],
      messages: [
        {
          channel: 'sms',
          status: 'warning',
          providerId: 'twilio',
          content: 'Code 1234',
          overrides: { from: '+1000' },
          errorId: 'no_subscriber_phone',
          errorText: 'Subscriber does not have active phone',
        },
      ],
      outbox: [],
    });
  });

  it('an empty subscriber phone (and an empty payload.phone) is no phone', () => {
    const { run } = setup({ phone: '' });
    const { status, messages } = run({ payload: { code: '1234', phone: '' } });
    expect(status).toBe('canceled');
    expect(messages.map((message) => message['errorId'])).toStrictEqual(['no_subscriber_phone']);
  });
});

describe('sms step: overrides', () => {
  it('overrides.sms to, from and content go to the provider; the message keeps the phone and body', () => {
    const { run } = setup({ phone: '+15550001' });
    const overrides = { sms: { to: '+15552222', from: '+1000', content: 'Replaced' } };
    const { messages, outbox } = run({ overrides });
    expect(messages).toStrictEqual([
      {
        channel: 'sms',
        status: 'sent',
        providerId: 'twilio',
        content: 'Code 1234',
        phone: '+15550001',
        overrides: overrides.sms,
      },
    ]);
    expect(outbox).toStrictEqual([
      outboxEntry('+15552222', { content: 'Replaced', from: '+1000' }),
    ]);
  });

  it('overrides.<providerId> are merged over overrides.sms', () => {
    const { run } = setup({ phone: '+15550001' });
    const { messages, outbox } = run({
      overrides: { sms: { to: '+15552222', from: '+1000' }, twilio: { from: '+2000' } },
    });
    expect(messages.map((message) => message['overrides'])).toStrictEqual([
      { to: '+15552222', from: '+2000' },
    ]);
    expect(outbox).toStrictEqual([outboxEntry('+15552222', { from: '+2000' })]);
  });

  it("the integration's from is used without an override, and an override wins over it", () => {
    const { run } = setup({
      phone: '+15550001',
      integrations: [{ ...TWILIO, credentials: { from: '+3000' } }],
    });
    expect(run().outbox).toStrictEqual([outboxEntry('+15550001', { from: '+3000' })]);
    expect(run({ overrides: { sms: { from: '+1000' } } }).outbox).toStrictEqual([
      outboxEntry('+15550001', { from: '+1000' }),
    ]);
    expect(run({ overrides: { sms: { from: '' } } }).outbox).toStrictEqual([
      outboxEntry('+15550001', { from: '+3000' }),
    ]);
  });

  it('empty to and content overrides are passed over', () => {
    const { run } = setup({ phone: '+15550001' });
    expect(run({ overrides: { sms: { to: '', content: '' } } }).outbox).toStrictEqual([
      outboxEntry('+15550001'),
    ]);
  });

  it('customData goes to the provider only when it is a plain object', () => {
    const { run } = setup({ phone: '+15550001' });
    const customData = (value: unknown) =>
      run({ overrides: { sms: { customData: value } } }).outbox.map((entry) => entry['customData']);
    expect(customData({ campaign: 'spring' })).toStrictEqual([{ campaign: 'spring' }]);
    expect(customData(['spring'])).toStrictEqual([{}]);
    expect(customData(null)).toStrictEqual([{}]);
    expect(customData('spring')).toStrictEqual([{}]);
  });
});
