import { createSvcCore, type SvcCore } from './core/core';
import type { SvcOptions } from './core/options';
import { Subscribers } from './resources/subscribers';

/**
 * The client: one namespace per resource of the service.
 *
 * @example
 * ```ts
 * import { Svc } from '@svc/api';
 *
 * const svc = new Svc({ secretKey: process.env.SVC_SECRET_KEY ?? '' });
 * const subscriber = await svc.subscribers.retrieve('user-1');
 * ```
 */
export class Svc {
  /** @internal */
  readonly core: SvcCore;
  /** Subscribers: retrieve, update, search, subscriptions, credentials, messages. */
  readonly subscribers: Subscribers;

  constructor(options: SvcOptions) {
    this.core = createSvcCore(options);
    this.subscribers = new Subscribers(this.core);
  }
}
