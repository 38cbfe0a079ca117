/**
 * The subscriber's delivery schedule at run time (docs/behaviour/runs.md#delivery-schedule): a
 * step that would deliver outside the schedule of the subscriber's global preference is canceled
 * with the service's detail, and the run goes on with the next step.
 *
 * The window test follows the service's own rules, quirks included: times are `hh:mm AM|PM`
 * compared to the minute with both ends inside; a range whose end is before its start runs over
 * midnight; the previous day is looked at only when one of its ranges runs over midnight, and
 * then all of its ranges are tried.
 *
 * @module
 */

import { storedSchedule } from '../resources/preferences';
import type {
  EnvironmentData,
  NotificationRecord,
  PreferenceScheduleRecord,
  SubscriberRecord,
} from '../store/state';
import { DETAILS, type DetailText } from './detail-texts';
import { isTimeZone, wallTime } from './zoned-time';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Step types the schedule never holds back: in-app messages always arrive, and delays and
 * digests finish their own work (the service's list also has its trigger and HTTP steps).
 */
const EXEMPT_STEP_TYPES: ReadonlySet<string> = new Set(['in_app', 'delay', 'digest']);

/** What the schedule check decided for one step. */
export type ScheduleVerdict =
  | { send: true }
  | { send: false; detail: DetailText; raw: Record<string, unknown> };

/** Minutes since midnight of `hh:mm AM|PM`; `NaN` (never in a range) for other text. */
function minutesOf(text: string): number {
  const [time = '', period] = text.split(' ');
  const [hours = Number.NaN, minutes = Number.NaN] = time.split(':').map(Number);
  let total = hours * 60 + minutes;
  if (period === 'PM' && hours !== 12) total += 12 * 60;
  else if (period === 'AM' && hours === 12) total = minutes;
  return total;
}

function inRange(minute: number, range: { start: string; end: string }): boolean {
  const start = minutesOf(range.start);
  const end = minutesOf(range.end);
  if (end < start) return minute >= start || minute <= end;
  return minute >= start && minute <= end;
}

/**
 * Whether instant `at` falls inside `schedule` for a subscriber in `timeZone` (UTC when
 * omitted). No schedule, a disabled one or one without `weeklySchedule` lets everything through;
 * an unknown zone lets nothing through, as the service's date library then yields no day.
 */
export function isWithinSchedule(
  schedule: PreferenceScheduleRecord | undefined,
  at: number,
  timeZone?: string,
): boolean {
  const weekly = schedule?.weeklySchedule;
  if (!schedule?.isEnabled || weekly === undefined) return true;
  if (timeZone !== undefined && !isTimeZone(timeZone)) return false;
  const wall = wallTime(at, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const today = DAYS[wall.weekday] as string;
  const days = [today];
  const yesterday = weekly[DAYS[(wall.weekday + 6) % 7] as string];
  if (
    yesterday?.isEnabled &&
    yesterday.hours?.some((range) => minutesOf(range.end) < minutesOf(range.start))
  ) {
    days.push(DAYS[(wall.weekday + 6) % 7] as string);
  }
  return days.some((day) => {
    const hours = weekly[day]?.isEnabled ? weekly[day]?.hours : undefined;
    return hours?.some((range) => inRange(minute, range)) === true;
  });
}

/**
 * Judges a step against the subscriber's delivery schedule (stored on the global preference of
 * the trigger's context, else the default one) at instant `at`: in-app, delay and digest steps and critical notifications always run; any
 * other step outside the schedule is skipped with the service's detail.
 */
export function judgeSchedule(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  notification: NotificationRecord,
  stepType: string,
  at: number,
): ScheduleVerdict {
  if (EXEMPT_STEP_TYPES.has(stepType) || notification.critical) return { send: true };
  const schedule = storedSchedule(data, subscriber, notification.contextKeys);
  const timeZone = typeof subscriber.timezone === 'string' ? subscriber.timezone : undefined;
  if (isWithinSchedule(schedule, at, timeZone)) return { send: true };
  return {
    send: false,
    detail: DETAILS.stepSkippedOutsideSchedule,
    raw: {
      schedule: structuredClone(schedule),
      ...(timeZone === undefined ? {} : { timezone: timeZone }),
    },
  };
}
