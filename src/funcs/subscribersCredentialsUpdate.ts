import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCredentialsUpdateRoute } from '../routes/subscribers';
import type { CredentialsUpdateBody, Subscriber } from '../schemas/subscriber';

/** {@inheritDoc SubscriberCredentials.update} */
export function subscribersCredentialsUpdate(
  core: SvcCore,
  subscriberId: string,
  body: CredentialsUpdateBody,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(
    core,
    routeSpec(subscribersCredentialsUpdateRoute, { params: { subscriberId }, body }),
    options,
  );
}
