import { describe, expect, it } from 'vitest';
import { DETAILS, THROTTLE_EXCEEDED_REASON } from '../../../mock-server/engine/run/detail-texts';
import {
  createThrottleTracker,
  type ThrottleSettings,
  throttleScope,
} from '../../../mock-server/engine/run/throttle';

const HOUR = 3_600_000;
const scope = throttleScope({ subscriberId: 's1', workflowId: 'alerts', stepId: 'throttle' });

describe('runtime: throttle', () => {
  it('admits up to the threshold per fixed window, then skips with the throttle detail', () => {
    const tracker = createThrottleTracker();
    const settings = { type: 'fixed', amount: 1, unit: 'hours', threshold: 2 };
    const admit = (now: number) =>
      tracker.admit({ scope, settings, variables: { payload: {} }, now });
    expect(admit(0)).toMatchObject({
      ok: true,
      admitted: true,
      count: 0,
      detail: DETAILS.stepProcessed,
    });
    expect(admit(1_000)).toMatchObject({ ok: true, admitted: true, count: 1 });
    const third = admit(2_000);
    expect(third).toMatchObject({
      ok: true,
      admitted: false,
      count: 2,
      detail: DETAILS.stepThrottled,
    });
    expect(third.ok && JSON.parse(third.raw)).toEqual({
      throttled: true,
      reason: THROTTLE_EXCEEDED_REASON,
      threshold: 2,
      count: 2,
    });
    // Skipped executions do not count: after the window slides past the first two, one passes.
    expect(admit(HOUR + 1_001)).toMatchObject({ admitted: true, count: 0 });
  });

  it('defaults the threshold to 1 and keeps subscribers apart', () => {
    const tracker = createThrottleTracker();
    const settings = { amount: 5, unit: 'minutes' };
    const other = throttleScope({ subscriberId: 's2', workflowId: 'alerts', stepId: 'throttle' });
    expect(tracker.admit({ scope, settings, variables: { payload: {} }, now: 0 })).toMatchObject({
      admitted: true,
    });
    expect(tracker.admit({ scope, settings, variables: { payload: {} }, now: 1 })).toMatchObject({
      admitted: false,
    });
    expect(
      tracker.admit({ scope: other, settings, variables: { payload: {} }, now: 2 }),
    ).toMatchObject({ admitted: true });
  });

  it('groups by the throttle key, a bare path into the payload as the service reads it', () => {
    const tracker = createThrottleTracker();
    const settings = { amount: 1, unit: 'hours', throttleKey: 'projectId' };
    const admit = (projectId: string, now: number) =>
      tracker.admit({ scope, settings, variables: { payload: { projectId } }, now });
    expect(admit('a', 0)).toMatchObject({ admitted: true });
    expect(admit('b', 1)).toMatchObject({ admitted: true });
    expect(admit('a', 2)).toMatchObject({ admitted: false });
  });

  it('reads `payload.x` as a payload field named payload, so events lacking it share one group', () => {
    const tracker = createThrottleTracker();
    const settings = { amount: 1, unit: 'hours', throttleKey: 'payload.projectId' };
    const admit = (projectId: string, now: number) =>
      tracker.admit({ scope, settings, variables: { payload: { projectId } }, now });
    expect(admit('a', 0)).toMatchObject({ admitted: true });
    expect(admit('b', 1)).toMatchObject({ admitted: false });
  });

  it('dynamic window: an ISO date throttles until then, a duration object slides', () => {
    const tracker = createThrottleTracker();
    const settings = { type: 'dynamic', dynamicKey: 'payload.throttleUntil' };
    const until = new Date(HOUR).toISOString();
    const admit = (now: number, throttleUntil: unknown) =>
      tracker.admit({ scope, settings, variables: { payload: { throttleUntil } }, now });
    expect(admit(0, until)).toMatchObject({ admitted: true });
    expect(admit(HOUR - 1, until)).toMatchObject({ admitted: false });
    // At or past the date the window is over: the service fails the step (below).
    expect(admit(HOUR, until)).toMatchObject({ ok: false });
    expect(admit(HOUR, new Date(2 * HOUR).toISOString())).toMatchObject({ admitted: true });

    const sliding = createThrottleTracker();
    const window = { amount: 10, unit: 'minutes' };
    const slide = (now: number) =>
      sliding.admit({ scope, settings, variables: { payload: { throttleUntil: window } }, now });
    expect(slide(0)).toMatchObject({ admitted: true });
    expect(slide(60_000)).toMatchObject({ admitted: false });
    expect(slide(600_001)).toMatchObject({ admitted: true });
  });

  it('lets the event through uncounted when the service cannot read the window', () => {
    const tracker = createThrottleTracker();
    const unreadable: ThrottleSettings[] = [
      { amount: 0, unit: 'hours' },
      { amount: 1, unit: 'fortnights' },
      { type: 'sliding', amount: 1, unit: 'hours' },
      { type: 'dynamic' },
      { type: 'dynamic', dynamicKey: 'payload.missing' },
      { type: 'dynamic', dynamicKey: 'payload.x' },
      { type: 'dynamic', dynamicKey: 'payload.bad' },
    ];
    for (const settings of unreadable) {
      for (const now of [0, 1]) {
        expect(
          tracker.admit({
            scope,
            settings,
            variables: { payload: { x: 'soon', bad: { amount: 1, unit: 'ages' } } },
            now,
          }),
        ).toEqual({
          ok: true,
          admitted: true,
          key: '',
          count: 0,
          threshold: 1,
          detail: DETAILS.stepProcessed,
          raw: '{"throttled":false}',
        });
      }
    }
  });

  it("fails a dynamic window that is already over with the service's two details", () => {
    const tracker = createThrottleTracker();
    const now = Date.parse('2026-01-01T00:01:00.000Z');
    const past = (value: unknown) =>
      tracker.admit({
        scope,
        settings: { type: 'dynamic', dynamicKey: 'payload.until' },
        variables: { payload: { until: value } as never },
        now,
      });
    expect(past('2026-01-01T00:00:00.000Z')).toEqual({
      ok: false,
      details: [
        { detail: DETAILS.throttleWindowInPast, raw: { error: 'throttle must be in the future' } },
        {
          detail: DETAILS.delayMisconfiguration,
          raw: { error: 'Dynamic throttle must be in the future. durationMs: -60000' },
        },
      ],
    });
    expect(past({ amount: 0, unit: 'minutes' })).toMatchObject({
      ok: false,
      details: [{}, { raw: { error: 'Dynamic throttle must be in the future. durationMs: 0' } }],
    });
  });

  it('forgets everything on reset', () => {
    const tracker = createThrottleTracker();
    const request = {
      scope,
      settings: { amount: 1, unit: 'days' },
      variables: { payload: {} },
      now: 0,
    };
    tracker.admit(request);
    tracker.reset();
    expect(tracker.admit({ ...request, now: 1 })).toMatchObject({ admitted: true });
  });
});
