/**
 * Delay steps: when a delayed job resumes, for a regular delay (`amount` + `unit`), a scheduled
 * delay (`delayPath` into the payload) or a cron delay (`cron`).
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
  readonly cron?: unknown;
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
 * ```
 */
export function delayUntil(
  settings: DelaySettings,
  { now, payload, timezone }: { now: number; payload: JsonObject; timezone?: string },
): DelayOutcome {
  const type = settings.type ?? 'regular';
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
  const { amount, unit } = settings;
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
