import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsBroadcastRoute } from '../routes/events';
import type { TriggerResponse } from '../schemas/event';
import type { BroadcastBody } from '../schemas/event-batch';

/** {@inheritDoc Events.broadcast} */
export function eventsBroadcast(
  core: SvcCore,
  body: BroadcastBody,
  options?: RequestOptions,
): APIPromise<TriggerResponse> {
  return request(core, routeSpec(eventsBroadcastRoute, { body }), options);
}
