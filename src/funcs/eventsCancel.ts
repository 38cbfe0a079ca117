import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsCancelRoute } from '../routes/events';
import type { CancelResponse } from '../schemas/event';

/** {@inheritDoc Events.cancel} */
export function eventsCancel(
  core: SvcCore,
  transactionId: string,
  options?: RequestOptions,
): APIPromise<CancelResponse> {
  return request(core, routeSpec(eventsCancelRoute, { params: { transactionId } }), options);
}
