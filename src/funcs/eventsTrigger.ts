import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsTriggerRoute } from '../routes/events';
import type { TriggerBody, TriggerResponse } from '../schemas/event';

/**
 * Triggers a workflow for its recipients (`POST /v1/events/trigger`). The call carries an idempotency key (generated unless given), so a retry never sends twice.
 *
 * @example
 * ```ts
 * const core = createSvcCore({ secretKey: process.env.SVC_SECRET_KEY ?? '' });
 * const { transactionId, status } = await eventsTrigger(core, {
 *   name: 'welcome-email',
 *   to: { subscriberId: 'user-1', email: 'ada@example.com' },
 *   payload: { plan: 'pro' },
 * });
 * ```
 */
export function eventsTrigger(
  core: SvcCore,
  body: TriggerBody,
  options?: RequestOptions,
): APIPromise<TriggerResponse> {
  return request(core, routeSpec(eventsTriggerRoute, { body }), options);
}
