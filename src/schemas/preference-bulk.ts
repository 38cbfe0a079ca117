import * as z from 'zod/mini';
import { openEnum, type WireShape } from './common';
import { PreferenceChannels, PreferencesUpdateBody } from './preference';
import { SEVERITIES } from './workflow-common';

/** Most workflow preferences one `PATCH /v2/subscribers/{id}/preferences/bulk` takes. */
export const BULK_PREFERENCES_LIMIT = 100;

/**
 * One item of a bulk preferences update: a workflow (its identifier, `_id` or slug) and the
 * channels to turn on or off for it.
 */
export const BulkPreferenceItem = z.object({
  workflowId: z.string(),
  channels: z.object({
    email: z.optional(z.boolean()),
    sms: z.optional(z.boolean()),
    in_app: z.optional(z.boolean()),
    push: z.optional(z.boolean()),
    chat: z.optional(z.boolean()),
  }),
});
export type BulkPreferenceItem = z.infer<typeof BulkPreferenceItem>;

/**
 * Body of `PATCH /v2/subscribers/{subscriberId}/preferences/bulk`: 1 to
 * {@link BULK_PREFERENCES_LIMIT} workflow preferences, and a context.
 */
export const BulkPreferencesUpdateBody = z.object({
  preferences: z.array(BulkPreferenceItem).check(z.maxLength(BULK_PREFERENCES_LIMIT)),
  context: PreferencesUpdateBody.shape.context,
});
export type BulkPreferencesUpdateBody = z.infer<typeof BulkPreferencesUpdateBody>;

/**
 * A subscriber's preference for one workflow as the bulk update answers it (the service's
 * `GetPreferencesResponseDto`): `level` `template`, the channels that apply to the workflow's
 * channel steps, and the workflow.
 */
export const WorkflowPreference = z.looseObject({
  /** `global` for the subscriber's global preference, `template` for a workflow's. */
  level: openEnum(['global', 'template']),
  /** Whether the preference is on. */
  enabled: z.boolean(),
  /** Whether each channel is on. */
  channels: PreferenceChannels,
  /** The workflow of a workflow-level preference. */
  workflow: z.optional(
    z.nullable(
      z.looseObject({
        /** The workflow's internal id. */
        id: z.string(),
        /** The workflow's identifier (its trigger name). */
        identifier: z.string(),
        /** The workflow's name. */
        name: z.string(),
        /** Whether the workflow is critical (subscribers cannot turn it off). */
        critical: z.boolean(),
        /** The workflow's tags. */
        tags: z.optional(z.array(z.string())),
        /** The workflow's severity (`high`, `medium`, `low`, `none`). */
        severity: z.optional(openEnum(SEVERITIES)),
      }),
    ),
  ),
});
export interface WorkflowPreference extends WireShape<typeof WorkflowPreference> {}

/** Answer of the bulk preferences update: one preference per workflow, in request order. */
export const BulkPreferencesUpdateResponse = z.array(WorkflowPreference);
export type BulkPreferencesUpdateResponse = WorkflowPreference[];
