import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { eventsBroadcast, eventsCancel, eventsTrigger, eventsTriggerBulk } from '../funcs/events';
import type {
  RegisteredBroadcastBody,
  RegisteredBulkTriggerBody,
  RegisteredTriggerBody,
} from '../register';
import type { CancelResponse, TriggerBody, TriggerResponse } from '../schemas/event';
import type { BroadcastBody, BulkTriggerBody, BulkTriggerResponse } from '../schemas/event-batch';

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
   * Triggers a workflow for its recipients (`POST /v1/events/trigger`). The call carries an
   * idempotency key (generated unless given), so a retry never sends twice. Once workflows are
   * registered (`svc-workflows types generate`, see `Register`) only their ids are taken, each with
   * its payload type.
   *
   * @example
   * ```ts
   * const { transactionId, status } = await svc.events.trigger({
   *   name: 'welcome-email',
   *   to: { subscriberId: 'user-1', email: 'ada@example.com' },
   *   payload: { plan: 'pro' },
   * });
   * ```
   */
  trigger(body: RegisteredTriggerBody, options?: RequestOptions): APIPromise<TriggerResponse> {
    return eventsTrigger(this.#core, body as TriggerBody, options);
  }

  /**
   * Triggers up to 100 events in one request (`POST /v1/events/trigger/bulk`); resolves to one
   * trigger answer per event, in order. Each event is checked and answered as a single trigger
   * would be; an event that fails answers `status: 'error'` with its `error` texts while the others
   * go on.
   *
   * @example
   * ```ts
   * const results = await svc.events.triggerBulk({
   *   events: [
   *     { name: 'welcome-email', to: 'user-1' },
   *     { name: 'welcome-email', to: 'user-2' },
   *   ],
   * });
   * console.log(results.map((result) => result.status));
   * ```
   */
  triggerBulk(
    body: RegisteredBulkTriggerBody,
    options?: RequestOptions,
  ): APIPromise<BulkTriggerResponse> {
    return eventsTriggerBulk(this.#core, body as BulkTriggerBody, options);
  }

  /**
   * Triggers a workflow for every subscriber of the environment (`POST
   * /v1/events/trigger/broadcast`); one notification per subscriber, under one transactionId.
   *
   * @example
   * ```ts
   * const { transactionId } = await svc.events.broadcast({
   *   name: 'maintenance-window',
   *   payload: { startsAt: '2024-06-01T22:00:00Z' },
   * });
   * ```
   */
  broadcast(body: RegisteredBroadcastBody, options?: RequestOptions): APIPromise<TriggerResponse> {
    return eventsBroadcast(this.#core, body as BroadcastBody, options);
  }

  /**
   * Cancels what a transaction still has waiting: its delays and digests, and the steps after them
   * (`DELETE /v1/events/trigger/{transactionId}`). Resolves to `true` when something was canceled,
   * `false` when nothing was waiting (an unknown, finished or already canceled transaction).
   *
   * @example
   * ```ts
   * const { transactionId } = await svc.events.trigger({ name: 'reminder', to: 'user-1' });
   * const canceled = await svc.events.cancel(transactionId);
   * ```
   */
  cancel(transactionId: string, options?: RequestOptions): APIPromise<CancelResponse> {
    return eventsCancel(this.#core, transactionId, options);
  }
}
