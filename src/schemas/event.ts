import * as z from 'zod/mini';
import { CHAT_PUSH_PROVIDER_IDS, JsonObject, openEnum, type WireShape } from './common';
import { isObject, TriggerContext } from './trigger-context';

/** A subscriber definition in a trigger (`to` item or `actor`): upserted on trigger. */
export const TriggerSubscriberDefinition = z.object({
  subscriberId: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  phone: z.optional(z.string()),
  avatar: z.optional(z.string()),
  locale: z.optional(z.string()),
  data: z.optional(
    z.record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean(), z.number()])),
  ),
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
export type TriggerSubscriberDefinition = z.infer<typeof TriggerSubscriberDefinition>;

/** A topic recipient of a trigger: fans out to the topic's subscribers minus `exclude`. */
export const TriggerTopicRecipient = z.object({
  type: z.literal('Topic'),
  topicKey: z.string().check(z.minLength(1)),
  exclude: z.optional(z.array(z.string()).check(z.maxLength(100))),
});
export type TriggerTopicRecipient = z.infer<typeof TriggerTopicRecipient>;

/** One trigger recipient: a subscriber id, a subscriber definition or a topic. */
const RECIPIENT_FORMS = [
  z.string().check(z.minLength(1)),
  TriggerTopicRecipient,
  TriggerSubscriberDefinition,
] as const;
export const TriggerRecipient = z.union(RECIPIENT_FORMS);
export type TriggerRecipient = z.infer<typeof TriggerRecipient>;

/** The tenant of a trigger: an identifier or a tenant object. */
const TENANT_FORMS = [
  z.string(),
  z.object({
    identifier: z.optional(z.string()),
    name: z.optional(z.string()),
    data: z.optional(JsonObject),
  }),
] as const;
export const TriggerTenant = z.union(TENANT_FORMS);
export type TriggerTenant = z.infer<typeof TriggerTenant>;

// The service checks `to` only for being given, `actor` for a non-empty `subscriberId` and
// `tenant` for being an object: a `never`-typed fallback after the documented forms does the same.
const isGiven = (value: unknown) => value !== undefined && value !== null;
// The forms are listed flat (not `TriggerRecipient` nested, nor `TriggerTenant` below): the
// client's unknown-key check reads a value as each documented form of its kind, and of equals
// the last, the subscriber definition (src/core/validation.ts).
const TriggerTo = z.union(
  [...RECIPIENT_FORMS, z.array(TriggerRecipient), z.custom<never>(isGiven)],
  { error: 'to should not be null or undefined' },
);
/** @internal A trigger's `actor` as the service checks it (shared with the broadcast body). */
export const TriggerActor = z.union(
  [
    z.string(),
    TriggerSubscriberDefinition,
    z.custom<never>(
      (value) =>
        isObject(value) &&
        typeof value['subscriberId'] === 'string' &&
        value['subscriberId'] !== '',
    ),
  ],
  { error: 'SubscriberId is required' },
);
/** @internal A trigger's `tenant` as the service checks it (shared with the broadcast body). */
export const TriggerTenantInput = z.union([...TENANT_FORMS, z.custom<never>(isObject)], {
  error: 'tenant must be a string or an object',
});

/**
 * Body of `POST /v1/events/trigger`, as the service's request validation checks it (one schema
 * for the client and the engine, docs/behaviour/events.md#trigger): `name` a string, `to` given,
 * `payload` and `overrides` objects, `transactionId` a string, `actor` an id or a subscriber with
 * a `subscriberId`, `tenant` an id or an object, `context` as `TriggerContext` checks it. What each
 * recipient holds is read when the trigger runs (an unusable one answers a status, not a 422), so
 * `to` and `actor` are typed as the service documents them (`TriggerRecipient`) and checked
 * only as far as the service checks them.
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
  name: z.string(),
  to: TriggerTo,
  payload: z.optional(JsonObject),
  overrides: z.optional(JsonObject),
  transactionId: z.optional(z.string()),
  actor: z.optional(TriggerActor),
  tenant: z.optional(TriggerTenantInput),
  context: z.optional(TriggerContext),
});
export type TriggerBody = z.infer<typeof TriggerBody>;

/** Statuses of a trigger response. */
export const TRIGGER_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'no_tenant_found',
  'invalid_recipients',
] as const;
/** A trigger response status. */
export type TriggerStatus = (typeof TRIGGER_STATUSES)[number];

/** Response of `POST /v1/events/trigger`. */
export const TriggerResponse = z.looseObject({
  /** `true` once the service has accepted the event (the run happens after the answer). */
  acknowledged: z.boolean(),
  /** `processed`, or why nothing ran: `trigger_not_active`, `invalid_recipients`, `error`, ... */
  status: openEnum(TRIGGER_STATUSES),
  /** With `status: 'error'`: what went wrong (a `transactionId` already used). */
  error: z.optional(z.array(z.string())),
  /** The transaction of the run: the one given, or a generated UUID. Always sent. */
  transactionId: z.string(),
  /** The run in the service's dashboard (with `status: 'processed'`). */
  activityFeedLink: z.optional(z.string()),
});
/** Response of `POST /v1/events/trigger` and `POST /v1/events/trigger/broadcast`. */
export interface TriggerResponse extends WireShape<typeof TriggerResponse> {}

/**
 * Response of `DELETE /v1/events/trigger/{transactionId}`: `true` when delayed or digested work
 * of the transaction was canceled, `false` when none was waiting.
 */
export const CancelResponse = z.boolean();
export type CancelResponse = z.infer<typeof CancelResponse>;
