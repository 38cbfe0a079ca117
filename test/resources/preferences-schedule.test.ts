// The subscriber's delivery schedule at run time (docs/behaviour/runs.md#delivery-schedule),
// through the real client on the engine's virtual clock, which starts on Thursday
// 2026-01-01T00:00:00Z: a channel step outside the schedule is canceled with the service's
// detail; in-app steps and critical workflows always go out; the time that counts is when the
// step runs, in the subscriber's time zone.
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };
const email = {
  type: 'email' as const,
  name: 'Email',
  controlValues: { subject: 'Hi', body: 'Hello' },
};
const OUTSIDE = "The step was skipped as it fell outside the subscriber's schedule";

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ada', email: 'ada@example.com' },
      { subscriberId: 'kenji', email: 'kenji@example.com', timezone: 'Asia/Tokyo' },
    ],
    integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
    workflows: [
      { workflowId: 'welcome', steps: [inbox, email] },
      { workflowId: 'security', critical: true, steps: [email] },
      {
        workflowId: 'later',
        steps: [
          {
            type: 'delay',
            name: 'Wait',
            controlValues: { type: 'regular', amount: 10, unit: 'hours' },
          },
          email,
          inbox,
        ],
      },
    ],
  },
});

const thursdayOfficeHours = {
  isEnabled: true,
  weeklySchedule: {
    thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
  },
};

async function setSchedule(subscriberId: string, schedule = thursdayOfficeHours) {
  await client().subscribers.preferences.update(subscriberId, { schedule });
}

async function trigger(name: string, to: string) {
  engine.outbox.clear();
  const { transactionId = '' } = await client().events.trigger({ name, to });
  return transactionId;
}

async function jobsOf(transactionId: string) {
  const page = await client().notifications.list({ transactionId });
  return page.data[0]?.jobs ?? [];
}

function sentTo(): string[] {
  return engine.outbox.list().map((message) => `${message.channel}:${message.subscriberId}`);
}

describe('the delivery schedule at run time', () => {
  it('cancels an email step outside the schedule, with the detail, and still sends in-app', async () => {
    await setSchedule('ada');
    const transactionId = await trigger('welcome', 'ada');
    expect(sentTo()).toEqual(['in_app:ada']);
    const [inApp, mail] = await jobsOf(transactionId);
    expect(inApp?.status).toBe('completed');
    expect(mail?.status).toBe('canceled');
    const details = (mail?.executionDetails ?? []).map((detail) => detail.detail);
    expect(details).toContain(OUTSIDE);
    expect(details).not.toContain('Start sending message');
    const outside = mail?.executionDetails?.find((detail) => detail.detail === OUTSIDE);
    expect(outside?.status).toBe('Success');
    expect(JSON.stringify(outside?.raw)).toContain('thursday');
  });

  it('sends once the virtual clock is inside the window', async () => {
    await setSchedule('ada');
    engine.clock.advance('10h');
    await trigger('welcome', 'ada');
    expect(sentTo()).toEqual(['in_app:ada', 'email:ada']);
  });

  it('judges the step when it runs: a delay that ends inside the window delivers', async () => {
    await setSchedule('ada');
    const transactionId = await trigger('later', 'ada');
    expect(sentTo()).toEqual([]);
    engine.clock.advance('10h');
    expect(sentTo()).toEqual(['email:ada', 'in_app:ada']);
    expect((await jobsOf(transactionId)).map((job) => job.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('judges the step when it runs: a delay that ends after the window cancels the email only', async () => {
    await setSchedule('ada');
    engine.clock.advance('8h');
    const transactionId = await trigger('later', 'ada');
    engine.clock.advance('10h');
    expect(sentTo()).toEqual(['in_app:ada']);
    expect((await jobsOf(transactionId)).map((job) => job.status)).toEqual([
      'completed',
      'canceled',
      'completed',
    ]);
  });

  it('never holds back a critical workflow', async () => {
    await setSchedule('ada');
    await trigger('security', 'ada');
    expect(sentTo()).toEqual(['email:ada']);
  });

  it('never holds back a workflow made critical through the API (read-only preferences)', async () => {
    await client().workflows.create({
      name: 'Password reset',
      workflowId: 'password-reset',
      steps: [email],
      preferences: {
        workflow: {
          all: { enabled: true, readOnly: true },
          channels: { email: { enabled: true } },
        },
      },
    });
    await setSchedule('ada');
    const transactionId = await trigger('password-reset', 'ada');
    expect(sentTo()).toEqual(['email:ada']);
    const [notification] = (await client().notifications.list({ transactionId })).data;
    expect(notification?.critical).toBe(true);
  });

  it("reads the window in the subscriber's time zone", async () => {
    await setSchedule('ada');
    await setSchedule('kenji');
    // 00:00 UTC is 09:00 in Tokyo, inside kenji's Thursday hours.
    await trigger('welcome', 'kenji');
    expect(sentTo()).toEqual(['in_app:kenji', 'email:kenji']);
    await trigger('welcome', 'ada');
    expect(sentTo()).toEqual(['in_app:ada']);
  });

  it('lets everything through when the schedule is turned off', async () => {
    await setSchedule('ada', { ...thursdayOfficeHours, isEnabled: false });
    await trigger('welcome', 'ada');
    expect(sentTo()).toEqual(['in_app:ada', 'email:ada']);
  });

  it('holds back nobody without a schedule', async () => {
    await trigger('welcome', 'ada');
    expect(sentTo()).toEqual(['in_app:ada', 'email:ada']);
  });
});
