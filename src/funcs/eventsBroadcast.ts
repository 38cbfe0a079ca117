import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { eventsBroadcastRoute } from '../routes/events';
import type { BroadcastBody, TriggerResponse } from '../schemas/event';

/**
 * Triggers a workflow for every subscriber of the environment
 * (`POST /v1/events/trigger/broadcast`); one notification per subscriber, under one
 * transactionId.
 *
 * @example
 * ```ts
 * const { transactionId } = await eventsBroadcast(core, {
 *   name: 'maintenance-window',
 *   payload: { startsAt: '2024-06-01T22:00:00Z' },
 * });
 * ```
 */
export function eventsBroadcast(
  core: SvcCore,
  body: BroadcastBody,
  options?: RequestOptions,
): APIPromise<TriggerResponse> {
  return request(core, routeSpec(eventsBroadcastRoute, { body }), options);
}
