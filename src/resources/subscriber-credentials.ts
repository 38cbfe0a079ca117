import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  subscribersCredentialsDelete,
  subscribersCredentialsUpdate,
  subscribersCredentialsUpsert,
} from '../funcs/subscribers';
import type {
  CredentialsUpdateBody,
  CredentialsUpsertBody,
  Subscriber,
} from '../schemas/subscriber';

/**
 * The `svc.subscribers.credentials` namespace: per-provider channel credentials.
 *
 * @example
 * ```ts
 * await svc.subscribers.credentials.upsert('user-1', {
 *   providerId: 'slack',
 *   credentials: { webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
 * });
 * ```
 */
export class SubscriberCredentials {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Sets a subscriber's credentials for a chat or push provider (`PATCH
   * /v1/subscribers/{subscriberId}/credentials`); given `deviceTokens` replace the stored ones.
   *
   * @example
   * ```ts
   * await svc.subscribers.credentials.upsert('user-1', {
   *   providerId: 'fcm',
   *   credentials: { deviceTokens: ['token-1'] },
   * });
   * ```
   */
  upsert(
    subscriberId: string,
    body: CredentialsUpsertBody,
    options?: RequestOptions,
  ): APIPromise<Subscriber> {
    return subscribersCredentialsUpsert(this.#core, subscriberId, body, options);
  }

  /**
   * Sets a subscriber's credentials for a chat or push provider (`PUT
   * /v1/subscribers/{subscriberId}/credentials`); given `deviceTokens` replace the stored ones.
   *
   * @example
   * ```ts
   * await svc.subscribers.credentials.update('user-1', {
   *   providerId: 'slack',
   *   credentials: { webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
   * });
   * ```
   */
  update(
    subscriberId: string,
    body: CredentialsUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Subscriber> {
    return subscribersCredentialsUpdate(this.#core, subscriberId, body, options);
  }

  /**
   * Removes a subscriber's credentials for one provider (`DELETE
   * /v1/subscribers/{subscriberId}/credentials/{providerId}`); resolves with nothing.
   *
   * @example
   * ```ts
   * await svc.subscribers.credentials.delete('user-1', 'slack');
   * ```
   */
  delete(
    subscriberId: string,
    providerId: string,
    options?: RequestOptions,
  ): APIPromise<undefined> {
    return subscribersCredentialsDelete(this.#core, subscriberId, providerId, options);
  }
}
