/**
 * The query of `GET /v2/subscribers/{subscriberId}/preferences`
 * (docs/behaviour/subscribers.md#preferences).
 *
 * @module
 */

import type { Criticality } from '../resources/preferences';
import { queryString } from './query';
import { ServiceError } from './service-error';

const CRITICALITIES: readonly Criticality[] = ['critical', 'nonCritical', 'all'];

/**
 * `criticality` (default `nonCritical`; another value answers 422). `contextKeys` is read apart
 * (`queryContextKeys`): it picks the context whose preferences are listed.
 */
export function parseCriticality(params: URLSearchParams): Criticality {
  const value = queryString(params, 'criticality') ?? 'nonCritical';
  if (!(CRITICALITIES as readonly string[]).includes(value)) {
    throw ServiceError.dtoValidation([
      `criticality must be one of the following values: ${CRITICALITIES.join(', ')}`,
    ]);
  }
  return value as Criticality;
}
