import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsCancelRoute } from '../routes/events';
import type { CancelResponse } from '../schemas/event';

/**
 * Cancels what a transaction still has waiting: its delays and digests, and the steps after them
 * (`DELETE /v1/events/trigger/{transactionId}`). Resolves to `true` when something was canceled,
 * `false` when nothing was waiting (an unknown, finished or already canceled transaction).
 *
 * @example
 * ```ts
 * const { transactionId } = await eventsTrigger(core, { name: 'reminder', to: 'user-1' });
 * const canceled = await eventsCancel(core, transactionId ?? '');
 * ```
 */
export function eventsCancel(
  core: SvcCore,
  transactionId: string,
  options?: RequestOptions,
): APIPromise<CancelResponse> {
  return request(core, routeSpec(eventsCancelRoute, { params: { transactionId } }), options);
}
