/**
 * The batch forms of a trigger: the bulk trigger and the broadcast. They live apart from
 * `event.ts` so an app that only triggers does not bundle their schemas.
 *
 * @module
 */
import * as z from 'zod/mini';
import { JsonObject, type WireShape } from './common';
import { TriggerActor, TriggerBody, TriggerResponse, TriggerTenantInput } from './event';
import { TriggerContext } from './trigger-context';

/** The most events one `POST /v1/events/trigger/bulk` takes. */
export const BULK_TRIGGER_LIMIT = 100;

/**
 * Body of `POST /v1/events/trigger/bulk`: 1 to 100 triggers, each answered as a single trigger.
 *
 * @example
 * ```ts
 * BulkTriggerBody.parse({
 *   events: [
 *     { name: 'welcome-email', to: 'user-1' },
 *     { name: 'welcome-email', to: 'user-2', payload: { plan: 'pro' } },
 *   ],
 * });
 * ```
 */
export const BulkTriggerBody = z.object({
  events: z.array(TriggerBody).check(z.minLength(1), z.maxLength(BULK_TRIGGER_LIMIT)),
});
export type BulkTriggerBody = z.infer<typeof BulkTriggerBody>;

/**
 * One answer of `POST /v1/events/trigger/bulk`: a trigger answer, or for an event that failed
 * (an unknown workflow) `status: 'error'` with its `error` texts and no `transactionId`.
 *
 * @example
 * ```ts
 * BulkTriggerResult.parse({ acknowledged: true, status: 'error', error: ['workflow_not_found'] });
 * ```
 */
export const BulkTriggerResult = z.looseObject({
  ...TriggerResponse.shape,
  /** The transaction of the event's run; absent when the event failed. */
  transactionId: z.optional(z.string()),
});
/**
 * One answer of `POST /v1/events/trigger/bulk`.
 *
 * @example
 * ```ts
 * const [first] = await svc.events.triggerBulk({ events: [{ name: 'welcome', to: 'user-1' }] });
 * if (first?.transactionId) console.log(first.transactionId);
 * ```
 */
export interface BulkTriggerResult extends WireShape<typeof BulkTriggerResult> {}

/**
 * Response of `POST /v1/events/trigger/bulk`: one trigger answer per event, in order.
 *
 * @example
 * ```ts
 * BulkTriggerResponse.parse([{ acknowledged: true, status: 'processed', transactionId: 't-1' }]);
 * ```
 */
export const BulkTriggerResponse = z.array(BulkTriggerResult);
export type BulkTriggerResponse = BulkTriggerResult[];

/**
 * Body of `POST /v1/events/trigger/broadcast`: a trigger without `to` (every subscriber of the
 * environment receives it); `payload` is required.
 *
 * @example
 * ```ts
 * BroadcastBody.parse({ name: 'maintenance-window', payload: { startsAt: '2024-06-01T22:00:00Z' } });
 * ```
 */
export const BroadcastBody = z.object({
  /** Trigger identifier of the workflow. */
  name: z.string(),
  payload: JsonObject,
  overrides: z.optional(JsonObject),
  transactionId: z.optional(z.string()),
  actor: z.optional(TriggerActor),
  tenant: z.optional(TriggerTenantInput),
  context: z.optional(TriggerContext),
});
export type BroadcastBody = z.infer<typeof BroadcastBody>;
