// End-to-end through the client in mock mode: each channel delivered and each failure path.
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
      { providerId: 'twilio', channel: 'sms', active: true, identifier: 'twilio-main' },
      { providerId: 'slack', channel: 'chat', active: true, identifier: 'slack-main' },
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
      { providerId: 'sendgrid', channel: 'email', active: true, identifier: 'sendgrid-eu' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              subject: 'Hi {{subscriber.firstName}}',
              body: 'Plan: {{payload.plan}}',
              avatar: 'https://example.com/a.png',
              primaryAction: { label: 'Open', redirect: { url: '/plans/{{payload.plan}}' } },
              redirect: { url: '/home', target: '_blank' },
            },
          },
          {
            type: 'email',
            name: 'Email',
            controlValues: {
              subject: 'Welcome {{subscriber.firstName}}',
              body: '<p>{{payload.plan}}</p>',
            },
          },
          { type: 'sms', name: 'Sms', controlValues: { body: 'Code {{payload.code}}' } },
          { type: 'chat', name: 'Chat', controlValues: { body: 'Chat {{payload.plan}}' } },
          {
            type: 'push',
            name: 'Push',
            controlValues: { subject: 'Push', body: 'P {{payload.plan}}' },
          },
        ],
      },
    ],
  },
});

describe('trigger delivers through every channel', () => {
  it('stores the in-app message and records every delivery in the outbox', async () => {
    const svc = mock.client();
    await svc.subscribers.credentials.upsert('ada', {
      providerId: 'slack',
      credentials: { webhookUrl: 'https://hooks.slack.com/x' },
    });
    await svc.subscribers.credentials.upsert('ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['token-1'] },
    });
    const result = await svc.events.trigger({
      name: 'welcome',
      to: 'ada',
      payload: { plan: 'pro', code: '1234' },
    });
    expect(result.status).toBe('processed');
    const outbox = mock.engine.outbox.list({ transactionId: result.transactionId ?? '' });
    expect(outbox.map((entry) => entry.channel)).toEqual([
      'in_app',
      'email',
      'sms',
      'chat',
      'push',
    ]);
    const [inApp, email, sms, chat, push] = outbox;
    expect(inApp).toMatchObject({ subject: 'Hi Ada', content: 'Plan: pro', providerId: 'svc' });
    expect(email).toMatchObject({
      subject: 'Welcome Ada',
      content: '<p>pro</p>',
      email: 'ada@example.com',
      providerId: 'svc-email',
    });
    expect(sms).toMatchObject({ content: 'Code 1234', phone: '+15550001', providerId: 'twilio' });
    expect(chat).toMatchObject({ content: 'Chat pro', webhookUrl: 'https://hooks.slack.com/x' });
    expect(push).toMatchObject({ content: 'P pro', deviceTokens: ['token-1'], providerId: 'fcm' });

    const page = await svc.notifications.list({ transactionId: result.transactionId ?? '' });
    const activity = page.data[0];
    expect(activity?.jobs?.map((job) => job.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(activity?.jobs?.[0]?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Message created',
      'Message sent',
    ]);
    expect(activity?.jobs?.[1]?.executionDetails.map((detail) => detail.detail)).toEqual([
      'Step queued',
      'Start sending message',
      'Integration instance selected',
      'Message created',
      'Message sent',
    ]);

    const marked = await svc.subscribers.messages.markAs('ada', {
      messageId: inApp?.messageId ?? '',
      markAs: 'read',
    });
    expect(marked[0]).toMatchObject({
      read: true,
      seen: true,
      subject: 'Hi Ada',
      content: 'Plan: pro',
      cta: {
        type: 'redirect',
        data: { url: '/home', target: '_blank' },
        action: {
          status: 'pending',
          buttons: [{ type: 'primary', content: 'Open', url: '/plans/pro' }],
        },
      },
      avatar: 'https://example.com/a.png',
      status: 'sent',
      transactionId: result.transactionId,
    });
  });

  it('selects the integration named in overrides and fails without any active one', async () => {
    const svc = mock.client();
    const { transactionId } = await svc.events.trigger({
      name: 'welcome',
      to: 'ada',
      payload: { plan: 'pro' },
      overrides: { email: { integrationIdentifier: 'sendgrid-eu' } },
    });
    expect(
      mock.engine.outbox.last({ channel: 'email', transactionId: transactionId ?? '' }),
    ).toMatchObject({
      providerId: 'sendgrid',
      integrationIdentifier: 'sendgrid-eu',
    });
  });

  it('cancels email and sms without address or phone, and fails chat and push without any channel', async () => {
    const svc = mock.client();
    const { transactionId } = await svc.events.trigger({
      name: 'welcome',
      to: 'bob',
      payload: { plan: 'x' },
    });
    const [activity] = (await svc.notifications.list({ transactionId: transactionId ?? '' })).data;
    const jobs = activity?.jobs ?? [];
    expect(jobs.map((job) => job.status)).toEqual([
      'completed',
      'canceled',
      'canceled',
      'failed',
      'failed',
    ]);
    const last = (index: number) => jobs[index]?.executionDetails.at(-1);
    expect(last(1)).toMatchObject({ detail: 'Subscriber missing email address', status: 'Failed' });
    expect(last(2)).toMatchObject({ detail: 'Subscriber missing phone number', status: 'Failed' });
    // The service's chat and push usecases iterate the subscriber's channels: bob has none.
    for (const index of [3, 4]) {
      expect(last(index)).toMatchObject({
        detail: 'Subscriber does not have a configured channel',
        status: 'Failed',
      });
    }
    expect(mock.engine.outbox.list({ subscriberId: 'bob' }).map((entry) => entry.channel)).toEqual([
      'in_app',
    ]);
  });

  it('fails a step without an active integration and still runs the next steps', async () => {
    const prod = mock.client('Production');
    mock.engine.seed({
      environment: 'Production',
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
      workflows: [
        {
          workflowId: 'two-steps',
          steps: [
            { type: 'email', name: 'Email', controlValues: { subject: 's', body: 'b' } },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'hello' } },
          ],
        },
      ],
    });
    const { transactionId } = await prod.events.trigger({ name: 'two-steps', to: 'ada' });
    const [activity] = (await prod.notifications.list({ transactionId: transactionId ?? '' })).data;
    expect(activity?.jobs?.map((job) => job.status)).toEqual(['failed', 'completed']);
    expect(activity?.jobs?.[0]?.executionDetails.at(-1)).toMatchObject({
      detail: 'Subscriber does not have an active integration',
      status: 'Failed',
    });
  });

  it('halts the run after a failed step with shouldStopOnFail', async () => {
    const prod = mock.client('Production');
    mock.engine.seed({
      environment: 'Production',
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
      workflows: [
        {
          workflowId: 'strict',
          steps: [
            {
              type: 'email',
              name: 'Email',
              shouldStopOnFail: true,
              controlValues: { subject: 's', body: 'b' },
            },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'hello' } },
          ],
        },
      ],
    });
    const { transactionId } = await prod.events.trigger({ name: 'strict', to: 'ada' });
    const [activity] = (await prod.notifications.list({ transactionId: transactionId ?? '' })).data;
    expect(activity?.jobs?.map((job) => job.status)).toEqual(['failed', 'canceled']);
    expect(activity?.jobs?.[1]?.executionDetails[0]?.detail).toBe(
      'Step was canceled because a previous step failed',
    );
    expect(mock.engine.outbox.count()).toBe(0);
  });
});

describe('integration selection by tenant conditions', () => {
  it('sends through an active integration whose conditions match the trigger tenant, before the primary', async () => {
    mock.engine.seed({
      tenants: [{ identifier: 'acme', name: 'Acme' }],
      integrations: [
        {
          providerId: 'mailgun',
          channel: 'email',
          active: true,
          identifier: 'mailgun-acme',
          conditions: [
            { children: [{ field: 'identifier', value: 'acme', operator: 'EQUAL', on: 'tenant' }] },
          ],
        },
      ],
    });
    const svc = mock.client();
    const withTenant = await svc.events.trigger({ name: 'welcome', to: 'ada', tenant: 'acme' });
    expect(
      mock.engine.outbox.last({ channel: 'email', transactionId: withTenant.transactionId ?? '' }),
    ).toMatchObject({ integrationIdentifier: 'mailgun-acme' });
    const [activity] = (
      await svc.notifications.list({ transactionId: withTenant.transactionId ?? '' })
    ).data;
    const email = activity?.jobs?.find((job) => job.type === 'email');
    expect(email?.providerId).toBe('mailgun');
    expect(email?.executionDetails.map((detail) => detail.detail)).toContain(
      'Integration instance selected',
    );
    const without = await svc.events.trigger({ name: 'welcome', to: 'ada' });
    expect(
      mock.engine.outbox.last({ channel: 'email', transactionId: without.transactionId ?? '' }),
    ).not.toMatchObject({ integrationIdentifier: 'mailgun-acme' });
  });

  it('finds no integration when overrides name one that is not active', async () => {
    const svc = mock.client();
    const { transactionId } = await svc.events.trigger({
      name: 'welcome',
      to: 'ada',
      overrides: { email: { integrationIdentifier: 'nope' } },
    });
    const [activity] = (await svc.notifications.list({ transactionId: transactionId ?? '' })).data;
    const email = activity?.jobs?.find((job) => job.type === 'email');
    expect(email?.status).toBe('failed');
    expect(email?.executionDetails.at(-1)?.detail).toBe(
      'Subscriber does not have an active integration',
    );
  });
});
