import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { subscribersCredentialsUpsert } from '../funcs/subscribersCredentialsUpsert';
import type { CredentialsUpsertBody, Subscriber } from '../schemas/subscriber';

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
}
