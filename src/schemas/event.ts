import * as z from 'zod/mini';
import { CHAT_PUSH_PROVIDER_IDS, JsonObject, openEnum } from './common';

/**
 * A subscriber definition in a trigger (`to` item or `actor`): upserted on trigger.
 *
 * @example
 * ```ts
 * TriggerSubscriberDefinition.parse({ subscriberId: 'user-123', email: 'john@example.com' });
 * ```
 */
export const TriggerSubscriberDefinition = z.object({
  subscriberId: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  phone: z.optional(z.string()),
  avatar: z.optional(z.string()),
  locale: z.optional(z.string()),
  data: z.optional(z.record(z.string(), z.string())),
  channels: z.optional(
    z.array(
      z.object({
        providerId: z.enum(CHAT_PUSH_PROVIDER_IDS),
        integrationIdentifier: z.optional(z.string()),
        credentials: z.object({
          webhookUrl: z.optional(z.string()),
          deviceTokens: z.optional(z.array(z.string())),
        }),
      }),
    ),
  ),
  timezone: z.optional(z.string()),
});
/** A subscriber definition in a trigger. */
export type TriggerSubscriberDefinition = z.infer<typeof TriggerSubscriberDefinition>;

/**
 * A topic recipient of a trigger: fans out to the topic's subscribers minus `exclude`.
 *
 * @example
 * ```ts
 * TriggerTopicRecipient.parse({ type: 'Topic', topicKey: 'product-updates', exclude: ['user-1'] });
 * ```
 */
export const TriggerTopicRecipient = z.object({
  type: z.literal('Topic'),
  topicKey: z.string().check(z.minLength(1)),
  exclude: z.optional(z.array(z.string()).check(z.maxLength(100))),
});
/** A topic recipient of a trigger. */
export type TriggerTopicRecipient = z.infer<typeof TriggerTopicRecipient>;

/**
 * One trigger recipient: a subscriber id, a subscriber definition or a topic.
 *
 * @example
 * ```ts
 * TriggerRecipient.parse('user-123');
 * ```
 */
export const TriggerRecipient = z.union([
  z.string().check(z.minLength(1)),
  TriggerTopicRecipient,
  TriggerSubscriberDefinition,
]);
/** One trigger recipient. */
export type TriggerRecipient = z.infer<typeof TriggerRecipient>;

/**
 * The tenant of a trigger: an identifier or a tenant object.
 *
 * @example
 * ```ts
 * TriggerTenant.parse({ identifier: 'acme', name: 'Acme Corp' });
 * ```
 */
export const TriggerTenant = z.union([
  z.string(),
  z.object({
    identifier: z.optional(z.string()),
    name: z.optional(z.string()),
    data: z.optional(JsonObject),
  }),
]);
/** The tenant of a trigger. */
export type TriggerTenant = z.infer<typeof TriggerTenant>;

/**
 * The context of a trigger: up to 5 entries of `type → id | {id, data}`.
 *
 * @example
 * ```ts
 * TriggerContext.parse({ tenant: 'org-acme', project: { id: 'p-1', data: { region: 'eu' } } });
 * ```
 */
export const TriggerContext = z
  .record(
    z.string(),
    z.union([z.string(), z.object({ id: z.string(), data: z.optional(JsonObject) })]),
  )
  .check(
    z.refine((value) => Object.keys(value).length <= 5, {
      message: 'context accepts at most 5 entries',
    }),
  );
/** The context of a trigger. */
export type TriggerContext = z.infer<typeof TriggerContext>;

/**
 * Body of `POST /v1/events/trigger`.
 *
 * @example
 * ```ts
 * TriggerBody.parse({
 *   name: 'welcome-email',
 *   to: [{ subscriberId: 'user-123', email: 'john@example.com' }, 'user-456'],
 *   payload: { plan: 'pro' },
 * });
 * ```
 */
export const TriggerBody = z.object({
  /** Trigger identifier of the workflow. */
  name: z.string().check(z.minLength(1)),
  to: z.union([TriggerRecipient, z.array(TriggerRecipient)]),
  payload: z.optional(JsonObject),
  overrides: z.optional(JsonObject),
  transactionId: z.optional(z.string()),
  actor: z.optional(z.union([z.string(), TriggerSubscriberDefinition])),
  tenant: z.optional(TriggerTenant),
  context: z.optional(TriggerContext),
});
/** Body of `POST /v1/events/trigger`. */
export type TriggerBody = z.infer<typeof TriggerBody>;

/**
 * Statuses of a trigger response.
 *
 * @example
 * ```ts
 * TRIGGER_STATUSES.includes('processed'); // true
 * ```
 */
export const TRIGGER_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'no_tenant_found',
  'invalid_recipients',
] as const;
/**
 * A trigger response status.
 *
 * @example
 * ```ts
 * const { status } = await svc.events.trigger({ name: 'welcome', to: 'user-1' });
 * if ((status as TriggerStatus) !== 'processed') console.warn(status);
 * ```
 */
export type TriggerStatus = (typeof TRIGGER_STATUSES)[number];

/**
 * Response of `POST /v1/events/trigger`.
 *
 * @example
 * ```ts
 * TriggerResponse.parse({
 *   acknowledged: true,
 *   status: 'processed',
 *   transactionId: 'b7c4a2e0-8f1d-4c2a-9a51-0d2f3c4b5a69',
 *   activityFeedLink: 'https://dashboard.svc.co/env/e/activity/requests?selectedLogId=r',
 * });
 * ```
 */
export const TriggerResponse = z.looseObject({
  acknowledged: z.boolean(),
  status: openEnum(TRIGGER_STATUSES),
  error: z.optional(z.array(z.string())),
  transactionId: z.optional(z.string()),
});
/** Response of `POST /v1/events/trigger`. */
export type TriggerResponse = z.infer<typeof TriggerResponse>;

/**
 * The most events one `POST /v1/events/trigger/bulk` takes.
 *
 * @example
 * ```ts
 * BULK_TRIGGER_LIMIT; // 100
 * ```
 */
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
/** Body of `POST /v1/events/trigger/bulk`. */
export type BulkTriggerBody = z.infer<typeof BulkTriggerBody>;

/**
 * Response of `POST /v1/events/trigger/bulk`: one trigger answer per event, in order.
 *
 * @example
 * ```ts
 * BulkTriggerResponse.parse([{ acknowledged: true, status: 'processed', transactionId: 't-1' }]);
 * ```
 */
export const BulkTriggerResponse = z.array(TriggerResponse);
/** Response of `POST /v1/events/trigger/bulk`. */
export type BulkTriggerResponse = z.infer<typeof BulkTriggerResponse>;

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
  name: z.string().check(z.minLength(1)),
  payload: JsonObject,
  overrides: z.optional(JsonObject),
  transactionId: z.optional(z.string()),
  actor: z.optional(z.union([z.string(), TriggerSubscriberDefinition])),
  tenant: z.optional(TriggerTenant),
  context: z.optional(TriggerContext),
});
/** Body of `POST /v1/events/trigger/broadcast`. */
export type BroadcastBody = z.infer<typeof BroadcastBody>;

/**
 * Response of `DELETE /v1/events/trigger/{transactionId}`: `true` when delayed or digested work
 * of the transaction was canceled, `false` when none was waiting.
 *
 * @example
 * ```ts
 * CancelResponse.parse(true);
 * ```
 */
export const CancelResponse = z.boolean();
/** Response of `DELETE /v1/events/trigger/{transactionId}`. */
export type CancelResponse = z.infer<typeof CancelResponse>;
