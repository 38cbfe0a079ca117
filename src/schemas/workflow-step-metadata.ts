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
/**
 * The settings of a regular or backoff digest step (one form of `StepMetadata`).
 *
 * @example
 * ```ts
 * const digest: DigestRegularMetadata = { type: 'regular', amount: 5, unit: 'minutes' };
 * ```
 */
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
/**
 * The schedule of a timed digest step (`DigestTimedMetadata.timed`).
 *
 * @example
 * ```ts
 * const schedule: DigestTimedConfig = { atTime: '09:00', weekDays: ['monday'] };
 * ```
 */
export interface DigestTimedConfig extends WireShape<typeof DigestTimedConfig> {}

/** Step metadata of a timed (scheduled) digest. */
export const DigestTimedMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  digestKey: z.optional(z.string()),
  type: openEnum(['timed']),
  timed: z.optional(DigestTimedConfig),
});
/**
 * The settings of a timed digest step (one form of `StepMetadata`).
 *
 * @example
 * ```ts
 * const digest: DigestTimedMetadata = { type: 'timed', unit: 'weeks', timed: { weekDays: ['monday'] } };
 * ```
 */
export interface DigestTimedMetadata extends WireShape<typeof DigestTimedMetadata> {}

/** Step metadata of a fixed-duration delay. */
export const DelayRegularMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  type: openEnum(['regular']),
});
/**
 * The settings of a regular delay step (one form of `StepMetadata`).
 *
 * @example
 * ```ts
 * const delay: DelayRegularMetadata = { type: 'regular', amount: 30, unit: 'minutes' };
 * ```
 */
export interface DelayRegularMetadata extends WireShape<typeof DelayRegularMetadata> {}

/** Step metadata of a delay until a date read from the payload. */
export const DelayScheduledMetadata = z.looseObject({
  type: openEnum(['scheduled']),
  delayPath: z.string(),
});
/**
 * The settings of a scheduled delay step, which waits until a date in the payload (one form of `StepMetadata`).
 *
 * @example
 * ```ts
 * const delay: DelayScheduledMetadata = { type: 'scheduled', delayPath: 'sendAt' };
 * ```
 */
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
/**
 * Reply callback settings of an embedded workflow step (`NotificationStep.replyCallback`).
 *
 * @example
 * ```ts
 * const callbackUrl = (callback: ReplyCallback) => (callback.active ? callback.url : undefined);
 * ```
 */
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
/**
 * A variant of an embedded workflow step (`NotificationStep.variants`).
 *
 * @example
 * ```ts
 * const activeVariants = (variants: NotificationStepVariant[]) => variants.filter((variant) => variant.active);
 * ```
 */
export interface NotificationStepVariant extends WireShape<typeof NotificationStepVariant> {}

/** A step of a workflow as embedded in a message (`Message.template.steps`). */
export const NotificationStep = z.looseObject({
  ...notificationStepShape,
  variants: z.optional(z.array(NotificationStepVariant)),
});
/**
 * A step of a workflow as embedded in a message (`Message.template.steps`).
 *
 * @example
 * ```ts
 * const stepNames = (steps: NotificationStep[]) => steps.map((step) => step.name);
 * ```
 */
export interface NotificationStep extends WireShape<typeof NotificationStep> {}

/** A named variable of a workflow trigger. */
export const TriggerVariable = z.looseObject({ name: z.string() });
/**
 * A named variable of a workflow trigger (`NotificationTrigger.variables`).
 *
 * @example
 * ```ts
 * const names = (variables: TriggerVariable[]) => variables.map((variable) => variable.name);
 * ```
 */
export interface TriggerVariable extends WireShape<typeof TriggerVariable> {}

/** The event trigger of a workflow (its trigger identifier and variables). */
export const NotificationTrigger = z.looseObject({
  type: openEnum(['event']),
  identifier: z.string(),
  variables: z.array(TriggerVariable),
  subscriberVariables: z.optional(z.array(TriggerVariable)),
});
/**
 * The event trigger of a workflow: its identifier and variables (`MessageWorkflow.triggers`).
 *
 * @example
 * ```ts
 * const identifiers = (triggers: NotificationTrigger[]) => triggers.map((trigger) => trigger.identifier);
 * ```
 */
export interface NotificationTrigger extends WireShape<typeof NotificationTrigger> {}
