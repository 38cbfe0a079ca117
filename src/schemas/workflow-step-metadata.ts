/**
 * Step metadata of digests and delays, and the (legacy) step, trigger and reply-callback shapes
 * embedded in messages.
 *
 * @module
 */
import * as z from 'zod/mini';
import { JsonObject, openEnum, type WireShape } from './common';
import { StepFilter } from './step-filter';
import { DIGEST_UNITS } from './workflow-common';

const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const ORDINALS = ['1', '2', '3', '4', '5', 'last'] as const;
const ORDINAL_VALUES = [
  'day',
  'weekday',
  'weekend',
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
const MONTHLY_TYPES = ['each', 'on'] as const;

/** Step metadata of a regular or backoff digest. */
export const DigestRegularMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  digestKey: z.optional(z.string()),
  type: openEnum(['regular', 'backoff']),
  backoff: z.optional(z.boolean()),
  backoffAmount: z.optional(z.number()),
  backoffUnit: z.optional(openEnum(DIGEST_UNITS)),
  updateMode: z.optional(z.boolean()),
});
export interface DigestRegularMetadata extends WireShape<typeof DigestRegularMetadata> {}

/** The schedule of a timed digest. */
export const DigestTimedConfig = z.looseObject({
  atTime: z.optional(z.string()),
  weekDays: z.optional(z.array(openEnum(WEEK_DAYS))),
  monthDays: z.optional(z.array(z.string())),
  ordinal: z.optional(openEnum(ORDINALS)),
  ordinalValue: z.optional(openEnum(ORDINAL_VALUES)),
  monthlyType: z.optional(openEnum(MONTHLY_TYPES)),
});
export interface DigestTimedConfig extends WireShape<typeof DigestTimedConfig> {}

/** Step metadata of a timed (scheduled) digest. */
export const DigestTimedMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  digestKey: z.optional(z.string()),
  type: openEnum(['timed']),
  timed: z.optional(DigestTimedConfig),
});
export interface DigestTimedMetadata extends WireShape<typeof DigestTimedMetadata> {}

/** Step metadata of a fixed-duration delay. */
export const DelayRegularMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  type: openEnum(['regular']),
});
export interface DelayRegularMetadata extends WireShape<typeof DelayRegularMetadata> {}

/** Step metadata of a delay until a date read from the payload. */
export const DelayScheduledMetadata = z.looseObject({
  type: openEnum(['scheduled']),
  delayPath: z.string(),
});
export interface DelayScheduledMetadata extends WireShape<typeof DelayScheduledMetadata> {}

/** Any of the four step metadata shapes (digest regular/timed, delay regular/scheduled). */
export const StepMetadata = z.union([
  DelayScheduledMetadata,
  DigestTimedMetadata,
  DigestRegularMetadata,
  DelayRegularMetadata,
]);
/**
 * Any of the four step metadata shapes (digest regular/timed, delay regular/scheduled).
 *
 * @example
 * ```ts
 * const delay: StepMetadata = { type: 'regular', amount: 30, unit: 'minutes' };
 * ```
 */
export type StepMetadata = WireShape<typeof StepMetadata>;

/** Reply callback settings of a step. */
export const ReplyCallback = z.looseObject({
  active: z.optional(z.boolean()),
  url: z.optional(z.string()),
});
export interface ReplyCallback extends WireShape<typeof ReplyCallback> {}

const notificationStepShape = {
  _id: z.optional(z.string()),
  uuid: z.optional(z.string()),
  name: z.optional(z.string()),
  _templateId: z.optional(z.string()),
  active: z.optional(z.boolean()),
  shouldStopOnFail: z.optional(z.boolean()),
  template: z.optional(JsonObject),
  filters: z.optional(z.array(StepFilter)),
  _parentId: z.optional(z.string()),
  metadata: z.optional(StepMetadata),
  replyCallback: z.optional(ReplyCallback),
};

/** A variant of a (legacy) workflow step: the step shape without `variants`. */
export const NotificationStepVariant = z.looseObject(notificationStepShape);
export interface NotificationStepVariant extends WireShape<typeof NotificationStepVariant> {}

/** A step of a workflow as embedded in a message (`Message.template.steps`). */
export const NotificationStep = z.looseObject({
  ...notificationStepShape,
  variants: z.optional(z.array(NotificationStepVariant)),
});
export interface NotificationStep extends WireShape<typeof NotificationStep> {}

/** A named variable of a workflow trigger. */
export const TriggerVariable = z.looseObject({ name: z.string() });
export interface TriggerVariable extends WireShape<typeof TriggerVariable> {}

/** The event trigger of a workflow (its trigger identifier and variables). */
export const NotificationTrigger = z.looseObject({
  type: openEnum(['event']),
  identifier: z.string(),
  variables: z.array(TriggerVariable),
  subscriberVariables: z.optional(z.array(TriggerVariable)),
});
export interface NotificationTrigger extends WireShape<typeof NotificationTrigger> {}
