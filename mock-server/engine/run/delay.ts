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
import { DETAILS, type DetailText } from './detail-texts';
import { addTime, isTimeUnit } from './durations';
import { readPath } from './paths';

/** The delay settings a step carries (metadata or control values). */
export interface DelaySettings {
  readonly type?: string;
  readonly amount?: unknown;
  readonly unit?: unknown;
  readonly delayPath?: unknown;
  readonly dynamicKey?: unknown;
  readonly cron?: unknown;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A dynamic delay, read as the service reads it: `dynamicKey` is a path from the trigger's root
 * (`payload.sendAt`), its value an ISO 8601 date in the future or `{ amount, unit }`; each bad
 * value fails with the service's text.
 */
function dynamicDelay(dynamicKey: unknown, payload: JsonObject, now: number): DelayOutcome {
  if (typeof dynamicKey !== 'string' || dynamicKey === '') {
    return invalid('Dynamic delay key not found');
  }
  const value = readPath({ payload }, dynamicKey);
  if (value === undefined || value === null || value === '' || value === 0 || value === false) {
    return invalid(`Dynamic delay key '${dynamicKey}' not found in payload`);
  }
  if (typeof value === 'string' && ISO_8601.test(value) && Number.isFinite(Date.parse(value))) {
    const at = Date.parse(value);
    if (at < now) return invalid(`Dynamic delay timestamp '${value}' must be a future date`);
    if (at === now) return invalid('Dynamic delay must be in the future. durationMs: 0');
    return { ok: true, resumeAt: at };
  }
  if (typeof value === 'object' && !Array.isArray(value) && 'unit' in value && 'amount' in value) {
    const { amount, unit } = value as { amount: unknown; unit: unknown };
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
      return invalid(`Invalid amount '${String(amount)}' in dynamic delay`);
    }
    if (!isTimeUnit(unit)) return invalid(`Invalid time unit '${String(unit)}' in dynamic delay`);
    if (amount === 0) return invalid('Dynamic delay must be in the future. durationMs: 0');
    return { ok: true, resumeAt: addTime(now, amount, unit) };
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

/** When the delayed job resumes, or why it cannot be delayed. */
export type DelayOutcome =
  | { readonly ok: true; readonly resumeAt: number }
  | { readonly ok: false; readonly detail: DetailText; readonly reason: string };

const invalid = (reason: string): DelayOutcome => ({
  ok: false,
  detail: DETAILS.delayMisconfiguration,
  reason,
});

/**
 * The service's message when a scheduled delay's payload key is missing or not an ISO date
 * (`payload is missing required key(s) and type(s): sendAt (ISO Date)`); `undefined` when fine.
 *
 * @example
 * ```ts
 * scheduledDelayIssue('sendAt', {}); // 'payload is missing required key(s) and type(s): sendAt (ISO Date)'
 * ```
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
 * When a delay that starts at `now` ends. Bad settings give the service's
 * `Invalid delay configuration` detail with the reason.
 *
 * @example
 * ```ts
 * delayUntil({ type: 'regular', amount: 5, unit: 'minutes' }, { now: 0, payload: {} });
 * // { ok: true, resumeAt: 300000 }
 * delayUntil({ type: 'scheduled', delayPath: 'sendAt' }, { now: 0, payload: { sendAt: '2026-02-01T00:00:00Z' } });
 * delayUntil({ type: 'dynamic', dynamicKey: 'payload.wait' }, { now: 0, payload: { wait: { amount: 1, unit: 'hours' } } });
 * // { ok: true, resumeAt: 3600000 }
 * ```
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
      return invalid('A scheduled delay needs a delayPath');
    }
    const issue = scheduledDelayIssue(settings.delayPath, payload);
    if (issue !== undefined) return invalid(issue);
    const at = Date.parse(String(readPath(payload, settings.delayPath.replace(/^payload\./, ''))));
    if (at < now) {
      return invalid(`Delay date at path ${settings.delayPath} must be a future date`);
    }
    return { ok: true, resumeAt: at };
  }
  if (typeof settings.cron === 'string' && settings.cron.trim() !== '') {
    try {
      const next = new Cron(settings.cron, { timezone: timezone ?? 'UTC' }).nextRun(new Date(now));
      if (next === null) return invalid(`The cron expression ${settings.cron} never runs again`);
      return { ok: true, resumeAt: next.getTime() };
    } catch (error) {
      return invalid(`Invalid cron expression ${settings.cron}: ${(error as Error).message}`);
    }
  }
  const { amount, unit } = delayOverride(overrides) ?? settings;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
    return invalid(`The delay amount must be a positive number, got ${JSON.stringify(amount)}`);
  }
  if (!isTimeUnit(unit)) {
    return invalid(
      `The delay unit must be seconds, minutes, hours, days, weeks or months, got ${JSON.stringify(unit)}`,
    );
  }
  return { ok: true, resumeAt: addTime(now, amount, unit) };
}
