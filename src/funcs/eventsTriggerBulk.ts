import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsTriggerBulkRoute } from '../routes/events';
import type { BulkTriggerBody, BulkTriggerResponse } from '../schemas/event';

/**
 * Triggers up to 100 events in one request (`POST /v1/events/trigger/bulk`); resolves to one
 * trigger answer per event, in order. Each event is checked and answered as a single trigger
 * would be; an event that fails answers `status: 'error'` with its `error` texts while the others
 * go on.
 *
 * @example
 * ```ts
 * const results = await eventsTriggerBulk(core, {
 *   events: [
 *     { name: 'welcome-email', to: 'user-1' },
 *     { name: 'welcome-email', to: 'user-2' },
 *   ],
 * });
 * console.log(results.map((result) => result.status));
 * ```
 */
export function eventsTriggerBulk(
  core: SvcCore,
  body: BulkTriggerBody,
  options?: RequestOptions,
): APIPromise<BulkTriggerResponse> {
  return request(core, routeSpec(eventsTriggerBulkRoute, { body }), options);
}
