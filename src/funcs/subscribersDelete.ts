import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersDeleteRoute } from '../routes/subscribers';
import type { RemoveSubscriberResponse } from '../schemas/subscriber';

/**
 * Deletes a subscriber (`DELETE /v2/subscribers/{subscriberId}`) with its topic subscriptions,
 * preferences and messages; its past notifications stay.
 *
 * @throws {@link NotFoundError} when the subscriber does not exist.
 *
 * @example
 * ```ts
 * await subscribersDelete(core, 'user-1'); // { acknowledged: true, status: 'deleted' }
 * ```
 */
export function subscribersDelete(
  core: SvcCore,
  subscriberId: string,
  options?: RequestOptions,
): APIPromise<RemoveSubscriberResponse> {
  return request(core, routeSpec(subscribersDeleteRoute, { params: { subscriberId } }), options);
}
