import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { subscribersRetrieve } from '../funcs/subscribersRetrieve';
import type { Subscriber } from '../schemas/subscriber';

/**
 * The `svc.subscribers` namespace: thin methods over the standalone functions.
 *
 * @example
 * ```ts
 * const subscriber = await svc.subscribers.retrieve('user-1');
 * ```
 */
export class Subscribers {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Retrieves one subscriber by its `subscriberId`.
   *
   * @example
   * ```ts
   * const subscriber = await svc.subscribers.retrieve('user-1');
   * ```
   */
  retrieve(subscriberId: string, options?: RequestOptions): Promise<Subscriber> {
    return subscribersRetrieve(this.#core, subscriberId, options);
  }
}
