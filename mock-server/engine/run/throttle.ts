/**
 * Throttle steps: a pure tracker of executions per throttle key. An execution is admitted while
 * fewer than `threshold` executions were admitted for the same key in the window; the others are
 * skipped with the service's throttle detail, and the steps after the throttle do not run.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { journalSet } from '../store/journal';
import { DETAILS, type DetailText, THROTTLE_EXCEEDED_REASON } from './detail-texts';
import { addTime, isTimeUnit } from './durations';
import { readPath } from './paths';

/** A throttle step's settings (control values or metadata). */
export interface ThrottleSettings {
  /** `fixed` (default): `amount` `unit`; `dynamic`: the window comes from `dynamicKey`. */
  readonly type?: string;
  readonly amount?: number;
  readonly unit?: string;
  /** Path of the window in the trigger (`payload.throttleUntil`): an ISO date or `{amount, unit}`. */
  readonly dynamicKey?: string;
  /** Executions allowed in one window (default 1). */
  readonly threshold?: number;
  /** Groups executions further by a payload field: `projectId` reads `payload.projectId`. */
  readonly throttleKey?: string;
}

/** One request to pass the throttle. */
export interface ThrottleRequest {
  /** Who is throttled: by default the subscriber, workflow and step (see {@link throttleScope}). */
  readonly scope: string;
  readonly settings: ThrottleSettings;
  readonly variables: { readonly payload: JsonObject; readonly subscriber?: JsonObject };
  readonly now: number;
}

/** The verdict of the throttle. */
export type ThrottleVerdict =
  | {
      readonly ok: true;
      readonly admitted: boolean;
      /** The key the execution was counted under. */
      readonly key: string;
      /** Executions admitted in the window before this one. */
      readonly count: number;
      readonly threshold: number;
      /** The detail to record: `Step processed` when admitted, the throttle detail when not. */
      readonly detail: DetailText;
      /** The `raw` JSON of the detail (`{throttled, reason?, threshold, count}`). */
      readonly raw: string;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * The default throttle scope: one subscriber, one workflow, one step.
 *
 * @example
 * ```ts
 * throttleScope({ subscriberId: 's1', workflowId: 'alerts', stepId: 'throttle' });
 * ```
 */
export function throttleScope(parts: {
  subscriberId: string;
  workflowId: string;
  stepId: string;
}): string {
  return JSON.stringify([parts.subscriberId, parts.workflowId, parts.stepId]);
}

type Window = { kind: 'sliding'; length: number } | { kind: 'until'; until: number };

function readVariable(path: string, variables: ThrottleRequest['variables']): unknown {
  if (path.startsWith('subscriber.')) {
    return readPath(variables.subscriber ?? {}, path.slice('subscriber.'.length));
  }
  return readPath(variables.payload, path.replace(/^payload\./, ''));
}

function windowOf(
  settings: ThrottleSettings,
  variables: ThrottleRequest['variables'],
  now: number,
): Window | string {
  if (settings.type === 'dynamic') {
    if (typeof settings.dynamicKey !== 'string' || settings.dynamicKey === '') {
      return 'A dynamic throttle needs a dynamicKey';
    }
    const value = readVariable(settings.dynamicKey, variables);
    if (typeof value === 'string' && Number.isFinite(Date.parse(value))) {
      return { kind: 'until', until: Date.parse(value) };
    }
    if (value !== null && typeof value === 'object') {
      const { amount, unit } = value as { amount?: unknown; unit?: unknown };
      if (typeof amount === 'number' && amount > 0 && isTimeUnit(unit)) {
        return { kind: 'sliding', length: addTime(now, amount, unit) - now };
      }
    }
    return `The dynamic throttle window at ${settings.dynamicKey} must be an ISO date or {amount, unit}`;
  }
  const { amount, unit } = settings;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || !isTimeUnit(unit)) {
    return `A fixed throttle needs a positive amount and a unit, got ${JSON.stringify({ amount, unit })}`;
  }
  return { kind: 'sliding', length: addTime(now, amount, unit) - now };
}

/**
 * Remembers admitted executions per key. Each tracker is independent (one per engine).
 *
 * @example
 * ```ts
 * const tracker = createThrottleTracker();
 * const request = { scope: 's1/w/throttle', settings: { amount: 1, unit: 'hours' }, variables: { payload: {} }, now: 0 };
 * tracker.admit(request); // admitted: true
 * tracker.admit({ ...request, now: 1_000 }); // admitted: false (threshold 1 per hour)
 * ```
 */
export interface ThrottleTracker {
  /** Judges one execution and, when admitted, counts it. */
  admit(request: ThrottleRequest): ThrottleVerdict;
  /** Forgets every execution (engine reset). */
  reset(): void;
}

/**
 * Creates a throttle tracker, empty or over `store` (maps the caller keeps, e.g. in the engine's
 * state so snapshots carry the admissions).
 *
 * @example
 * ```ts
 * const tracker = createThrottleTracker();
 * ```
 */
export function createThrottleTracker(
  store: {
    admitted: Map<string, number[]>;
    untilWindows: Map<string, { start: number; until: number }>;
  } = { admitted: new Map(), untilWindows: new Map() },
): ThrottleTracker {
  // Admission times per key; windows started by an `until` date remember their start. The maps
  // may belong to the engine's state, so snapshots carry them.
  const { admitted, untilWindows } = store;

  return {
    admit({ scope, settings, variables, now }) {
      const window = windowOf(settings, variables, now);
      if (typeof window === 'string') return { ok: false, reason: window };
      const threshold =
        typeof settings.threshold === 'number' && settings.threshold >= 1
          ? Math.floor(settings.threshold)
          : 1;
      // As the service reads it: the key is a path into the payload, and executions are counted
      // per key and value (events without the field share one group).
      const throttleKey =
        typeof settings.throttleKey === 'string' && settings.throttleKey !== ''
          ? settings.throttleKey
          : undefined;
      const value =
        throttleKey === undefined ? undefined : readPath(variables.payload, throttleKey);
      const key = JSON.stringify([
        scope,
        throttleKey ?? null,
        value === undefined ? null : JSON.stringify(value),
      ]);
      const times = admitted.get(key) ?? [];
      let count: number;
      let kept: number[];
      if (window.kind === 'sliding') {
        // Counted like the service: admitted executions created at or after now - window.
        kept = times.filter((at) => at >= now - window.length);
        count = kept.length;
      } else {
        let open = untilWindows.get(key);
        if (open === undefined || now >= open.until || open.until !== window.until) {
          open = { start: now, until: window.until };
          journalSet(untilWindows, key, open);
        }
        const start = open.start;
        kept = times.filter((at) => at >= start);
        count = kept.length;
      }
      const isAdmitted = count < threshold;
      // Only executions that can still count are kept, so memory stays bounded per key.
      journalSet(admitted, key, isAdmitted ? [...kept, now] : kept);
      const raw = JSON.stringify(
        isAdmitted
          ? { throttled: false, threshold, count }
          : { throttled: true, reason: THROTTLE_EXCEEDED_REASON, threshold, count },
      );
      return {
        ok: true,
        admitted: isAdmitted,
        key,
        count,
        threshold,
        detail: isAdmitted ? DETAILS.stepProcessed : DETAILS.stepThrottled,
        raw,
      };
    },
    reset() {
      admitted.clear();
      untilWindows.clear();
    },
  };
}
