// Provider failures: a delivery through a failing provider stores an `error` message, fails the
// job with an execution detail, reaches no outbox, and the run goes on.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' },
    ],
    integrations: [
      { providerId: 'sendgrid', channel: 'email', active: true, identifier: 'sendgrid-main' },
      { providerId: 'twilio', channel: 'sms', active: true, identifier: 'twilio-main' },
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
    ],
    workflows: [
      {
        workflowId: 'alert',
        name: 'Alert',
        steps: [
          { type: 'email', name: 'Email', controlValues: { subject: 'Alert', body: '<p>A</p>' } },
          { type: 'sms', name: 'Sms', controlValues: { body: 'Alert' } },
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Alert' } },
          { type: 'push', name: 'Push', controlValues: { subject: 'A', body: 'Alert' } },
        ],
      },
    ],
  },
});

async function trigger(transactionId: string) {
  const svc = mock.client();
  await svc.events.trigger({ name: 'alert', to: 'ada', transactionId });
  const page = await svc.notifications.list({ transactionId });
  const notification = page.data[0];
  if (!notification?._id) throw new Error('no notification');
  const activity = await svc.notifications.retrieve(notification._id);
  return { ...activity, jobs: activity.jobs ?? [] };
}

describe('provider failures', () => {
  it('fails the email: error message, Failed detail, no outbox entry; later steps still run', async () => {
    mock.engine.faults.addProviderFailure({ channel: 'email', errorText: 'Mailbox full' });
    const activity = await trigger('t-1');
    const email = activity.jobs.find((job) => job.type === 'email');
    expect(email?.status).toBe('failed');
    expect(email?.executionDetails.map((detail) => [detail.detail, detail.status])).toContainEqual([
      'Unexpected provider error',
      'Failed',
    ]);
    const failedDetail = email?.executionDetails.at(-1);
    expect(JSON.parse(failedDetail?.raw ?? '{}')).toEqual({
      errorId: 'mail_unexpected_error',
      errorText: 'Mailbox full',
    });
    expect(activity.jobs.find((job) => job.type === 'sms')?.status).toBe('completed');
    expect(activity.jobs.find((job) => job.type === 'in_app')?.status).toBe('completed');

    const channels = mock.engine.outbox.list({ transactionId: 't-1' }).map((m) => m.channel);
    expect(channels).toEqual(['sms', 'in_app']); // push: ada has no device tokens

    const stored = mock.engine.snapshot().state.data;
    const messages = [...stored.values()].flatMap((data) => data.messages);
    const failed = messages.find((message) => message.channel === 'email');
    expect(failed).toMatchObject({
      status: 'error',
      errorId: 'mail_unexpected_error',
      errorText: 'Mailbox full',
      email: 'ada@example.com',
    });
  });

  it('fails only `times` deliveries, and only of the named provider', async () => {
    mock.engine.faults.addProviderFailure({ channel: 'sms', providerId: 'plivo' });
    const sms = mock.engine.faults.addProviderFailure({ channel: 'sms', times: 1 });
    await trigger('t-1');
    await trigger('t-2');
    expect(mock.engine.outbox.count({ transactionId: 't-1', channel: 'sms' })).toBe(0);
    expect(mock.engine.outbox.count({ transactionId: 't-2', channel: 'sms' })).toBe(1);
    expect(mock.engine.faults.list()).toEqual([
      expect.objectContaining({ providerId: 'plivo', hits: 0, remaining: null }),
      { ...sms, hits: 1, remaining: 0 },
    ]);
  });

  it('fails push deliveries: the job fails when every provider failed', async () => {
    await mock.client().subscribers.credentials.upsert('ada', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['token-1'] },
    });
    mock.engine.faults.addProviderFailure({ channel: 'push', errorId: 'push_down' });
    const activity = await trigger('t-1');
    expect(activity.jobs.find((job) => job.type === 'push')?.status).toBe('failed');
    expect(mock.engine.outbox.count({ channel: 'push' })).toBe(0);
  });

  it('rejects bad input: in_app has no provider to fail', () => {
    expect(() => mock.engine.faults.addProviderFailure({ channel: 'in_app' as 'email' })).toThrow(
      /channel/,
    );
    expect(() => mock.engine.faults.addProviderFailure({ channel: 'sms', times: -1 })).toThrow(
      /times/,
    );
  });

  it('keeps applying after restore(): runs on the restored state see the faults', async () => {
    const snapshot = mock.engine.snapshot();
    mock.engine.faults.addProviderFailure({ channel: 'email' });
    mock.engine.restore(snapshot);
    await trigger('t-1');
    expect(mock.engine.outbox.count({ channel: 'email' })).toBe(0);
    mock.engine.reset();
    await trigger('t-2');
    expect(mock.engine.outbox.count({ channel: 'email' })).toBe(1);
  });
});
