/**
 * How the service fails a delay or digest step: either its add-job catches the error and records
 * it (`Invalid delay configuration` with `{ error }`), or the error escapes add-job and the
 * worker only marks the job failed, with no detail (docs/behaviour/runs.md#time-steps).
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { DETAILS, type DetailText } from './detail-texts';

/** One execution detail a failing time step records. */
export interface FailureDetail {
  readonly detail: DetailText;
  readonly raw: JsonObject;
}

/** A failed delay or digest step: the details to record, in order, and the job's error. */
export interface TimeStepFailure {
  /** The details recorded on the job; none when the error escapes the service's add-job. */
  readonly details: readonly FailureDetail[];
  /** The error message the service stores on the failed job. */
  readonly error: string;
}

/**
 * A failure the service's add-job catches (`handleStepValidationError`): the details written
 * before it, then `Invalid delay configuration` with `{ error }`.
 */
export function misconfiguredStep(
  error: string,
  before: readonly FailureDetail[] = [],
): TimeStepFailure {
  return {
    details: [...before, { detail: DETAILS.delayMisconfiguration, raw: { error } }],
    error,
  };
}

/**
 * A failure that escapes the service's add-job (a digest's `validateDigest`, an unreadable cron):
 * the worker marks the job failed and records no detail.
 */
export function uncaughtStepError(error: string): TimeStepFailure {
  return { details: [], error };
}
