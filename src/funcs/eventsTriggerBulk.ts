import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsTriggerBulkRoute } from '../routes/events';
import type { BulkTriggerBody, BulkTriggerResponse } from '../schemas/event-batch';

/** {@inheritDoc Events.triggerBulk} */
export function eventsTriggerBulk(
  core: SvcCore,
  body: BulkTriggerBody,
  options?: RequestOptions,
): APIPromise<BulkTriggerResponse> {
  return request(core, routeSpec(eventsTriggerBulkRoute, { body }), options);
}
