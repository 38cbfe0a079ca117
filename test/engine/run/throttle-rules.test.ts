// Throttle rules beyond test/engine/run/throttle.test.ts (mock-server/engine/run/throttle.ts,
// docs/behaviour/runs.md, "Throttle"): the whole verdict (key, count, threshold, raw), the
// threshold's reading, the throttle key's groups, the window edges, the dynamic window's readings
// and failures, and what the tracker keeps in its store.
import { describe, expect, it } from 'vitest';
import { DETAILS, THROTTLE_EXCEEDED_REASON } from '../../../mock-server/engine/run/detail-texts';
import {
  createThrottleTracker,
  type ThrottleSettings,
  throttleScope,
} from '../../../mock-server/engine/run/throttle';
import type { JsonObject } from '../../../src/schemas/common';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const scope = throttleScope({ subscriberId: 's1', workflowId: 'alerts', stepId: 'throttle' });
/** The key of executions counted without a throttle key. */
const plainKey = JSON.stringify([scope, null, null]);

const passed = (key: string, count: number, threshold: number) => ({
  ok: true,
  admitted: true,
  key,
  count,
  threshold,
  detail: DETAILS.stepProcessed,
  raw: JSON.stringify({ throttled: false, threshold, count }),
});

const throttled = (key: string, count: number, threshold: number) => ({
  ok: true,
  admitted: false,
  key,
  count,
  threshold,
  detail: DETAILS.stepThrottled,
  raw: JSON.stringify({ throttled: true, reason: THROTTLE_EXCEEDED_REASON, threshold, count }),
});

const uncounted = (threshold = 1) => ({
  ok: true,
  admitted: true,
  key: '',
  count: 0,
  threshold,
  detail: DETAILS.stepProcessed,
  raw: '{"throttled":false}',
});

const inPast = (durationMs: number) => ({
  ok: false,
  details: [
    { detail: DETAILS.throttleWindowInPast, raw: { error: 'throttle must be in the future' } },
    {
      detail: DETAILS.delayMisconfiguration,
      raw: { error: `Dynamic throttle must be in the future. durationMs: ${durationMs}` },
    },
  ],
});

function tracked(settings: ThrottleSettings) {
  const store = {
    admitted: new Map<string, number[]>(),
    untilWindows: new Map<string, { start: number; until: number }>(),
  };
  const tracker = createThrottleTracker(store);
  const admit = (now: number, payload: JsonObject = {}) =>
    tracker.admit({ scope, settings, variables: { payload }, now });
  return { store, tracker, admit };
}

describe('throttle: the scope and the verdict', () => {
  it('scopes by subscriber, workflow and step, in that order', () => {
    expect(throttleScope({ subscriberId: 'ada', workflowId: 'wf', stepId: 'st' })).toBe(
      '["ada","wf","st"]',
    );
  });

  it('answers with the key, the count before this execution, the threshold and the raw detail', () => {
    const { admit } = tracked({ type: 'fixed', amount: 1, unit: 'hours', threshold: 2 });
    expect(admit(0)).toStrictEqual(passed(plainKey, 0, 2));
    expect(admit(10)).toStrictEqual(passed(plainKey, 1, 2));
    expect(admit(20)).toStrictEqual(throttled(plainKey, 2, 2));
    expect(admit(30)).toStrictEqual(throttled(plainKey, 2, 2));
  });
});

describe('throttle: the threshold', () => {
  const withThreshold = (threshold: unknown) =>
    tracked({ amount: 1, unit: 'hours', threshold } as ThrottleSettings);

  it('rounds a fractional threshold down', () => {
    const { admit } = withThreshold(2.9);
    expect(admit(0)).toStrictEqual(passed(plainKey, 0, 2));
    expect(admit(1)).toStrictEqual(passed(plainKey, 1, 2));
    expect(admit(2)).toStrictEqual(throttled(plainKey, 2, 2));
  });

  it('reads a threshold below 1 or not a number as 1', () => {
    for (const threshold of [0, 0.5, -3, '3', null]) {
      const { admit } = withThreshold(threshold);
      expect(admit(0)).toStrictEqual(passed(plainKey, 0, 1));
      expect(admit(1)).toStrictEqual(throttled(plainKey, 1, 1));
    }
  });

  it('reports the threshold also on an event that passes uncounted', () => {
    const { admit } = tracked({ amount: 0, unit: 'hours', threshold: 4 });
    expect(admit(0)).toStrictEqual(uncounted(4));
  });
});

describe('throttle: the throttle key', () => {
  it('counts each value of the key apart and names the key and the value in the count key', () => {
    const { admit } = tracked({ amount: 1, unit: 'hours', throttleKey: 'project.id' });
    const keyOf = (value: string | null) => JSON.stringify([scope, 'project.id', value]);
    expect(admit(0, { project: { id: 'a' } })).toStrictEqual(passed(keyOf('"a"'), 0, 1));
    expect(admit(1, { project: { id: 1 } })).toStrictEqual(passed(keyOf('1'), 0, 1));
    expect(admit(2, { project: { id: '1' } })).toStrictEqual(passed(keyOf('"1"'), 0, 1));
    expect(admit(3, { project: { id: 'a' } })).toStrictEqual(throttled(keyOf('"a"'), 1, 1));
  });

  it('puts events without the field in one group of their own', () => {
    const { admit } = tracked({ amount: 1, unit: 'hours', throttleKey: 'projectId' });
    const missing = JSON.stringify([scope, 'projectId', null]);
    expect(admit(0, {})).toStrictEqual(passed(missing, 0, 1));
    expect(admit(1, { other: 'x' })).toStrictEqual(throttled(missing, 1, 1));
    expect(admit(2, { projectId: null })).toStrictEqual(
      passed(JSON.stringify([scope, 'projectId', 'null']), 0, 1),
    );
  });

  it('ignores an empty or non-string throttle key: all events share one group', () => {
    for (const throttleKey of ['', 7]) {
      const { admit } = tracked({ amount: 1, unit: 'hours', throttleKey } as ThrottleSettings);
      expect(admit(0, { a: 1 })).toStrictEqual(passed(plainKey, 0, 1));
      expect(admit(1, { b: 2 })).toStrictEqual(throttled(plainKey, 1, 1));
    }
  });
});

describe('throttle: fixed windows', () => {
  it('counts an execution admitted exactly one window ago', () => {
    const { admit } = tracked({ amount: 1, unit: 'hours' });
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    expect(admit(start)).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(start + HOUR)).toStrictEqual(throttled(plainKey, 1, 1));
    expect(admit(start + HOUR + 1)).toStrictEqual(passed(plainKey, 0, 1));
  });

  it('measures a calendar month forward from now', () => {
    const { admit } = tracked({ amount: 1, unit: 'months' });
    const feb1 = Date.parse('2026-02-01T00:00:00.000Z');
    expect(admit(feb1)).toStrictEqual(passed(plainKey, 0, 1));
    // From March 3 the month ahead has 31 days, so the window reaches back past February 1.
    expect(admit(Date.parse('2026-03-03T00:00:00.000Z'))).toStrictEqual(throttled(plainKey, 1, 1));
    expect(admit(Date.parse('2026-03-04T00:00:00.001Z'))).toStrictEqual(passed(plainKey, 0, 1));
  });

  it('lets the event through uncounted for an amount that is not a finite positive number', () => {
    for (const amount of [Number.POSITIVE_INFINITY, Number.NaN, -1, undefined]) {
      const { admit, store } = tracked({ amount, unit: 'hours' } as ThrottleSettings);
      expect(admit(0)).toStrictEqual(uncounted());
      expect(admit(1)).toStrictEqual(uncounted());
      expect(store.admitted.size).toBe(0);
    }
  });

  it('reads a missing type as fixed', () => {
    const { admit } = tracked({ amount: 1, unit: 'minutes' });
    expect(admit(0)).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(MINUTE)).toStrictEqual(throttled(plainKey, 1, 1));
  });
});

describe('throttle: dynamic windows', () => {
  const dynamic = (dynamicKey: unknown) =>
    tracked({ type: 'dynamic', dynamicKey } as ThrottleSettings);

  it('reads the key from the payload, dropping its first `payload.` only', () => {
    const { admit } = dynamic('payload.data.payload.window');
    const payload = { data: { payload: { window: { amount: 1, unit: 'hours' } } } };
    expect(admit(0, payload)).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(1, payload)).toStrictEqual(throttled(plainKey, 1, 1));
    const bare = dynamic('window');
    expect(bare.admit(0, { window: { amount: 1, unit: 'hours' } })).toStrictEqual(
      passed(plainKey, 0, 1),
    );
  });

  it('gives no window for an empty or non-string key, even when the payload looks like one', () => {
    for (const dynamicKey of ['', 5]) {
      const { admit } = dynamic(dynamicKey);
      expect(admit(0, { amount: 1, unit: 'hours' })).toStrictEqual(uncounted());
      expect(admit(1, { amount: 1, unit: 'hours' })).toStrictEqual(uncounted());
    }
  });

  it('gives no window for a null or falsy value, a number, or an amount that is not finite', () => {
    const { admit } = dynamic('payload.w');
    for (const w of [null, 0, '', false, 42, ['a']]) {
      expect(admit(0, { w })).toStrictEqual(uncounted());
    }
    for (const amount of [Number.POSITIVE_INFINITY, Number.NaN, '5']) {
      expect(admit(0, { w: { amount, unit: 'hours' } } as JsonObject)).toStrictEqual(uncounted());
    }
    expect(admit(0, { w: { amount: 1 } })).toStrictEqual(uncounted());
    expect(admit(0, { w: { unit: 'hours' } })).toStrictEqual(uncounted());
  });

  it('slides a duration window of the given length from now', () => {
    const { admit } = dynamic('payload.w');
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const w = { amount: 10, unit: 'minutes' };
    expect(admit(start, { w })).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(start + 10 * MINUTE, { w })).toStrictEqual(throttled(plainKey, 1, 1));
    expect(admit(start + 10 * MINUTE + 1, { w })).toStrictEqual(passed(plainKey, 0, 1));
  });

  it('fails a date exactly now, with a duration of 0', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const { admit } = dynamic('payload.until');
    expect(admit(now, { until: '2026-01-01T00:00:00Z' })).toStrictEqual(inPast(0));
    expect(admit(now, { until: '2026-01-01T00:00:00.001Z' })).toStrictEqual(passed(plainKey, 0, 1));
  });

  it('fails a past date or a negative amount with the time by which the window is over', () => {
    const now = Date.parse('2026-01-01T00:10:00.000Z');
    const { admit, store } = dynamic('payload.until');
    expect(admit(now, { until: '2026-01-01T00:05:00' })).toStrictEqual(inPast(-5 * MINUTE));
    expect(admit(now, { until: { amount: -5, unit: 'minutes' } })).toStrictEqual(
      inPast(-5 * MINUTE),
    );
    expect(admit(now, { until: { amount: 0, unit: 'hours' } })).toStrictEqual(inPast(0));
    expect(store.admitted.size).toBe(0);
    expect(store.untilWindows.size).toBe(0);
  });

  it('opens a new window when the date changes before the open window ends', () => {
    const { admit, store } = dynamic('payload.until');
    const first = new Date(HOUR).toISOString();
    const second = new Date(2 * HOUR).toISOString();
    expect(admit(0, { until: first })).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(10, { until: first })).toStrictEqual(throttled(plainKey, 1, 1));
    expect(admit(20, { until: second })).toStrictEqual(passed(plainKey, 0, 1));
    expect(admit(30, { until: second })).toStrictEqual(throttled(plainKey, 1, 1));
    expect(store.untilWindows.get(plainKey)).toStrictEqual({ start: 20, until: 2 * HOUR });
  });

  it('counts the executions since the window opened, the opening one included', () => {
    const { admit } = tracked({
      type: 'dynamic',
      dynamicKey: 'payload.until',
      threshold: 2,
    });
    const until = { until: new Date(HOUR).toISOString() };
    expect(admit(100, until)).toStrictEqual(passed(plainKey, 0, 2));
    expect(admit(200, until)).toStrictEqual(passed(plainKey, 1, 2));
    expect(admit(300, until)).toStrictEqual(throttled(plainKey, 2, 2));
  });
});

describe('throttle: what the tracker keeps', () => {
  it('keeps only the admitted executions that can still count', () => {
    const { admit, store } = tracked({ amount: 1, unit: 'hours', threshold: 2 });
    admit(0);
    admit(10);
    admit(20);
    expect(store.admitted.get(plainKey)).toStrictEqual([0, 10]);
    admit(HOUR + 5);
    expect(store.admitted.get(plainKey)).toStrictEqual([10, HOUR + 5]);
  });

  it('keeps the opening time and the date of a window until a date', () => {
    const { admit, store } = tracked({ type: 'dynamic', dynamicKey: 'payload.until' });
    admit(50, { until: new Date(HOUR).toISOString() });
    admit(60, { until: new Date(HOUR).toISOString() });
    expect(store.untilWindows.get(plainKey)).toStrictEqual({ start: 50, until: HOUR });
    expect(store.admitted.get(plainKey)).toStrictEqual([50]);
  });

  it('forgets the windows until a date on reset as well as the admissions', () => {
    const { admit, store, tracker } = tracked({
      type: 'dynamic',
      dynamicKey: 'payload.until',
    });
    admit(50, { until: new Date(HOUR).toISOString() });
    tracker.reset();
    expect(store.admitted.size).toBe(0);
    expect(store.untilWindows.size).toBe(0);
  });
});
