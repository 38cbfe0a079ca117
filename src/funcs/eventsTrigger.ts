import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsTriggerRoute } from '../routes/events';
import type { TriggerBody, TriggerResponse } from '../schemas/event';

/** {@inheritDoc Events.trigger} */
export function eventsTrigger(
  core: SvcCore,
  body: TriggerBody,
  options?: RequestOptions,
): APIPromise<TriggerResponse> {
  return request(core, routeSpec(eventsTriggerRoute, { body }), options);
}
