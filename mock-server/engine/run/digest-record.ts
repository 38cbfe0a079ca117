/**
 * The digest settings a digest job records (`job.digest`, shown in the activity): the step's
 * settings as the service's job schema stores them, month days as numbers.
 *
 * @module
 */

import type { DigestMetadata, DigestMetadataTimed } from '../../../src/schemas/notification';
import { type DigestSettings, type DigestTimedSettings, monthDayNumbers } from './digest';

function recordedTimed(timed: DigestTimedSettings): DigestMetadataTimed {
  const { weekDays, monthDays, ...rest } = timed;
  return {
    ...rest,
    ...(weekDays === undefined ? {} : { weekDays: [...weekDays] }),
    ...(monthDays === undefined ? {} : { monthDays: monthDayNumbers(monthDays) }),
  };
}

/**
 * What a digest job records from its step's settings (metadata and control values): the settings
 * with `type` defaulting to `regular` and a timed schedule's month days as numbers, converted
 * once here so every job that copies the record (merged events, the steps after the digest)
 * answers the documented `DigestMetadata`.
 */
export function recordedDigest(settings: DigestSettings & Record<string, unknown>): DigestMetadata {
  const { timed, ...rest } = settings;
  return {
    ...rest,
    type: rest.type ?? 'regular',
    ...(timed === undefined ? {} : { timed: recordedTimed(timed) }),
  };
}
