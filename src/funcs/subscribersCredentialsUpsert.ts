import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersCredentialsUpsertRoute } from '../routes/subscribers';
import type { CredentialsUpsertBody, Subscriber } from '../schemas/subscriber';

/** {@inheritDoc SubscriberCredentials.upsert} */
export function subscribersCredentialsUpsert(
  core: SvcCore,
  subscriberId: string,
  body: CredentialsUpsertBody,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(
    core,
    routeSpec(subscribersCredentialsUpsertRoute, { params: { subscriberId }, body }),
    options,
  );
}
