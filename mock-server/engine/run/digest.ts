/**
 * Digest steps: when a digest window closes (regular, backoff, timed or cron), whether a backoff
 * digest lets the event through alone, and which digest an event joins (`digestKey`).
 *
 * @module
 */

import { Cron } from 'croner';
import type { JsonObject } from '../../../src/schemas/common';
import { readPath } from '../policy/paths';
import { addTime, isTimeUnit } from '../store/durations';
import { wallTime, zonedInstant } from './zoned-time';

/** The timed-digest schedule (`metadata.timed`). */
export interface DigestTimedSettings {
  readonly atTime?: string;
  readonly weekDays?: readonly string[];
  readonly monthDays?: readonly (string | number)[];
  readonly ordinal?: string;
  readonly ordinalValue?: string;
  readonly monthlyType?: string;
  readonly cronExpression?: string;
}

/** A digest step's settings (its metadata or control values). */
export interface DigestSettings {
  readonly type?: string;
  readonly amount?: number;
  readonly unit?: string;
  readonly digestKey?: string;
  readonly backoff?: boolean;
  readonly backoffAmount?: number;
  readonly backoffUnit?: string;
  readonly timed?: DigestTimedSettings;
  /** Cron expression of a timed digest (control values form). */
  readonly cron?: string;
}

/**
 * The month days of a timed digest as numbers (step metadata gives them as strings; the service's
 * job schema stores numbers). Values that are not whole numbers are left out: no day matches them.
 */
export function monthDayNumbers(monthDays: readonly (string | number)[]): number[] {
  return monthDays.map(Number).filter((day) => Number.isInteger(day));
}

/** Raised for digest settings the runtime cannot schedule. */
export class DigestConfigurationError extends Error {
  override name = 'DigestConfigurationError';
}

const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Looking further than this for a timed occurrence means the schedule can never match. */
const MAX_DAYS_AHEAD = 366 * 5;

function parseAtTime(atTime: string | undefined): { hour: number; minute: number } {
  if (atTime === undefined || atTime === '') return { hour: 0, minute: 0 };
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?$/i.exec(atTime.trim());
  if (match === null) throw new DigestConfigurationError(`Invalid digest atTime: ${atTime}`);
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59)
    throw new DigestConfigurationError(`Invalid digest atTime: ${atTime}`);
  return { hour, minute };
}

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a calendar day matches the `on` monthly rule (`ordinal` + `ordinalValue`). */
function matchesOrdinal(
  year: number,
  month: number,
  day: number,
  timed: DigestTimedSettings,
): boolean {
  const value = timed.ordinalValue ?? 'day';
  const isMatch = (d: number): boolean => {
    const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
    if (value === 'day') return true;
    if (value === 'weekday') return weekday >= 1 && weekday <= 5;
    if (value === 'weekend') return weekday === 0 || weekday === 6;
    return WEEK_DAYS[weekday] === value;
  };
  if (!isMatch(day)) return false;
  const matching: number[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d++) if (isMatch(d)) matching.push(d);
  const ordinal = timed.ordinal ?? '1';
  if (ordinal === 'last') return matching[matching.length - 1] === day;
  return matching[Number(ordinal) - 1] === day;
}

function dayMatches(
  year: number,
  month: number,
  day: number,
  unit: string,
  timed: DigestTimedSettings,
): boolean {
  if (unit === 'weeks' || (timed.weekDays?.length ?? 0) > 0) {
    const weekday = WEEK_DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
    if ((timed.weekDays ?? []).length > 0) return (timed.weekDays ?? []).includes(weekday);
  }
  if (unit === 'months') {
    if (timed.monthlyType === 'on') return matchesOrdinal(year, month, day, timed);
    const days = monthDayNumbers(timed.monthDays ?? []);
    return days.length === 0 ? day === 1 : days.includes(day);
  }
  return true;
}

function nextTimedOccurrence(settings: DigestSettings, from: number, timeZone: string): number {
  const timed = settings.timed ?? {};
  const unit = settings.unit ?? 'days';
  if (unit === 'seconds' || unit === 'minutes' || unit === 'hours') {
    return addTime(from, settings.amount ?? 1, unit);
  }
  const { hour, minute } = parseAtTime(timed.atTime);
  const start = wallTime(from, timeZone);
  for (let offset = 0; offset <= MAX_DAYS_AHEAD; offset++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!dayMatches(year, month, day, unit, timed)) continue;
    const at = zonedInstant(year, month, day, hour, minute, timeZone);
    if (at > from) return at;
  }
  throw new DigestConfigurationError('The timed digest schedule never matches a day');
}

/**
 * When a digest window opened at `from` closes:
 * - regular/backoff: `amount` `unit` after `from`;
 * - timed: the next occurrence after `from` of the schedule (`cronExpression`/`cron`, or `atTime`
 *   on every day, on `weekDays`, on `monthDays`, or on the `ordinal` `ordinalValue` of the month),
 *   in the subscriber's `timezone` when given, else UTC.
 *
 * @throws DigestConfigurationError for settings that cannot be scheduled.
 */
export function digestWindowEnd(
  settings: DigestSettings,
  from: number,
  options: { timezone?: string | undefined } = {},
): number {
  const timeZone = options.timezone ?? 'UTC';
  const cron = settings.timed?.cronExpression ?? settings.cron;
  if (typeof cron === 'string' && cron.trim() !== '') {
    let next: Date | null;
    try {
      next = new Cron(cron, { timezone: timeZone }).nextRun(new Date(from));
    } catch (error) {
      throw new DigestConfigurationError(
        `Invalid digest cron expression ${cron}: ${(error as Error).message}`,
      );
    }
    if (next === null)
      throw new DigestConfigurationError(`The digest cron ${cron} never runs again`);
    return next.getTime();
  }
  if (settings.type === 'timed') return nextTimedOccurrence(settings, from, timeZone);
  const { amount, unit } = settings;
  // The service's `validateDigest` texts, amount first: it refuses a missing or zero amount only.
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount === 0) {
    throw new DigestConfigurationError('Invalid digest amount');
  }
  if (!isTimeUnit(unit)) throw new DigestConfigurationError('Invalid digest unit');
  // A negative amount is queued with a negative delay, which its queue runs at once.
  return amount < 0 ? from : addTime(from, amount, unit);
}

/** Whether the settings describe a backoff digest (`type: 'backoff'` or `backoff: true`). */
export function isBackoffDigest(settings: DigestSettings): boolean {
  return settings.type === 'backoff' || settings.backoff === true;
}

/**
 * For a backoff digest: `true` when the event goes through alone because no event for the same
 * digest arrived in the backoff window before `now` (`backoffAmount` `backoffUnit`, defaulting to
 * the digest's `amount` `unit`). Always `false` for other digests.
 */
export function passesBackoff(
  settings: DigestSettings,
  now: number,
  lastEventAt: number | undefined,
): boolean {
  if (!isBackoffDigest(settings)) return false;
  if (lastEventAt === undefined) return true;
  const amount = settings.backoffAmount ?? settings.amount;
  const unit = settings.backoffUnit ?? settings.unit;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || !isTimeUnit(unit)) {
    throw new DigestConfigurationError(
      `A backoff digest needs a positive backoffAmount and a backoffUnit, got ${JSON.stringify({ amount, unit })}`,
    );
  }
  return addTime(lastEventAt, amount, unit) < now;
}

/** The digest value the service records for an event whose key has no value. */
export const NO_DIGEST_VALUE = 'No-Value-Provided';

/** The digest key the service records on a digest job whose step names none. */
export const NO_DIGEST_KEY = 'No-Key-Provided';

/**
 * The value of the digest key for an event (`digestKey` is a dotted path into the payload, with
 * or without a `payload.` prefix; `subscriber.` paths read the subscriber). `undefined` when the
 * step has no key (one digest per subscriber, workflow and step).
 */
export function digestKeyValue(
  settings: DigestSettings,
  variables: { payload: JsonObject; subscriber?: JsonObject },
): string | undefined {
  const key = settings.digestKey?.trim();
  if (key === undefined || key === '') return undefined;
  const value = key.startsWith('subscriber.')
    ? readPath(variables.subscriber ?? {}, key.slice('subscriber.'.length))
    : readPath(variables.payload, key.replace(/^payload\./, ''));
  // As the service stores it: a missing or falsy value (`0`, `false`, `''`) is `No-Value-Provided`,
  // so those events share one digest (docs/behaviour/runs.md#time-steps).
  if (!value) return NO_DIGEST_VALUE;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The identity of the digest an event joins: subscriber, workflow, step and digest key value. */
export function digestGroupKey(parts: {
  subscriberId: string;
  workflowId: string;
  stepId: string;
  keyValue: string | undefined;
}): string {
  return JSON.stringify([
    parts.subscriberId,
    parts.workflowId,
    parts.stepId,
    parts.keyValue ?? null,
  ]);
}
