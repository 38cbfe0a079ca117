import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCredentialsDeleteRoute } from '../routes/subscribers';

/** {@inheritDoc SubscriberCredentials.delete} */
export function subscribersCredentialsDelete(
  core: SvcCore,
  subscriberId: string,
  providerId: string,
  options?: RequestOptions,
): APIPromise<undefined> {
  return request(
    core,
    routeSpec(subscribersCredentialsDeleteRoute, { params: { subscriberId, providerId } }),
    options,
  );
}
