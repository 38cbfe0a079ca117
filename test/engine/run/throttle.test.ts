import { describe, expect, it } from 'vitest';
import { DETAILS, THROTTLE_EXCEEDED_REASON } from '../../../mock-server/engine/run/detail-texts';
import { createThrottleTracker, throttleScope } from '../../../mock-server/engine/run/throttle';

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
    expect(admit(HOUR, until)).toMatchObject({ admitted: true });

    const sliding = createThrottleTracker();
    const window = { amount: 10, unit: 'minutes' };
    const slide = (now: number) =>
      sliding.admit({ scope, settings, variables: { payload: { throttleUntil: window } }, now });
    expect(slide(0)).toMatchObject({ admitted: true });
    expect(slide(60_000)).toMatchObject({ admitted: false });
    expect(slide(600_001)).toMatchObject({ admitted: true });
  });

  it('reports bad settings instead of throwing', () => {
    const tracker = createThrottleTracker();
    expect(
      tracker.admit({
        scope,
        settings: { amount: 0, unit: 'hours' },
        variables: { payload: {} },
        now: 0,
      }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      tracker.admit({
        scope,
        settings: { type: 'dynamic', dynamicKey: 'payload.x' },
        variables: { payload: { x: 'soon' } },
        now: 0,
      }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/ISO date/) });
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
