import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersRetrieveRoute } from '../routes/subscribers';
import type { Subscriber } from '../schemas/subscriber';

/**
 * Retrieves one subscriber by its `subscriberId` (`GET /v2/subscribers/{subscriberId}`).
 *
 * @throws {@link NotFoundError} when no subscriber has that id in the key's environment.
 *
 * @example
 * ```ts
 * const core = createSvcCore({ secretKey: 'sk_test' });
 * const subscriber = await subscribersRetrieve(core, 'user-1');
 * console.log(subscriber.email);
 * ```
 */
export function subscribersRetrieve(
  core: SvcCore,
  subscriberId: string,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(core, routeSpec(subscribersRetrieveRoute, { params: { subscriberId } }), options);
}
