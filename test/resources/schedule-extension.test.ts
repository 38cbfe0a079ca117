// `extendToSchedule` end to end (docs/behaviour/runs.md#extending-to-the-schedule): a workflow
// created through the client with a delay that extends to the schedule, a subscriber schedule set
// through the client, a trigger, and the virtual clock (from Thursday 2026-01-01T00:00:00Z): the
// delay waits for the window, the activity shows the service's detail, the outbox the email.
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const EXTENDED = 'Step was extended to the next available time in the subscriber schedule';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
  },
});

describe('a delay extended to the subscriber schedule', () => {
  it('holds the email until the window opens and tells so in the activity', async () => {
    const created = await client().workflows.create({
      name: 'Reminder',
      workflowId: 'reminder',
      steps: [
        {
          type: 'delay',
          name: 'Wait',
          controlValues: { type: 'regular', amount: 1, unit: 'hours', extendToSchedule: true },
        },
        { type: 'email', name: 'Email', controlValues: { subject: 'Hi', body: 'Hello' } },
      ],
    });
    expect(created.steps[0]?.controls.values).toMatchObject({ extendToSchedule: true });
    expect(created.steps[0]?.controls.dataSchema).toMatchObject({
      properties: { extendToSchedule: { type: 'boolean' } },
    });
    await client().subscribers.preferences.update('ada', {
      schedule: {
        isEnabled: true,
        weeklySchedule: {
          thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
        },
      },
    });

    const { transactionId = '' } = await client().events.trigger({ name: 'reminder', to: 'ada' });
    engine.clock.advance('1h');
    const held = (await client().notifications.list({ transactionId })).data[0]?.jobs ?? [];
    expect(held.map((job) => job.status)).toEqual(['delayed', 'pending']);
    const detail = held[0]?.executionDetails?.find((item) => item.detail === EXTENDED);
    expect(detail?.status).toBe('Pending');
    expect(JSON.parse(String(detail?.raw))).toMatchObject({
      nextAvailableTime: '2026-01-01T09:00:00.000Z',
      scheduleExtensionsCount: 1,
      maxScheduleExtensions: 3,
    });
    expect(engine.outbox.list()).toEqual([]);

    engine.clock.advance('8h');
    expect(engine.outbox.list().map((message) => [message.channel, message.subscriberId])).toEqual([
      ['email', 'ada'],
    ]);
    const done = (await client().notifications.list({ transactionId })).data[0]?.jobs ?? [];
    expect(done.map((job) => job.status)).toEqual(['completed', 'completed']);
  });
});
