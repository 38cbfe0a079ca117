// The rules of delay steps at run time (docs/behaviour/runs.md#time-steps): the trigger's delay
// override, a fixed delay's edge amounts, the scheduled delay's path and date checks, the dynamic
// delay's key and value checks, and the cron delay's zone and failures.
import { describe, expect, it } from 'vitest';
import { delayUntil, scheduledDelayIssue } from '../../../mock-server/engine/run/delay';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';

/** The service's `handleStepValidationError`: `Invalid delay configuration` with `{ error }`. */
const misconfigured = (error: string) => ({
  ok: false,
  failure: { details: [{ detail: DETAILS.delayMisconfiguration, raw: { error } }], error },
});
/** An error the service's add-job does not catch: the job fails with no detail. */
const uncaught = (error: string) => ({ ok: false, failure: { details: [], error } });

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-01-01T10:00:00.000Z'); // a Thursday
const MINUTE = 60_000;

describe('delay: the trigger override', () => {
  const fiveMinutes = { type: 'regular', amount: 5, unit: 'minutes' };
  const until = (overrides?: Record<string, unknown>) =>
    delayUntil(fiveMinutes, {
      now: NOW,
      payload: {},
      ...(overrides === undefined ? {} : { overrides: overrides as never }),
    });

  it('replaces the amount and unit when overrides.delay is { amount: number, unit }', () => {
    expect(until({ delay: { amount: 2, unit: 'hours' } })).toStrictEqual({
      ok: true,
      resumeAt: NOW + 2 * 60 * MINUTE,
    });
  });

  it("keeps the step's own delay without overrides or without overrides.delay", () => {
    const own = { ok: true, resumeAt: NOW + 5 * MINUTE };
    expect(until()).toStrictEqual(own);
    expect(until({})).toStrictEqual(own);
    expect(until({ delay: null })).toStrictEqual(own);
    expect(until({ delay: 'soon' })).toStrictEqual(own);
  });

  it('ignores an override whose amount is not a number or whose unit is unknown', () => {
    const own = { ok: true, resumeAt: NOW + 5 * MINUTE };
    expect(until({ delay: { amount: '2', unit: 'hours' } })).toStrictEqual(own);
    expect(until({ delay: { amount: 2, unit: 'ages' } })).toStrictEqual(own);
    expect(until({ delay: { unit: 'hours' } })).toStrictEqual(own);
  });
});

describe('delay: a fixed delay', () => {
  const until = (settings: Record<string, unknown>) =>
    delayUntil(settings, { now: NOW, payload: {} });

  it('counts an amount that is not a finite number as no wait', () => {
    expect(until({ amount: Number.NaN, unit: 'minutes' })).toStrictEqual({
      ok: true,
      resumeAt: NOW,
    });
    expect(until({ amount: Number.POSITIVE_INFINITY, unit: 'minutes' })).toStrictEqual({
      ok: true,
      resumeAt: NOW,
    });
  });

  it('is regular without a type', () => {
    expect(until({ amount: 3, unit: 'seconds' })).toStrictEqual({
      ok: true,
      resumeAt: NOW + 3_000,
    });
  });

  it('ends a negative amount that far before now, in the step unit', () => {
    expect(until({ amount: -3, unit: 'hours' })).toStrictEqual({
      ok: true,
      resumeAt: NOW - 3 * 60 * MINUTE,
    });
    expect(until({ amount: -3, unit: 'ages' })).toStrictEqual({ ok: true, resumeAt: NOW - 3_000 });
  });
});

describe('delay: a scheduled delay', () => {
  const scheduled = (delayPath: unknown, payload: Record<string, unknown>) =>
    delayUntil({ type: 'scheduled', delayPath }, { now: NOW, payload: payload as never });

  it('reads the path with or without a leading payload.', () => {
    const payload = { sendAt: '2026-01-02T08:00:00.000Z' };
    expect(scheduled('payload.sendAt', payload)).toStrictEqual({
      ok: true,
      resumeAt: at('2026-01-02T08:00:00.000Z'),
    });
    expect(scheduled('meta.sendAt', { meta: payload })).toStrictEqual({
      ok: true,
      resumeAt: at('2026-01-02T08:00:00.000Z'),
    });
  });

  it('strips payload. only at the start of the path', () => {
    const payload = { meta: { payload: { sendAt: '2026-01-02T08:00:00.000Z' } } };
    expect(scheduled('meta.payload.sendAt', payload)).toStrictEqual({
      ok: true,
      resumeAt: at('2026-01-02T08:00:00.000Z'),
    });
    expect(scheduledDelayIssue('meta.payload.sendAt', { meta: { sendAt: '2026-01-02' } })).toBe(
      'payload is missing required key(s) and type(s): meta.payload.sendAt (ISO Date)',
    );
  });

  it('fails a path that is not a non-empty string with Delay path not found', () => {
    expect(scheduled(5, { sendAt: '2026-01-02T08:00:00.000Z' })).toStrictEqual(
      misconfigured('Delay path not found'),
    );
    expect(scheduled('', { sendAt: '2026-01-02T08:00:00.000Z' })).toStrictEqual(
      misconfigured('Delay path not found'),
    );
  });

  it('resumes at once on a date that is now, and fails one a millisecond before', () => {
    expect(scheduled('sendAt', { sendAt: '2026-01-01T10:00:00.000Z' })).toStrictEqual({
      ok: true,
      resumeAt: NOW,
    });
    expect(scheduled('sendAt', { sendAt: '2026-01-01T09:59:59.999Z' })).toStrictEqual(
      misconfigured('Delay date at path must be a future date'),
    );
  });

  it('takes a value starting yyyy-mm-dd that the date parser reads, nothing else', () => {
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-01-02' })).toBeUndefined();
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-01-02T08:00:00+02:00' })).toBeUndefined();
    const missing = 'payload is missing required key(s) and type(s): sendAt (ISO Date)';
    // The date parser reads these, but they do not start with yyyy-mm-dd.
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-1-2' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-01-2' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-1-02' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: ' 2026-01-02' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: 'Jan 2 2026' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: '026-01-02' })).toBe(missing);
    // These start with yyyy-mm-dd, but the date parser cannot read them.
    expect(scheduledDelayIssue('sendAt', { sendAt: '2026-13-45' })).toBe(missing);
    expect(scheduledDelayIssue('sendAt', { sendAt: 1767348000000 })).toBe(missing);
    // A list that holds a date is not a date.
    expect(scheduledDelayIssue('sendAt', { sendAt: ['2026-01-02T08:00:00Z'] })).toBe(missing);
  });
});

describe('delay: a dynamic delay', () => {
  const dynamic = (dynamicKey: unknown, wakeAt?: unknown) =>
    delayUntil(
      { type: 'dynamic', dynamicKey },
      { now: NOW, payload: wakeAt === undefined ? {} : ({ wakeAt } as never) },
    );

  it('fails a key that is missing or not a string with Dynamic delay key not found', () => {
    expect(dynamic(undefined, '2026-01-02T00:00:00Z')).toStrictEqual(
      misconfigured('Dynamic delay key not found'),
    );
    expect(dynamic(5, '2026-01-02T00:00:00Z')).toStrictEqual(
      misconfigured('Dynamic delay key not found'),
    );
  });

  it('reads an object as a duration only with both unit and amount', () => {
    expect(dynamic('payload.wakeAt', { unit: 'minutes' })).toStrictEqual(
      misconfigured(
        `Dynamic delay value '{"unit":"minutes"}' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
      ),
    );
  });

  it('fails a list as a value in no valid format', () => {
    expect(dynamic('payload.wakeAt', [1, 'minutes'])).toStrictEqual(
      misconfigured(
        `Dynamic delay value '[1,"minutes"]' is not a valid format. Expected ISO-8601 timestamp or duration object { amount: number, unit: string }`,
      ),
    );
  });

  it('waits { amount, unit } from now, in calendar months for months', () => {
    expect(dynamic('payload.wakeAt', { amount: 1, unit: 'months' })).toStrictEqual({
      ok: true,
      resumeAt: at('2026-02-01T10:00:00.000Z'),
    });
    expect(dynamic('payload.wakeAt', { amount: 1.5, unit: 'seconds' })).toStrictEqual({
      ok: true,
      resumeAt: NOW + 1_500,
    });
  });

  it('waits until a timestamp one millisecond ahead', () => {
    expect(dynamic('payload.wakeAt', '2026-01-01T10:00:00.001Z')).toStrictEqual({
      ok: true,
      resumeAt: NOW + 1,
    });
  });
});

describe('delay: a cron delay', () => {
  const cron = (expression: unknown, timezone?: string) =>
    delayUntil(
      { cron: expression, amount: 2, unit: 'minutes' },
      { now: NOW, payload: {}, ...(timezone === undefined ? {} : { timezone }) },
    );

  it("runs the cron in the subscriber's zone, UTC without one", () => {
    expect(cron('0 9 * * *', 'America/New_York')).toStrictEqual({
      ok: true,
      resumeAt: at('2026-01-01T14:00:00.000Z'),
    });
    expect(cron('0 9 * * *')).toStrictEqual({ ok: true, resumeAt: at('2026-01-02T09:00:00.000Z') });
  });

  it("reads a cron without a zone in UTC, whatever the host's zone", () => {
    const hostZone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    try {
      expect(cron('0 9 * * *')).toStrictEqual({
        ok: true,
        resumeAt: at('2026-01-02T09:00:00.000Z'),
      });
    } finally {
      if (hostZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = hostZone;
    }
  });

  it('falls back to the fixed delay when the cron is blank or not a string', () => {
    expect(cron('   ')).toStrictEqual({ ok: true, resumeAt: NOW + 2 * MINUTE });
    expect(cron('')).toStrictEqual({ ok: true, resumeAt: NOW + 2 * MINUTE });
    expect(cron(5)).toStrictEqual({ ok: true, resumeAt: NOW + 2 * MINUTE });
  });

  it('fails an unreadable cron with the parser message and no detail', () => {
    expect(cron('not cron')).toStrictEqual(
      uncaught(
        "Invalid cron expression not cron: CronPattern: invalid configuration format ('not cron'), exactly five or six space separated parts are required.",
      ),
    );
  });

  it('fails a cron that never runs again with no detail', () => {
    expect(cron('2025-01-01T00:00:00Z')).toStrictEqual(
      uncaught('The cron expression 2025-01-01T00:00:00Z never runs again'),
    );
  });
});
