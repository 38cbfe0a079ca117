import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { subscribersCredentialsDelete } from '../funcs/subscribersCredentialsDelete';
import { subscribersCredentialsUpdate } from '../funcs/subscribersCredentialsUpdate';
import { subscribersCredentialsUpsert } from '../funcs/subscribersCredentialsUpsert';
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
   * Sets the subscriber's credentials for a chat or push provider; given `deviceTokens` replace the stored ones.
   *
   * @example
   * ```ts
   * await svc.subscribers.credentials.upsert('user-1', { providerId: 'fcm', credentials: { deviceTokens: ['t1'] } });
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
   * Sets the subscriber's credentials for a provider with `PUT`; given `deviceTokens` replace the stored ones.
   *
   * @example
   * ```ts
   * await svc.subscribers.credentials.update('user-1', { providerId: 'fcm', credentials: { deviceTokens: ['t1'] } });
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
   * Removes the subscriber's credentials for one provider (resolves with nothing).
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
