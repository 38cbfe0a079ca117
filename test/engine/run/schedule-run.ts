// Shared by the delivery schedule and schedule-extension tests: weekly schedules written as day ->
// ranges, and `ada` (email, Thursday office hours unless told otherwise) with a one-day delay
// before an email step, triggered at 2026-01-01 00:00 UTC (a Thursday).
import { createMockEngine } from '../../../mock-server/engine/engine';
import type { JobRecord, PreferenceScheduleRecord } from '../../../mock-server/engine/store/state';
import { contextOf } from '../helpers';

/**
 * An enabled weekly schedule with these days on, each with its ranges.
 *
 * @example
 * ```ts
 * const schedule = weekly({ thursday: [{ start: '09:00 AM', end: '05:00 PM' }] });
 * ```
 */
export const weekly = (days: Record<string, { start: string; end: string }[]>) => ({
  isEnabled: true,
  weeklySchedule: Object.fromEntries(
    Object.entries(days).map(([day, hours]) => [day, { isEnabled: true, hours }]),
  ),
});

/**
 * 09:00 AM to 05:00 PM on one day.
 *
 * @example
 * ```ts
 * const thursday = officeHours('thursday');
 * ```
 */
export const officeHours = (day: string) =>
  weekly({ [day]: [{ start: '09:00 AM', end: '05:00 PM' }] });

/** What {@link delayedForAda} is told. */
export interface DelayedForAdaOptions {
  /** `ada`'s schedule: Thursday office hours when absent, none when `null`. */
  schedule?: PreferenceScheduleRecord | null;
  timezone?: string | null;
  /** Whether the delay step waits on for the schedule (`extendToSchedule`). */
  extendToSchedule?: boolean;
}

/**
 * Triggers the delay-then-email workflow for `ada` and answers the state, her record, the
 * notification and a copy of its delay job with `change` laid over it.
 *
 * @example
 * ```ts
 * const { data, subscriber, notification } = delayedForAda({ timezone: 'Asia/Tokyo' });
 * ```
 */
export function delayedForAda(options: DelayedForAdaOptions = {}) {
  const engine = createMockEngine({
    clockStart: '2026-01-01T00:00:00.000Z',
    seed: {
      subscribers: [
        {
          subscriberId: 'ada',
          email: 'ada@example.com',
          ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
        },
      ],
      workflows: [
        {
          workflowId: 'wait',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: {
                type: 'regular',
                amount: 1,
                unit: 'days',
                ...(options.extendToSchedule === true ? { extendToSchedule: true } : {}),
              },
            },
            { type: 'email', name: 'Email', controlValues: { subject: 'Hi', body: 'Hello' } },
          ],
        },
      ],
      preferences:
        options.schedule === null
          ? []
          : [{ subscriberId: 'ada', schedule: options.schedule ?? officeHours('thursday') }],
    },
  });
  const { data } = contextOf(engine);
  engine.operations['events.trigger'](contextOf(engine), {
    body: { name: 'wait', to: 'ada', payload: {} },
  });
  const subscriber = data.subscribers.get('ada');
  const notification = data.notifications[0];
  const delay = notification?.jobs[0];
  if (subscriber === undefined || notification === undefined || delay === undefined) {
    throw new Error('not seeded');
  }
  const job = (change: Partial<JobRecord> = {}): JobRecord => ({ ...delay, ...change });
  return { data, subscriber, notification, job };
}
