import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { path } from '../core/path';
import { request } from '../core/request';
import { PathParam } from '../core/validation';
import { CredentialsUpsertBody, Subscriber } from '../schemas/subscriber';

/**
 * Sets a subscriber's credentials for a chat or push provider (`PATCH /v1/subscribers/{subscriberId}/credentials`); given `deviceTokens` replace the stored ones.
 *
 * @example
 * ```ts
 * await subscribersCredentialsUpsert(core, 'user-1', {
 *   providerId: 'fcm',
 *   credentials: { deviceTokens: ['token-1'] },
 * });
 * ```
 */
export function subscribersCredentialsUpsert(
  core: SvcCore,
  subscriberId: string,
  body: CredentialsUpsertBody,
  options?: RequestOptions,
): APIPromise<Subscriber> {
  return request(
    core,
    {
      operation: 'subscribers.credentials.upsert',
      method: 'PATCH',
      path: path`v1/subscribers/${subscriberId}/credentials`,
      body: body,
      checks: [
        { label: 'subscriberId', schema: PathParam, value: subscriberId },
        { label: 'body', schema: CredentialsUpsertBody, value: body },
      ],
      schema: Subscriber,
    },
    options,
  );
}
