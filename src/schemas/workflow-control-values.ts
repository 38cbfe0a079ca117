// Types only: a misspelled control (`{ ammount: 30 }` on a delay) is a compile error in a create
// body, a seed or a `defineWorkflow` step; the service checks the values and answers step `issues`.
import type { UpsertStepType } from './workflow-upsert';

/**
 * A skip rule (JSON Logic) every step type takes: the step is skipped when it is true.
 *
 * @example
 * ```ts
 * const skip: SkipControl = { skip: { '==': [{ var: 'payload.muted' }, true] } };
 * ```
 */
// A type, not an interface: control values stay assignable to `Record<string, unknown>`.
export type SkipControl = { skip?: Record<string, unknown> };

/**
 * A time unit of a control: the known ones suggested, any string taken (a unit the service does
 * not know is its step issue, not a compile error, so values read from elsewhere need no cast).
 */
export type ControlTimeUnit =
  | 'seconds'
  | 'minutes'
  | 'hours'
  | 'days'
  | 'weeks'
  | 'months'
  | (string & {});

/** A link target of an in-app redirect or action. */
export interface RedirectControl {
  url?: string;
  target?: '_self' | '_blank' | '_parent' | '_top' | '_unfencedTop';
}

/** An in-app action button. */
export interface ActionControl {
  label?: string;
  redirect?: RedirectControl;
}

/** Control values of an in-app step: a `body` or a `subject` is required. */
export type InAppControls = SkipControl & {
  subject?: string;
  body?: string;
  avatar?: string;
  primaryAction?: ActionControl;
  secondaryAction?: ActionControl;
  redirect?: RedirectControl;
  disableOutputSanitization?: boolean;
  data?: Record<string, unknown>;
};

/** Control values of an email step: `subject` and `body` are required. */
export type EmailControls = SkipControl & {
  subject?: string;
  /** HTML, or a block editor document. */
  body?: string | Record<string, unknown>;
  editorType?: 'block' | 'html';
  disableOutputSanitization?: boolean;
  /** `null` = no layout; omitted = the default layout. */
  layoutId?: string | null;
};

/** Control values of an SMS or chat step. */
export type TextControls = SkipControl & { body?: string };

/** Control values of a push step. */
export type PushControls = SkipControl & { subject?: string; body?: string };

/**
 * Control values of a delay step: `amount` and `unit` (regular, the default), a `cron` (timed)
 * or a `dynamicKey` naming a date or `{ amount, unit }` in the trigger (dynamic).
 */
export type DelayControls = SkipControl & {
  type?: 'regular' | 'timed' | 'dynamic' | 'scheduled' | (string & {});
  amount?: number;
  unit?: ControlTimeUnit;
  cron?: string;
  dynamicKey?: string;
  /** A scheduled delay (`type: 'scheduled'`): the payload path of the date to wait until. */
  delayPath?: string;
  extendToSchedule?: boolean;
};

/** Control values of a digest step: `amount` and `unit`, or a `cron` schedule. */
export type DigestControls = SkipControl & {
  /** `regular` (default), `backoff` or `timed` (see `timed`); a `cron` wins when given. */
  type?: 'regular' | 'backoff' | 'timed' | (string & {});
  amount?: number;
  unit?: ControlTimeUnit;
  digestKey?: string;
  cron?: string;
  lookBackWindow?: { amount?: number; unit?: string };
  backoff?: boolean;
  backoffAmount?: number;
  backoffUnit?: ControlTimeUnit;
  /** A timed digest's schedule: a time of day on every day, week days or month days. */
  timed?: {
    atTime?: string;
    weekDays?: string[];
    monthDays?: (string | number)[];
    ordinal?: string;
    ordinalValue?: string;
    monthlyType?: string;
    cronExpression?: string;
  };
  extendToSchedule?: boolean;
};

/**
 * Control values of a throttle step: a window (`amount` `unit`, or `dynamicKey`) and a threshold.
 */
export type ThrottleControls = SkipControl & {
  type?: 'fixed' | 'dynamic' | (string & {});
  amount?: number;
  unit?: ControlTimeUnit;
  dynamicKey?: string;
  threshold?: number;
  throttleKey?: string;
};

/** The control values of each step type a workflow can hold. */
export interface StepControlValues {
  in_app: InAppControls;
  email: EmailControls;
  sms: TextControls;
  chat: TextControls;
  push: PushControls;
  delay: DelayControls;
  digest: DigestControls;
  throttle: ThrottleControls;
  /** A custom step's controls are its own. */
  custom: Record<string, unknown>;
}

/**
 * One step with the control values of its type, for any object that also has `Fields`: the type
 * of the steps of a typed create body, seed or workflow file.
 *
 * @example
 * ```ts
 * const step: TypedStep<{ name: string }> = {
 *   type: 'delay',
 *   name: 'Wait',
 *   controlValues: { amount: 30, unit: 'minutes' },
 * };
 * ```
 */
export type TypedStep<Fields, Nullable extends boolean = false> = {
  [Type in UpsertStepType]: Fields & {
    type: Type;
    controlValues?: StepControlValues[Type] | (Nullable extends true ? null : never) | undefined;
  };
}[UpsertStepType];
