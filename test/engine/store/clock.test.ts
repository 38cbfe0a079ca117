// The clock's range and date reading (mock-server/engine/store/clock.ts, docs/virtual-clock.md):
// which times it holds, at both edges, and the exact errors for what it cannot read or hold.
import { describe, expect, it } from 'vitest';
import {
  CLOCK_MAX_MS,
  CLOCK_MIN_MS,
  CLOCK_RANGE,
  checkClockTime,
  formatClockTime,
  isClockTime,
  toClockTime,
} from '../../../mock-server/engine/store/clock';

/** The error `action` throws, as `Name: message`. */
function thrown(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return 'nothing thrown';
}

describe('isClockTime', () => {
  it('holds the first and last instants of the range, and nothing beyond them', () => {
    expect(CLOCK_MIN_MS).toBe(0);
    expect(new Date(CLOCK_MAX_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(isClockTime(CLOCK_MIN_MS)).toBe(true);
    expect(isClockTime(CLOCK_MAX_MS)).toBe(true);
    expect(isClockTime(-1)).toBe(false);
    expect(isClockTime(CLOCK_MAX_MS + 1)).toBe(false);
    expect(isClockTime(Date.parse('2026-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('does not hold NaN or the infinities', () => {
    expect(isClockTime(Number.NaN)).toBe(false);
    expect(isClockTime(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isClockTime(Number.NEGATIVE_INFINITY)).toBe(false);
  });
});

describe('checkClockTime', () => {
  it('returns a time in range, and names the caller and the range otherwise', () => {
    expect(checkClockTime(0, 'clock.set')).toBe(0);
    expect(thrown(() => checkClockTime(-1, 'clock.set'))).toBe(
      `RangeError: clock.set: the time 1969-12-31T23:59:59.999Z is outside the engine clock's range ${CLOCK_RANGE}`,
    );
  });
});

describe('formatClockTime', () => {
  it('writes ISO 8601, or words for an instant no date can show', () => {
    expect(formatClockTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(formatClockTime(1e308)).toBe('epoch ms 1e+308 (not a valid date)');
    expect(formatClockTime(Number.NaN)).toBe('epoch ms NaN (not a valid date)');
  });
});

describe('toClockTime', () => {
  it('reads a Date, epoch ms and ISO text', () => {
    const ms = Date.parse('2026-01-01T00:00:00.000Z');
    expect(toClockTime(new Date(ms), 'clock.set')).toBe(ms);
    expect(toClockTime(ms, 'clock.set')).toBe(ms);
    expect(toClockTime('2026-01-01T00:00:00Z', 'clock.set')).toBe(ms);
  });

  it('refuses unreadable text, NaN and an invalid Date as a TypeError naming the input', () => {
    const expected = `(expected an ISO 8601 date or epoch ms within ${CLOCK_RANGE})`;
    expect(thrown(() => toClockTime('nope', 'clock.set'))).toBe(
      `TypeError: clock.set: Invalid date "nope" ${expected}`,
    );
    expect(thrown(() => toClockTime(Number.NaN, 'clock.set'))).toBe(
      `TypeError: clock.set: Invalid date "NaN" ${expected}`,
    );
    expect(thrown(() => toClockTime(new Date('nope'), 'clock.set'))).toBe(
      `TypeError: clock.set: Invalid date "Invalid Date" ${expected}`,
    );
  });

  it('refuses a readable time outside the range as a RangeError', () => {
    expect(thrown(() => toClockTime(9e15, 'clock.set'))).toBe(
      `RangeError: clock.set: the time epoch ms 9000000000000000 (not a valid date) is outside the engine clock's range ${CLOCK_RANGE}`,
    );
    expect(thrown(() => toClockTime('1969-12-31T23:59:59.999Z', 'clock.set'))).toBe(
      `RangeError: clock.set: the time 1969-12-31T23:59:59.999Z is outside the engine clock's range ${CLOCK_RANGE}`,
    );
  });
});
