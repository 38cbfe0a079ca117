// Apart from event.ts, so an app that only triggers does not bundle the bulk and broadcast schemas.
import * as z from 'zod/mini';
import { JsonObject, type WireShape } from './common';
import { TriggerActor, TriggerBody, TriggerResponse, TriggerTenantInput } from './event';
import { TriggerContext } from './trigger-context';

/** The most events one `POST /v1/events/trigger/bulk` takes. */
export const BULK_TRIGGER_LIMIT = 100;

/** Body of `POST /v1/events/trigger/bulk`: 1 to 100 triggers, each answered as a single trigger. */
export const BulkTriggerBody = z.object({
  events: z.array(TriggerBody).check(z.minLength(1), z.maxLength(BULK_TRIGGER_LIMIT)),
});
export type BulkTriggerBody = z.infer<typeof BulkTriggerBody>;

/**
 * One answer of `POST /v1/events/trigger/bulk`: a trigger answer, or for an event that failed
 * (an unknown workflow) `status: 'error'` with its `error` texts and no `transactionId`.
 */
export const BulkTriggerResult = z.looseObject({
  ...TriggerResponse.shape,
  /** The transaction of the event's run; absent when the event failed. */
  transactionId: z.optional(z.string()),
});
/** One answer of `POST /v1/events/trigger/bulk`. */
export interface BulkTriggerResult extends WireShape<typeof BulkTriggerResult> {}

/** Response of `POST /v1/events/trigger/bulk`: one trigger answer per event, in order. */
export const BulkTriggerResponse = z.array(BulkTriggerResult);
export type BulkTriggerResponse = BulkTriggerResult[];

/**
 * Body of `POST /v1/events/trigger/broadcast`: a trigger without `to` (every subscriber of the
 * environment receives it); `payload` is required.
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
