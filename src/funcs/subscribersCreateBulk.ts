import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCreateBulkRoute } from '../routes/subscribers';
import type {
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
} from '../schemas/subscriber';

/** {@inheritDoc Subscribers.createBulk} */
export function subscribersCreateBulk(
  core: SvcCore,
  body: BulkCreateSubscribersBody,
  options?: RequestOptions,
): APIPromise<BulkCreateSubscribersResponse> {
  return request(core, routeSpec(subscribersCreateBulkRoute, { body }), options);
}
