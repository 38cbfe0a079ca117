import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { eventsBroadcast } from '../funcs/eventsBroadcast';
import { eventsCancel } from '../funcs/eventsCancel';
import { eventsTrigger } from '../funcs/eventsTrigger';
import { eventsTriggerBulk } from '../funcs/eventsTriggerBulk';
import type {
  BroadcastBody,
  BulkTriggerBody,
  BulkTriggerResponse,
  CancelResponse,
  TriggerBody,
  TriggerResponse,
} from '../schemas/event';

/**
 * The `svc.events` namespace: trigger workflows (one event, a batch, or a broadcast) and cancel
 * what a transaction still has waiting.
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

  /**
   * Triggers up to 100 events at once; resolves to one answer per event, in order.
   *
   * @example
   * ```ts
   * const results = await svc.events.triggerBulk({
   *   events: [
   *     { name: 'welcome-email', to: 'user-1' },
   *     { name: 'welcome-email', to: 'user-2' },
   *   ],
   * });
   * ```
   */
  triggerBulk(body: BulkTriggerBody, options?: RequestOptions): APIPromise<BulkTriggerResponse> {
    return eventsTriggerBulk(this.#core, body, options);
  }

  /**
   * Triggers a workflow for every subscriber of the environment.
   *
   * @example
   * ```ts
   * await svc.events.broadcast({ name: 'maintenance-window', payload: { startsAt: '22:00' } });
   * ```
   */
  broadcast(body: BroadcastBody, options?: RequestOptions): APIPromise<TriggerResponse> {
    return eventsBroadcast(this.#core, body, options);
  }

  /**
   * Cancels the delays and digests a transaction still has waiting; `false` when none was.
   *
   * @example
   * ```ts
   * const canceled = await svc.events.cancel(transactionId);
   * ```
   */
  cancel(transactionId: string, options?: RequestOptions): APIPromise<CancelResponse> {
    return eventsCancel(this.#core, transactionId, options);
  }
}
