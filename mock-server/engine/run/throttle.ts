/**
 * Throttle steps: a pure tracker of executions per throttle key. An execution is admitted while
 * fewer than `threshold` executions were admitted for the same key in the window; the others are
 * skipped with the service's throttle detail, and the steps after the throttle do not run.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { readPath } from '../policy/paths';
import { addTime, isIsoTimestamp, isoInstant, isTimeUnit } from '../store/durations';
import { tables } from '../store/tables';
import { DETAILS, type DetailText, THROTTLE_EXCEEDED_REASON } from './detail-texts';

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
  | {
      readonly ok: false;
      /** The failure details to record, in order; the job fails after them. */
      readonly details: readonly { readonly detail: DetailText; readonly raw: JsonObject }[];
    };

/** The default throttle scope: one subscriber, one workflow, one step. */
export function throttleScope(parts: {
  subscriberId: string;
  workflowId: string;
  stepId: string;
}): string {
  return JSON.stringify([parts.subscriberId, parts.workflowId, parts.stepId]);
}

type Window = { kind: 'sliding'; length: number } | { kind: 'until'; until: number };

/** A window the step can count in, none (the event passes uncounted), or a window already over. */
type WindowReading = Window | { kind: 'none' } | { kind: 'past'; durationMs: number };

/**
 * The dynamic window as the service reads it: `dynamicKey` loses its first `payload.` and names a
 * payload field; an ISO date gives the time left until it, `{ amount, unit }` a length. A value
 * the service cannot read gives no window.
 */
function dynamicWindow(dynamicKey: unknown, payload: JsonObject, now: number): WindowReading {
  if (typeof dynamicKey !== 'string' || dynamicKey === '') return { kind: 'none' };
  const value = readPath(payload, dynamicKey.replace('payload.', ''));
  if (!value) return { kind: 'none' };
  if (isIsoTimestamp(value)) {
    const until = isoInstant(value);
    return until - now <= 0 ? { kind: 'past', durationMs: until - now } : { kind: 'until', until };
  }
  if (typeof value === 'object' && !Array.isArray(value) && 'unit' in value && 'amount' in value) {
    const { amount, unit } = value as { amount: unknown; unit: unknown };
    if (typeof amount !== 'number' || !Number.isFinite(amount) || !isTimeUnit(unit)) {
      return { kind: 'none' };
    }
    if (amount <= 0) return { kind: 'past', durationMs: now - addTime(now, -amount, unit) };
    return { kind: 'sliding', length: addTime(now, amount, unit) - now };
  }
  return { kind: 'none' };
}

function windowOf(settings: ThrottleSettings, payload: JsonObject, now: number): WindowReading {
  const type = settings.type ?? 'fixed';
  if (type === 'dynamic') return dynamicWindow(settings.dynamicKey, payload, now);
  if (type !== 'fixed') return { kind: 'none' };
  const { amount, unit } = settings;
  // The service lets the event through when a fixed window has no amount or unit it can read.
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || !isTimeUnit(unit)) {
    return { kind: 'none' };
  }
  return { kind: 'sliding', length: addTime(now, amount, unit) - now };
}

/** The service's two failure details for a dynamic window that is already over. */
function windowInPast(durationMs: number): ThrottleVerdict {
  return {
    ok: false,
    details: [
      { detail: DETAILS.throttleWindowInPast, raw: { error: 'throttle must be in the future' } },
      {
        detail: DETAILS.delayMisconfiguration,
        raw: { error: `Dynamic throttle must be in the future. durationMs: ${durationMs}` },
      },
    ],
  };
}

/** Remembers admitted executions per key. Each tracker is independent (one per engine). */
export interface ThrottleTracker {
  /** Judges one execution and, when admitted, counts it. */
  admit(request: ThrottleRequest): ThrottleVerdict;
  /** Forgets every execution (engine reset). */
  reset(): void;
}

/**
 * Creates a throttle tracker, empty or over `store` (maps the caller keeps, e.g. in the engine's
 * state so snapshots carry the admissions).
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
      const window = windowOf(settings, variables.payload, now);
      if (window.kind === 'past') return windowInPast(window.durationMs);
      const threshold =
        typeof settings.threshold === 'number' && settings.threshold >= 1
          ? Math.floor(settings.threshold)
          : 1;
      if (window.kind === 'none') {
        // No window the service can read: the event passes and is not counted.
        return {
          ok: true,
          admitted: true,
          key: '',
          count: 0,
          threshold,
          detail: DETAILS.stepProcessed,
          raw: JSON.stringify({ throttled: false }),
        };
      }
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
          tables.throttleWindows.set(store, key, open);
        }
        const start = open.start;
        kept = times.filter((at) => at >= start);
        count = kept.length;
      }
      const isAdmitted = count < threshold;
      // Only executions that can still count are kept, so memory stays bounded per key.
      tables.throttleAdmitted.set(store, key, isAdmitted ? [...kept, now] : kept);
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
