// The outbox entry of each channel, field for field and in key order, as it was when every entry
// kept its own copy of the message's fields (mock-server/engine/run/channels/delivery.ts builds
// the entry from the stored message on read): in-app, email, sms, chat and push, a payload with
// attachments (the message keeps it without them), overrides that change the mail, a deleted
// message (the entry keeps answering), snapshot/restore and a failed operation's undo.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import type { MessageRecord } from '../../../../mock-server/engine/store/state';
import { activeIntegration, adaChannels } from './step-run';

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com', phone: '+15550001' }],
      integrations: [
        { ...activeIntegration('sms', 'twilio', 'twilio-main'), primary: true },
        activeIntegration('chat', 'slack', 'slack-main'),
        activeIntegration('push', 'fcm', 'fcm-main'),
      ],
      workflows: [
        {
          workflowId: 'w',
          steps: [
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{payload.n}}' } },
            { type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } },
            { type: 'sms', name: 'Text', controlValues: { body: 'T' } },
            { type: 'chat', name: 'Chat', controlValues: { body: 'C' } },
            { type: 'push', name: 'Push', controlValues: { subject: 'P', body: 'Q' } },
          ],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const { register } = adaChannels(engine, context);
  register('slack', { webhookUrl: 'https://hooks.example.com/1' });
  register('fcm', { deviceTokens: ['f1', 'f2'] });
  const trigger = (body: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context, { body: { name: 'w', to: 'ada', ...body } });
  return { engine, context, trigger };
}

// What each entry answered before, rebuilt in the order the old literal wrote it.
function expected(
  message: MessageRecord,
  payload: Record<string, unknown>,
  integrationIdentifier: string,
  recipient: Record<string, unknown>,
  environmentId: string,
) {
  return {
    channel: message.channel,
    environmentId,
    subscriberId: 'ada',
    workflowId: 'w',
    transactionId: message.transactionId,
    notificationId: message._notificationId,
    messageId: message._id,
    providerId: message.providerId,
    integrationIdentifier,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    content: message.content,
    ...recipient,
    payload,
    sentAt: message.createdAt,
  };
}

describe('the outbox answers what it answered when each entry kept its own copy', () => {
  it('in-app, email, sms, chat and push entries: same fields, same order, same values', () => {
    const { engine, context, trigger } = setup();
    const payload = { n: 1, attachments: [{ name: 'a.txt', file: 'aGk=', mime: 'text/plain' }] };
    trigger({
      payload,
      overrides: { email: { subject: 'Over', cc: ['c@example.com'], replyTo: 'r@example.com' } },
    });
    const messages = context.data.messages;
    const byChannel = (channel: string) =>
      messages.filter((message) => message.channel === channel) as MessageRecord[];
    const id = (channel: string) =>
      context.data.integrations.find((entry) => entry.channel === channel)?.identifier as string;
    const env = context.environment._id;
    const list = engine.outbox.list();
    const stored = context.data.notifications[0]?.payload as Record<string, unknown>;
    expect(stored['attachments']).toBeDefined();
    const mail = list.find((entry) => entry.channel === 'email');
    const want = [
      expected(byChannel('in_app')[0] as MessageRecord, stored, id('in_app'), {}, env),
      expected(
        byChannel('email')[0] as MessageRecord,
        stored,
        id('email'),
        Object.fromEntries(
          Object.entries(mail ?? {}).filter(([key]) =>
            [
              'subject',
              'content',
              'email',
              'to',
              'cc',
              'bcc',
              'replyTo',
              'senderName',
              'from',
              'customData',
              'headers',
            ].includes(key),
          ),
        ),
        env,
      ),
      expected(
        byChannel('sms')[0] as MessageRecord,
        stored,
        id('sms'),
        Object.fromEntries(
          Object.entries(list.find((entry) => entry.channel === 'sms') ?? {}).filter(([key]) =>
            ['phone', 'from', 'customData'].includes(key),
          ),
        ),
        env,
      ),
      expected(
        byChannel('chat')[0] as MessageRecord,
        stored,
        'slack-main',
        { webhookUrl: 'https://hooks.example.com/1' },
        env,
      ),
      expected(
        byChannel('push')[0] as MessageRecord,
        stored,
        'fcm-main',
        { deviceTokens: ['f1', 'f2'] },
        env,
      ),
    ];
    expect(list.map((entry) => entry.channel)).toStrictEqual([
      'in_app',
      'email',
      'sms',
      'chat',
      'push',
    ]);
    expect(JSON.stringify(list)).toBe(JSON.stringify(want));
    expect(list[1]?.subject).toBe('Over');
    expect(list[1]?.cc).toStrictEqual(['c@example.com']);
    expect(list[0]?.payload).toStrictEqual(stored);
    expect(messages[0]?.payload).toStrictEqual({ n: 1 });
    expect(JSON.stringify(engine.outbox.page().items)).toBe(JSON.stringify(want));
    expect(JSON.stringify(engine.outbox.last())).toBe(JSON.stringify(want[4]));
  });

  it('a deleted message leaves its entry answering as before; snapshot, restore and undo keep it', () => {
    const { engine, context, trigger } = setup();
    trigger({ payload: { n: 2 } });
    const before = JSON.stringify(engine.outbox.list());
    const snapshot = engine.snapshot();
    const inApp = context.data.messages.find((message) => message.channel === 'in_app');
    engine.operations['messages.delete'](context, { params: { messageId: inApp?._id as string } });
    expect(context.data.messages.some((message) => message._id === inApp?._id)).toBe(false);
    expect(JSON.stringify(engine.outbox.list())).toBe(before);
    const transactionId = context.data.messages[0]?.transactionId as string;
    engine.operations['messages.deleteByTransactionId'](context, {
      params: { transactionId },
    });
    expect(context.data.messages).toStrictEqual([]);
    expect(JSON.stringify(engine.outbox.list())).toBe(before);
    engine.restore(snapshot);
    expect(JSON.stringify(engine.outbox.list())).toBe(before);
    expect(engine.scope('Development').data.messages).toHaveLength(5);
    const restored = engine.scope('Development');
    engine.operations['events.trigger'](restored, {
      body: { name: 'w', to: 'ada', payload: { n: 3 } },
    });
    expect(engine.outbox.count()).toBe(10);
    expect(JSON.stringify(engine.outbox.list().slice(0, 5))).toBe(before);
    // A scope taken before the restore writes its message into the data it replaced: its
    // outbox entry still answers (it keeps its own copy).
    trigger({ payload: { n: 4 } });
    expect(engine.outbox.count()).toBe(15);
    expect(engine.outbox.last()).toMatchObject({ channel: 'push', payload: { n: 4 } });
    engine.reset();
    expect(engine.outbox.count()).toBe(0);
  });
});
