/**
 * `extendToSchedule` on delay and digest steps (docs/behaviour/runs.md#extending-to-the-schedule):
 * when a delay ends or a digest window closes outside the subscriber's delivery schedule and the
 * step asks for it, the step waits on until the next time the schedule allows, at most
 * {@link MAX_SCHEDULE_EXTENSIONS} times, as the service's worker does.
 *
 * The next time follows the service's own search, quirks included: it looks from yesterday
 * (overnight ranges) to a week ahead, takes each day's ranges in the order they are stored, and
 * answers the start of the first range that begins after now (any range on a later day); a time
 * the schedule cannot place means no extension.
 *
 * @module
 */

import { storedSchedule } from '../resources/preferences';
import type {
  EnvironmentData,
  JobRecord,
  NotificationRecord,
  PreferenceScheduleRecord,
  SubscriberRecord,
} from '../store/state';
import { DETAILS, type DetailText } from './detail-texts';
import { isWithinSchedule } from './schedule';
import { isTimeZone, wallTime, zonedInstant } from './zoned-time';

/** How many times one step may be extended; the service's worker holds the same cap. */
export const MAX_SCHEDULE_EXTENSIONS = 3;

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the extension check decided for a delay or digest that is about to finish. */
export type ExtensionVerdict =
  /** Finish now: not asked for, inside the schedule, critical, or no later time found. */
  | { readonly kind: 'finish' }
  /** The cap is reached: write the detail, then finish now. */
  | { readonly kind: 'capped'; readonly detail: DetailText }
  /** Wait on until `resumeAt`, with the detail and its raw. */
  | {
      readonly kind: 'extend';
      readonly resumeAt: number;
      readonly count: number;
      readonly detail: DetailText;
      readonly raw: Record<string, unknown>;
    };

/** `hh:mm AM|PM` as hours and minutes, read as the service reads it (`NaN` when unreadable). */
function clockOf(text: string): { hours: number; minutes: number } {
  const [time = '', period] = text.split(' ');
  const [hours = Number.NaN, minutes = Number.NaN] = time.split(':').map(Number);
  if (period === 'PM' && hours !== 12) return { hours: hours + 12, minutes };
  if (period === 'AM' && hours === 12) return { hours: 0, minutes };
  return { hours, minutes };
}

/**
 * The next instant at or after `at` that `schedule` allows for a subscriber in `timeZone` (UTC
 * when omitted): `at` itself when the schedule is off, `at` lies inside a range, the zone is
 * unknown or nothing is found within a week.
 */
export function nextAvailableTime(
  schedule: PreferenceScheduleRecord | undefined,
  at: number,
  timeZone?: string,
): number {
  if (!schedule?.isEnabled) return at;
  if (timeZone !== undefined && !isTimeZone(timeZone)) return at;
  const zone = timeZone ?? 'UTC';
  // Wall-clock times of the zone, counted as if they were UTC instants.
  const wall = wallTime(at, zone);
  const now =
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) +
    (((at % 1000) + 1000) % 1000);
  for (let dayOffset = -1; dayOffset <= 7; dayOffset++) {
    const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + dayOffset));
    const hours = schedule.weeklySchedule?.[DAYS[day.getUTCDay()] as string];
    if (!hours?.isEnabled || hours.hours === undefined) continue;
    for (const range of hours.hours) {
      const start = clockOf(range.start);
      const end = clockOf(range.end);
      const dayParts = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()] as const;
      const startWall = Date.UTC(...dayParts, start.hours, start.minutes);
      let endWall = Date.UTC(...dayParts, end.hours, end.minutes);
      // A range whose start cannot be read can never be placed: the engine passes over it.
      if (!Number.isFinite(startWall)) continue;
      if (endWall < startWall) endWall += DAY_MS;
      if (dayOffset <= 0 && startWall <= now && now <= endWall) return at;
      if (dayOffset > 0 || startWall > now) {
        const startDate = new Date(startWall);
        return zonedInstant(
          startDate.getUTCFullYear(),
          startDate.getUTCMonth() + 1,
          startDate.getUTCDate(),
          startDate.getUTCHours(),
          startDate.getUTCMinutes(),
          zone,
        );
      }
    }
  }
  return at;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * `yyyy-MM-dd HH:mm:ss zzz` of instant `at` in `timeZone`, the service's form of the next time
 * when the subscriber has a time zone (`2026-01-02 09:00:00 GMT+9`).
 */
export function formatZoned(at: number, timeZone: string): string {
  const wall = wallTime(at, timeZone);
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)} ${zoneName}`;
}

/**
 * Judges a delay or digest job that is about to finish at instant `at`: it is extended when its
 * `extendToSchedule` control is `true`, the workflow is not critical and the subscriber is
 * outside their schedule; past {@link MAX_SCHEDULE_EXTENSIONS} extensions it finishes with the
 * service's cap detail.
 */
export function judgeScheduleExtension(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  notification: NotificationRecord,
  job: JobRecord,
  at: number,
): ExtensionVerdict {
  if (job.type !== 'delay' && job.type !== 'digest') return { kind: 'finish' };
  if (notification.critical || job.step.controlValues['extendToSchedule'] !== true) {
    return { kind: 'finish' };
  }
  const schedule = storedSchedule(data, subscriber, notification.contextKeys);
  const timeZone = typeof subscriber.timezone === 'string' ? subscriber.timezone : undefined;
  if (!schedule?.isEnabled || isWithinSchedule(schedule, at, timeZone)) return { kind: 'finish' };
  const extensions = job.scheduleExtensionsCount ?? 0;
  if (extensions >= MAX_SCHEDULE_EXTENSIONS) {
    return { kind: 'capped', detail: DETAILS.stepMaxScheduleExtensionsReached };
  }
  const resumeAt = nextAvailableTime(schedule, at, timeZone);
  if (resumeAt <= at) return { kind: 'finish' };
  return {
    kind: 'extend',
    resumeAt,
    count: extensions + 1,
    detail: DETAILS.stepExtendedToSchedule,
    raw: {
      delayMs: resumeAt - at,
      nextAvailableTime:
        timeZone === undefined ? new Date(resumeAt).toISOString() : formatZoned(resumeAt, timeZone),
      ...(timeZone === undefined ? {} : { timezone: timeZone }),
      schedule: structuredClone(schedule),
      scheduleExtensionsCount: extensions + 1,
      maxScheduleExtensions: MAX_SCHEDULE_EXTENSIONS,
    },
  };
}
