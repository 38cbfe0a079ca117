import * as z from 'zod/mini';
import type { WireShape } from './common';

/** The statuses a delivery provider reports about an email or SMS (the service's event statuses). */
export const DELIVERY_EVENT_STATUSES = [
  'opened',
  'rejected',
  'sent',
  'deferred',
  'delivered',
  'bounced',
  'dropped',
  'clicked',
  'blocked',
  'spam',
  'unsubscribed',
  'delayed',
  'complaint',
  'created',
  'accepted',
  'queued',
  'sending',
  'failed',
  'undelivered',
  'dismissed',
] as const;

/** A status a delivery provider reports (`delivered`, `bounced`, ...). */
export type DeliveryEventStatus = (typeof DELIVERY_EVENT_STATUSES)[number];

/** One event a provider's webhook reported, as the service parsed it. */
export const DeliveryEvent = z.looseObject({
  /** What happened to the message. */
  status: z.string(),
  /** When the provider says it happened (ISO 8601). */
  date: z.string(),
  /** The provider's id of the message. */
  externalId: z.optional(z.string()),
  /** Delivery attempts the provider made. */
  attempts: z.optional(z.number()),
  /** The provider's response text. */
  response: z.optional(z.string()),
  /** The provider's event as it was posted. */
  row: z.optional(z.unknown()),
});
export interface DeliveryEvent extends WireShape<typeof DeliveryEvent> {}

/**
 * What the webhook route answers for each message an event named: the message's identifier and
 * the parsed event.
 */
export const DeliveryWebhookResult = z.looseObject({
  /** The message's identifier at the provider (the engine gives each message its `_id`). */
  id: z.string(),
  /** The provider's event for that message, mapped to the service's status. */
  event: DeliveryEvent,
});
export interface DeliveryWebhookResult extends WireShape<typeof DeliveryWebhookResult> {}

/** Response of `POST /v2/inbound-webhooks/delivery-providers/{environmentId}/{integrationId}`. */
export const DeliveryWebhookResults = z.array(DeliveryWebhookResult);
export type DeliveryWebhookResults = DeliveryWebhookResult[];

/** Body of the webhook route: the provider's own payload (an object, or an array of events). */
export const DeliveryWebhookBody = z.union([
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export type DeliveryWebhookBody = z.input<typeof DeliveryWebhookBody>;
