import * as z from 'zod/mini';
import { JsonObject } from '../schemas/common';
import { DIGEST_UNITS } from '../schemas/workflow-common';
import type { UpsertStepType } from '../schemas/workflow-upsert';

const text = z.optional(z.string());
const skip = z.optional(JsonObject);
/** The values the workflow file's JSON Schema suggests (`examples`) for open string controls. */
export const SUGGESTED_VALUES = new Map<z.ZodMiniType, readonly string[]>();

// Known values suggested to editors, any string taken: the service answers an unknown one as a
// step issue rather than refusing the workflow.
function oneOf(values: readonly string[]) {
  const schema = z.string();
  SUGGESTED_VALUES.set(schema, values);
  return z.optional(schema);
}
const unit = oneOf(DIGEST_UNITS);
const redirect = z.optional(
  z.object({
    url: text,
    target: z.optional(z.enum(['_self', '_blank', '_parent', '_top', '_unfencedTop'])),
  }),
);
const action = z.optional(z.object({ label: text, redirect }));

/**
 * The schema of each step type's control values: known controls typed (a wrong type is named by
 * its field), other keys kept as they are, so a file pulled from a newer service still reads and
 * the service reports what it does not know as step issues.
 */
export const STEP_CONTROLS = {
  in_app: z.looseObject({
    skip,
    subject: text,
    body: text,
    avatar: text,
    primaryAction: action,
    secondaryAction: action,
    redirect,
    disableOutputSanitization: z.optional(z.boolean()),
    data: z.optional(JsonObject),
  }),
  email: z.looseObject({
    skip,
    subject: text,
    body: z.optional(z.union([z.string(), JsonObject])),
    editorType: z.optional(z.enum(['block', 'html'])),
    disableOutputSanitization: z.optional(z.boolean()),
    layoutId: z.optional(z.nullable(z.string())),
  }),
  sms: z.looseObject({ skip, body: text }),
  chat: z.looseObject({ skip, body: text }),
  push: z.looseObject({ skip, subject: text, body: text }),
  delay: z.looseObject({
    skip,
    type: oneOf(['regular', 'timed', 'dynamic', 'scheduled']),
    amount: z.optional(z.number()),
    unit,
    cron: text,
    dynamicKey: text,
    delayPath: text,
    extendToSchedule: z.optional(z.boolean()),
  }),
  digest: z.looseObject({
    skip,
    type: oneOf(['regular', 'backoff', 'timed']),
    amount: z.optional(z.number()),
    unit,
    digestKey: text,
    cron: text,
    lookBackWindow: z.optional(z.object({ amount: z.optional(z.number()), unit: text })),
    extendToSchedule: z.optional(z.boolean()),
  }),
  throttle: z.looseObject({
    skip,
    type: oneOf(['fixed', 'dynamic']),
    amount: z.optional(z.number()),
    unit,
    dynamicKey: text,
    threshold: z.optional(z.number()),
    throttleKey: text,
  }),
  custom: JsonObject,
} satisfies Record<UpsertStepType, z.ZodMiniType>;
