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
  /** How long the digest collects events (with `unit`). */
  amount: z.optional(z.number()),
  /** The unit of `amount`. */
  unit: z.optional(openEnum(DIGEST_UNITS)),
  /** The payload key events are grouped by (one digest per value). */
  digestKey: z.optional(z.string()),
  /** `regular` or `backoff`. */
  type: openEnum(['regular', 'backoff']),
  /**
   * Whether it is a backoff digest (the first event goes through when none came within the backoff
   * window).
   */
  backoff: z.optional(z.boolean()),
  /** The backoff window (with `backoffUnit`). */
  backoffAmount: z.optional(z.number()),
  /** The unit of `backoffAmount`. */
  backoffUnit: z.optional(openEnum(DIGEST_UNITS)),
  /** The step's `updateMode` setting, as the service records it. */
  updateMode: z.optional(z.boolean()),
});
/** The settings of a regular or backoff digest step (one form of `StepMetadata`). */
export interface DigestRegularMetadata extends WireShape<typeof DigestRegularMetadata> {}

/** The schedule of a timed digest. */
export const DigestTimedConfig = z.looseObject({
  /** The time of day it sends (`09:00`). */
  atTime: z.optional(z.string()),
  /** The week days it sends on (`monday`, ...). */
  weekDays: z.optional(z.array(openEnum(WEEK_DAYS))),
  /** The days of the month it sends on. */
  monthDays: z.optional(z.array(z.string())),
  /** Which occurrence in the month (`1` to `5`, or `last`), with `ordinalValue`. */
  ordinal: z.optional(openEnum(ORDINALS)),
  /** The day the ordinal counts (`day`, `weekday`, `monday`, ...). */
  ordinalValue: z.optional(openEnum(ORDINAL_VALUES)),
  /** `each` (the `monthDays`) or `on` (the `ordinal` `ordinalValue`). */
  monthlyType: z.optional(openEnum(MONTHLY_TYPES)),
});
/** The schedule of a timed digest step (`DigestTimedMetadata.timed`). */
export interface DigestTimedConfig extends WireShape<typeof DigestTimedConfig> {}

/** Step metadata of a timed (scheduled) digest. */
export const DigestTimedMetadata = z.looseObject({
  /** How long the digest collects events (with `unit`). */
  amount: z.optional(z.number()),
  /** The unit of `amount` and of the schedule. */
  unit: z.optional(openEnum(DIGEST_UNITS)),
  /** The payload key events are grouped by (one digest per value). */
  digestKey: z.optional(z.string()),
  /** Always `timed`. */
  type: openEnum(['timed']),
  /** When the digest sends. */
  timed: z.optional(DigestTimedConfig),
});
/** The settings of a timed digest step (one form of `StepMetadata`). */
export interface DigestTimedMetadata extends WireShape<typeof DigestTimedMetadata> {}

/** Step metadata of a fixed-duration delay. */
export const DelayRegularMetadata = z.looseObject({
  /** How long the delay waits (with `unit`). */
  amount: z.optional(z.number()),
  /** The unit of `amount`. */
  unit: z.optional(openEnum(DIGEST_UNITS)),
  /** Always `regular`. */
  type: openEnum(['regular']),
});
/** The settings of a regular delay step (one form of `StepMetadata`). */
export interface DelayRegularMetadata extends WireShape<typeof DelayRegularMetadata> {}

/** Step metadata of a delay until a date read from the payload. */
export const DelayScheduledMetadata = z.looseObject({
  /** Always `scheduled`. */
  type: openEnum(['scheduled']),
  /** The payload path of the date to wait until. */
  delayPath: z.string(),
});
/**
 * The settings of a scheduled delay step, which waits until a date in the payload (one form of `StepMetadata`).
 */
export interface DelayScheduledMetadata extends WireShape<typeof DelayScheduledMetadata> {}

/** Any of the four step metadata shapes (digest regular/timed, delay regular/scheduled). */
export const StepMetadata = z.union([
  DelayScheduledMetadata,
  DigestTimedMetadata,
  DigestRegularMetadata,
  DelayRegularMetadata,
]);
/** Any of the four step metadata shapes (digest regular/timed, delay regular/scheduled). */
export type StepMetadata = WireShape<typeof StepMetadata>;

/** Reply callback settings of a step. */
export const ReplyCallback = z.looseObject({
  /** Whether the reply callback is on. */
  active: z.optional(z.boolean()),
  /** The URL replies are sent to. */
  url: z.optional(z.string()),
});
/** Reply callback settings of an embedded workflow step (`NotificationStep.replyCallback`). */
export interface ReplyCallback extends WireShape<typeof ReplyCallback> {}

const notificationStepShape = {
  /** The step's internal id. */
  _id: z.optional(z.string()),
  /** The step's uuid. */
  uuid: z.optional(z.string()),
  /** The step's name. */
  name: z.optional(z.string()),
  /** The `_id` of the step's content template. */
  _templateId: z.optional(z.string()),
  /** Whether the step is active. */
  active: z.optional(z.boolean()),
  /** Whether the run stops when the step fails. */
  shouldStopOnFail: z.optional(z.boolean()),
  /** The step's content template. */
  template: z.optional(JsonObject),
  /** The step's conditions: it runs only when they match. */
  filters: z.optional(z.array(StepFilter)),
  /** The `_id` of the step before it. */
  _parentId: z.optional(z.string()),
  /** A digest's or a delay's settings. */
  metadata: z.optional(StepMetadata),
  /** The step's reply callback settings. */
  replyCallback: z.optional(ReplyCallback),
};

/** A variant of a (legacy) workflow step: the step shape without `variants`. */
export const NotificationStepVariant = z.looseObject(notificationStepShape);
/** A variant of an embedded workflow step (`NotificationStep.variants`). */
export interface NotificationStepVariant extends WireShape<typeof NotificationStepVariant> {}

/** A step of a workflow as embedded in a message (`Message.template.steps`). */
export const NotificationStep = z.looseObject({
  ...notificationStepShape,
  /** The step's variants (each a step without variants). */
  variants: z.optional(z.array(NotificationStepVariant)),
});
/** A step of a workflow as embedded in a message (`Message.template.steps`). */
export interface NotificationStep extends WireShape<typeof NotificationStep> {}

/** A named variable of a workflow trigger. */
export const TriggerVariable = z.looseObject({
  /** The variable's name (`firstName`, `order.id`, ...). */
  name: z.string(),
});
/** A named variable of a workflow trigger (`NotificationTrigger.variables`). */
export interface TriggerVariable extends WireShape<typeof TriggerVariable> {}

/** The event trigger of a workflow (its trigger identifier and variables). */
export const NotificationTrigger = z.looseObject({
  /** Always `event`. */
  type: openEnum(['event']),
  /** The workflow's trigger identifier: the name a trigger sends. */
  identifier: z.string(),
  /** The payload variables the workflow's content uses. */
  variables: z.array(TriggerVariable),
  /** The subscriber variables the workflow's content uses. */
  subscriberVariables: z.optional(z.array(TriggerVariable)),
});
/** The event trigger of a workflow: its identifier and variables (`MessageWorkflow.triggers`). */
export interface NotificationTrigger extends WireShape<typeof NotificationTrigger> {}
