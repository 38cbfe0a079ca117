/**
 * Delay steps: when a delayed job resumes, for a regular delay (`amount` + `unit`, which the
 * trigger's `overrides.delay` replaces), a scheduled delay (`delayPath` into the payload), a
 * dynamic delay (`dynamicKey` naming an ISO date or an `{ amount, unit }` in the trigger) or a
 * cron delay (`cron`).
 *
 * @module
 */

import { Cron } from 'croner';
import type { JsonObject } from '../../../src/schemas/common';
import { readPath } from '../policy/paths';
import { addTime, isIsoTimestamp, isoInstant, isTimeUnit } from '../store/durations';
import { DETAILS } from './detail-texts';
import { misconfiguredStep, type TimeStepFailure, uncaughtStepError } from './time-step-failure';

/** The delay settings a step carries (metadata or control values). */
export interface DelaySettings {
  readonly type?: string;
  readonly amount?: unknown;
  readonly unit?: unknown;
  readonly delayPath?: unknown;
  readonly dynamicKey?: unknown;
  readonly cron?: unknown;
}

/** When the delayed job resumes (at or before now: it does not wait), or how the step fails. */
export type DelayOutcome =
  | { readonly ok: true; readonly resumeAt: number }
  | { readonly ok: false; readonly failure: TimeStepFailure };

const invalid = (error: string): DelayOutcome => ({ ok: false, failure: misconfiguredStep(error) });

/**
 * The service's check of a dynamic delay's duration (`validateDynamicDuration`): none left fails
 * with a first `Invalid delay configuration` of its own, then the caught error's.
 */
function dynamicDuration(durationMs: number, now: number): DelayOutcome {
  if (durationMs > 0) return { ok: true, resumeAt: now + durationMs };
  return {
    ok: false,
    failure: misconfiguredStep(`Dynamic delay must be in the future. durationMs: ${durationMs}`, [
      { detail: DETAILS.delayMisconfiguration, raw: { error: 'delay must be in the future' } },
    ]),
  };
}

/**
 * A dynamic delay, read as the service reads it: `dynamicKey` is a path from the trigger's root
 * (`payload.sendAt`), its value an ISO 8601 timestamp in the future or `{ amount, unit }`; each
 * bad value fails with the service's text.
 */
function dynamicDelay(dynamicKey: unknown, payload: JsonObject, now: number): DelayOutcome {
  if (typeof dynamicKey !== 'string' || dynamicKey === '') {
    return invalid('Dynamic delay key not found');
  }
  const value = readPath({ payload }, dynamicKey);
  if (!value) return invalid(`Dynamic delay key '${dynamicKey}' not found in payload`);
  if (isIsoTimestamp(value)) {
    const durationMs = isoInstant(value) - now;
    if (durationMs < 0) return invalid(`Dynamic delay timestamp '${value}' must be a future date`);
    return dynamicDuration(durationMs, now);
  }
  if (typeof value === 'object' && !Array.isArray(value) && 'unit' in value && 'amount' in value) {
    const { amount, unit } = value as { amount: unknown; unit: unknown };
    if (typeof amount !== 'number' || amount < 0) {
      return invalid(`Invalid amount '${String(amount)}' in dynamic delay`);
    }
    if (!isTimeUnit(unit)) return invalid(`Invalid time unit '${String(unit)}' in dynamic delay`);
    return dynamicDuration(addTime(now, amount, unit) - now, now);
  }
  return invalid(
    `Dynamic delay value '${JSON.stringify(value)}' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
  );
}

/** The trigger's `overrides.delay` when it is `{ amount: number, unit: <time unit> }`. */
function delayOverride(overrides: JsonObject | undefined) {
  const delay = overrides?.['delay'];
  if (delay === null || typeof delay !== 'object' || Array.isArray(delay)) return undefined;
  const { amount, unit } = delay as { amount?: unknown; unit?: unknown };
  return typeof amount === 'number' && isTimeUnit(unit) ? { amount, unit } : undefined;
}

/**
 * A fixed delay as the service computes it: no amount (or not a number) is no wait, a unit it
 * does not know counts as seconds, and an amount of 0 or less ends at once.
 */
function fixedDelay(amount: unknown, unit: unknown, now: number): DelayOutcome {
  const length = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  const known = isTimeUnit(unit) ? unit : 'seconds';
  if (length <= 0) return { ok: true, resumeAt: now - (addTime(now, -length, known) - now) };
  return { ok: true, resumeAt: addTime(now, length, known) };
}

/**
 * The service's message when a scheduled delay's payload key is missing or not an ISO date
 * (`payload is missing required key(s) and type(s): sendAt (ISO Date)`); `undefined` when fine.
 */
export function scheduledDelayIssue(delayPath: string, payload: JsonObject): string | undefined {
  const value = readPath(payload, delayPath.replace(/^payload\./, ''));
  if (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(value) &&
    Number.isFinite(Date.parse(value))
  ) {
    return undefined;
  }
  return `payload is missing required key(s) and type(s): ${delayPath} (ISO Date)`;
}

/**
 * When a delay that starts at `now` ends, as the service's add-job and wait-duration computation
 * read it. A `resumeAt` at or before `now` does not wait. Failures carry the service's details
 * (`Invalid delay configuration` with `{ error }`), or none for an unreadable cron, which the
 * service's add-job does not catch.
 */
export function delayUntil(
  settings: DelaySettings,
  {
    now,
    payload,
    timezone,
    overrides,
  }: { now: number; payload: JsonObject; timezone?: string; overrides?: JsonObject },
): DelayOutcome {
  const type = settings.type ?? 'regular';
  if (type === 'dynamic') return dynamicDelay(settings.dynamicKey, payload, now);
  if (type === 'scheduled') {
    if (typeof settings.delayPath !== 'string' || settings.delayPath === '') {
      return invalid('Delay path not found');
    }
    const issue = scheduledDelayIssue(settings.delayPath, payload);
    if (issue !== undefined) return invalid(issue);
    const at = Date.parse(String(readPath(payload, settings.delayPath.replace(/^payload\./, ''))));
    if (at < now) return invalid('Delay date at path must be a future date');
    return { ok: true, resumeAt: at };
  }
  if (typeof settings.cron === 'string' && settings.cron.trim() !== '') {
    try {
      const next = new Cron(settings.cron, { timezone: timezone ?? 'UTC' }).nextRun(new Date(now));
      if (next === null) {
        return {
          ok: false,
          failure: uncaughtStepError(`The cron expression ${settings.cron} never runs again`),
        };
      }
      return { ok: true, resumeAt: next.getTime() };
    } catch (error) {
      return {
        ok: false,
        failure: uncaughtStepError(
          `Invalid cron expression ${settings.cron}: ${(error as Error).message}`,
        ),
      };
    }
  }
  const { amount, unit } = delayOverride(overrides) ?? settings;
  return fixedDelay(amount, unit, now);
}
