import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { eventsTrigger } from '../funcs/eventsTrigger';
import type { TriggerBody, TriggerResponse } from '../schemas/event';

/**
 * The `svc.events` namespace: trigger workflows.
 *
 * @example
 * ```ts
 * await svc.events.trigger({ name: 'welcome-email', to: 'user-1' });
 * ```
 */
export class Events {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Triggers a workflow for its recipients; an idempotency key (generated unless given) makes retries safe.
   *
   * @example
   * ```ts
   * const { transactionId } = await svc.events.trigger({ name: 'welcome-email', to: ['user-1'] });
   * ```
   */
  trigger(body: TriggerBody, options?: RequestOptions): APIPromise<TriggerResponse> {
    return eventsTrigger(this.#core, body, options);
  }
}
