// Through the client in mock mode: what each channel sends and stores, as the service's send
// usecases do it (overrides, stored messages, missing addresses, execution details).
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' },
      { subscriberId: 'bob', firstName: 'Bob' },
    ],
    integrations: [
      {
        providerId: 'twilio',
        channel: 'sms',
        active: true,
        identifier: 'twilio-main',
        credentials: { from: '+15559999' },
      },
      { providerId: 'slack', channel: 'chat', active: true, identifier: 'slack-main' },
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
    ],
    workflows: [
      {
        workflowId: 'mail',
        steps: [
          {
            type: 'email',
            name: 'Email',
            controlValues: { subject: 'Hi {{subscriber.firstName}}', body: '<p>Hello</p>' },
          },
        ],
      },
      {
        workflowId: 'text',
        steps: [{ type: 'sms', name: 'Sms', controlValues: { body: 'Code {{payload.code}}' } }],
      },
      {
        workflowId: 'chat-push',
        steps: [
          { type: 'chat', name: 'Chat', controlValues: { body: 'Chat' } },
          { type: 'push', name: 'Push', controlValues: { subject: 'T', body: 'P' } },
        ],
      },
      {
        workflowId: 'broken-mail',
        steps: [
          {
            type: 'email',
            name: 'Email',
            controlValues: {
              subject: 'Hi {{subscriber.firstName}}',
              body: '<p>{% include "x" %}</p>',
            },
          },
        ],
      },
      {
        workflowId: 'custom',
        steps: [{ type: 'custom', name: 'Custom' }],
      },
    ],
  },
});

/** The stored message of a transaction's channel, as the mark-as endpoint answers it. */
async function storedMessage(subscriberId: string, transactionId: string, channel: string) {
  const { state } = mock.engine.snapshot();
  const data = state.data.get(mock.engine.environment('Development')._id);
  const record = data?.messages.find(
    (message) => message.transactionId === transactionId && message.channel === channel,
  );
  expect(record).toBeDefined();
  const [message] = await mock
    .client()
    .subscribers.messages.markAs(subscriberId, { messageId: record?._id ?? '', markAs: 'seen' });
  return message;
}

async function jobsOf(transactionId: string) {
  const page = await mock.client().notifications.list({ transactionId });
  return page.data[0]?.jobs ?? [];
}

describe('email overrides', () => {
  it('sends to toRecipient with cc, bcc, senderName, replyTo, customData and headers, and stores the merged overrides', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'mail',
      to: 'ada',
      overrides: {
        email: {
          toRecipient: 'ops@example.com',
          to: ['audit@example.com'],
          cc: ['cc@example.com'],
          bcc: ['bcc@example.com'],
          senderName: 'Acme',
          replyTo: 'reply@example.com',
          customData: { campaign: 'spring' },
          headers: { 'X-Trace': '1' },
        },
        'svc-email': { from: 'team@acme.io' },
      },
    });
    expect(mock.engine.outbox.last({ channel: 'email', transactionId })).toMatchObject({
      email: 'ops@example.com',
      to: ['ops@example.com', 'audit@example.com'],
      cc: ['cc@example.com'],
      bcc: ['bcc@example.com'],
      senderName: 'Acme',
      replyTo: 'reply@example.com',
      from: 'team@acme.io',
      customData: { campaign: 'spring' },
      headers: { 'X-Trace': '1' },
      subject: 'Hi Ada',
    });
    const message = await storedMessage('ada', transactionId, 'email');
    expect(message).toMatchObject({
      email: 'ops@example.com',
      overrides: {
        toRecipient: 'ops@example.com',
        cc: ['cc@example.com'],
        from: 'team@acme.io',
      },
    });
  });

  it('replaces the subject and html when the overrides give them, and defaults cc and bcc to empty', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'mail',
      to: 'ada',
      overrides: { email: { subject: 'Override', html: '<b>x</b>' } },
    });
    expect(mock.engine.outbox.last({ channel: 'email', transactionId })).toMatchObject({
      email: 'ada@example.com',
      to: ['ada@example.com'],
      cc: [],
      bcc: [],
      subject: 'Override',
      content: '<b>x</b>',
    });
  });

  it('delivers to toRecipient when the subscriber has no email', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'mail',
      to: 'bob',
      overrides: { email: { toRecipient: 'bob@example.com' } },
    });
    expect(mock.engine.outbox.last({ channel: 'email', transactionId })?.email).toBe(
      'bob@example.com',
    );
  });
});

describe('sms, chat and push overrides', () => {
  it('sends sms to overrides.to with its from, content and customData, and reads payload.phone first', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'text',
      to: 'bob',
      payload: { code: '42', phone: '+15550002' },
      overrides: { sms: { to: '+15550003', customData: { a: 1 } }, twilio: { from: '+1000' } },
    });
    expect(mock.engine.outbox.last({ channel: 'sms', transactionId })).toMatchObject({
      phone: '+15550003',
      from: '+1000',
      customData: { a: 1 },
      content: 'Code 42',
    });
    expect(await storedMessage('bob', transactionId, 'sms')).toMatchObject({
      phone: '+15550002',
      content: 'Code 42',
      overrides: { to: '+15550003', from: '+1000' },
    });
  });

  it('takes the chat webhookUrl from the provider overrides and push device tokens from overrides.<providerId>', async () => {
    const svc = mock.client();
    await svc.subscribers.credentials.upsert('ada', {
      providerId: 'slack',
      credentials: { webhookUrl: 'https://hooks.slack.com/own' },
    });
    await svc.subscribers.credentials.upsert('ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['own-token'] },
    });
    const { transactionId = '' } = await svc.events.trigger({
      name: 'chat-push',
      to: 'ada',
      overrides: {
        providers: { slack: { webhookUrl: 'https://hooks.slack.com/override' } },
        fcm: { deviceTokens: ['override-token'] },
      },
    });
    expect(mock.engine.outbox.last({ channel: 'chat', transactionId })?.webhookUrl).toBe(
      'https://hooks.slack.com/override',
    );
    expect(mock.engine.outbox.last({ channel: 'push', transactionId })?.deviceTokens).toEqual([
      'override-token',
    ]);
  });
});

describe('stored messages', () => {
  it('strips payload.attachments from the stored message; the notification and jobs keep them without files', async () => {
    const attachments = [{ name: 'a.txt', mime: 'text/plain', file: 'aGk=' }];
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'mail',
      to: 'ada',
      payload: { plan: 'pro', attachments },
    });
    const message = await storedMessage('ada', transactionId, 'email');
    expect(message?.payload).toEqual({ plan: 'pro' });
    const page = await mock.client().notifications.list({ transactionId });
    const [notification] = page.data;
    const stored = {
      plan: 'pro',
      attachments: [
        { name: 'a.txt', mime: 'text/plain', storagePath: expect.stringMatching(/\/a\.txt$/) },
      ],
    };
    expect(notification?.payload).toEqual(stored);
    expect(notification?.jobs?.map((job) => job.payload)).toEqual([stored]);
    expect(mock.engine.outbox.last({ channel: 'email', transactionId })?.payload).toEqual(stored);
  });

  it('answers 422 for an attachment the service could not read, and runs nothing', async () => {
    await expect(
      mock.client().events.trigger({
        name: 'mail',
        to: 'ada',
        payload: { attachments: [{ name: 'a.txt', file: 42 }] },
      }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { general: { messages: ['payload.attachments.0.file must be a base64 string'] } },
    });
    expect(mock.engine.outbox.count()).toBe(0);
  });

  it('stores the rendered sms of a subscriber without a phone with the service error, and logs it', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'text',
      to: 'bob',
      payload: { code: '7' },
    });
    expect(await storedMessage('bob', transactionId, 'sms')).toMatchObject({
      content: 'Code 7',
      status: 'warning',
      errorId: 'no_subscriber_phone',
      errorText: 'Subscriber does not have active phone',
    });
    const [job] = await jobsOf(transactionId);
    expect(job?.status).toBe('canceled');
    expect(job?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message created',
      'Subscriber missing phone number',
    ]);
    expect(mock.engine.outbox.count({ transactionId })).toBe(0);
  });

  it('stores the email of a subscriber without an address with the service error, after Message created', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({ name: 'mail', to: 'bob' });
    expect(await storedMessage('bob', transactionId, 'email')).toMatchObject({
      subject: 'Hi Bob',
      content: '<p>Hello</p>',
      status: 'warning',
      errorId: 'mail_unexpected_error',
      errorText: 'Subscriber does not have an email address',
    });
    const [job] = await jobsOf(transactionId);
    expect(job?.executionDetails.map((detail) => detail.detail).slice(-2)).toEqual([
      'Message created',
      'Subscriber missing email address',
    ]);
  });
});

describe('chat and push missing addresses, as the service iterates the subscriber channels', () => {
  it('stores a chat message without a webhook URL as a warning and cancels the job', async () => {
    const svc = mock.client();
    await svc.subscribers.credentials.upsert('bob', {
      providerId: 'slack',
      credentials: { channel: 'general' },
    });
    const { transactionId = '' } = await svc.events.trigger({ name: 'chat-push', to: 'bob' });
    expect(await storedMessage('bob', transactionId, 'chat')).toMatchObject({
      content: 'Chat',
      status: 'warning',
      errorId: 'no_subscriber_chat_channel_id',
      errorText: 'Subscriber does not have active chat channel id',
    });
    const [chat] = await jobsOf(transactionId);
    expect(chat?.status).toBe('canceled');
    expect(chat?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message created',
      'Webhook URL for the chat channel is missing',
    ]);
    expect(chat?.executionDetails.at(-1)?.raw).toBe(
      'webhookUrl for integrationId: slack-main is missing',
    );
    expect(mock.engine.outbox.count({ transactionId, channel: 'chat' })).toBe(0);
  });

  it('fails chat when every channel fails: a phone adds a WhatsApp Business channel without an integration', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'chat-push',
      to: 'ada',
    });
    const [chat] = await jobsOf(transactionId);
    expect(chat?.status).toBe('failed');
    expect(chat?.executionDetails.map((detail) => detail.detail).slice(2)).toEqual([
      'Subscriber does not have an active integration',
      'All chat channels failed to send the message',
    ]);
    expect(chat?.executionDetails[2]?.raw).toBe('Integration is either deleted or not active');
  });

  it('logs push per device token and stores one message per channel', async () => {
    const svc = mock.client();
    await svc.subscribers.credentials.upsert('ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['t-1', 't-2'] },
    });
    const { transactionId = '' } = await svc.events.trigger({ name: 'chat-push', to: 'ada' });
    const push = (await jobsOf(transactionId))[1];
    expect(push?.status).toBe('completed');
    const details = push?.executionDetails ?? [];
    expect(details.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message created',
      'Message sent',
      'Message sent',
    ]);
    expect(JSON.parse(details[3]?.raw ?? '')).toEqual({ providerId: 'fcm', content: '"P"' });
    expect(details.slice(4).map((detail) => JSON.parse(detail.raw ?? '').deviceToken)).toEqual([
      't-1',
      't-2',
    ]);
    expect(await storedMessage('ada', transactionId, 'push')).toMatchObject({
      deviceTokens: ['t-1', 't-2'],
    });
  });

  it('cancels push for a channel without device tokens and stores no message', async () => {
    const svc = mock.client();
    await svc.subscribers.credentials.upsert('bob', {
      providerId: 'fcm',
      credentials: { deviceTokens: [] },
    });
    const { transactionId = '' } = await svc.events.trigger({ name: 'chat-push', to: 'bob' });
    const push = (await jobsOf(transactionId))[1];
    expect(push?.status).toBe('canceled');
    const last = push?.executionDetails.at(-1);
    expect(last).toMatchObject({
      detail:
        'Subscriber credentials is missing the tokens for sending a push notification message',
      status: 'Failed',
      providerId: 'fcm',
    });
    expect(JSON.parse(last?.raw ?? '')).toMatchObject({ providerId: 'fcm' });
    const { state } = mock.engine.snapshot();
    const data = state.data.get(mock.engine.environment('Development')._id);
    expect(data?.messages.filter((message) => message.transactionId === transactionId)).toEqual([]);
  });
});

describe('email content that cannot be rendered', () => {
  it('selects the integration and stores the message before Message content could not be generated', async () => {
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'broken-mail',
      to: 'ada',
    });
    const [job] = await jobsOf(transactionId);
    expect(job?.status).toBe('failed');
    expect(job?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message content could not be generated',
    ]);
    expect(await storedMessage('ada', transactionId, 'email')).toMatchObject({
      subject: 'Hi {{subscriber.firstName}}',
      email: 'ada@example.com',
    });
    expect(mock.engine.outbox.count({ transactionId })).toBe(0);
  });
});

describe('execution details', () => {
  it('logs Start sending message before a custom step is processed', async () => {
    const { transactionId = '' } = await mock
      .client()
      .events.trigger({ name: 'custom', to: 'ada' });
    const [job] = await jobsOf(transactionId);
    expect(job?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Step processed',
    ]);
  });
});

describe('email text', () => {
  const tricky = `< > & " '`;

  it('keeps the subject as text and sanitises the HTML body as the service does', async () => {
    mock.engine.seed({
      workflows: [
        {
          workflowId: 'tricky',
          steps: [
            {
              type: 'email',
              name: 'Email',
              controlValues: {
                subject: 'Hello {{payload.text}}',
                body:
                  '<p onclick="steal()">{{payload.text}}</p><script>alert(1)</script>' +
                  '<style>p{color:red}</style><div style="color: red">ok</div>' +
                  '<img src="https://x.test/a.png" onerror="x()"><a href="javascript:alert(1)">l</a>',
              },
            },
          ],
        },
      ],
    });
    const { transactionId = '' } = await mock.client().events.trigger({
      name: 'tricky',
      to: 'ada',
      payload: { text: tricky },
    });
    const sent = mock.engine.outbox.last({ channel: 'email', transactionId });
    expect(sent?.subject).toBe(`Hello ${tricky}`);
    expect(sent?.content).toBe(
      `<p>&lt; &gt; &amp; " '</p><style>p{color:red}</style><div style="color: red">ok</div>` +
        '<img src="https://x.test/a.png" /><a>l</a>',
    );
    expect(await storedMessage('ada', transactionId, 'email')).toMatchObject({
      subject: `Hello ${tricky}`,
      content: sent?.content,
    });
  });
});
