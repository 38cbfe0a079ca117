import * as z from 'zod/mini';
import { JsonObject } from './common';

/**
 * Body of `PATCH /v2/workflows/{workflowId}`: every field optional; `active` also sets the
 * status (`ACTIVE` / `INACTIVE`).
 */
export const WorkflowPatchBody = z.object({
  active: z.optional(z.boolean()),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  payloadSchema: z.optional(z.nullable(JsonObject)),
  validatePayload: z.optional(z.boolean()),
  isTranslationEnabled: z.optional(z.boolean()),
});
export type WorkflowPatchBody = z.infer<typeof WorkflowPatchBody>;
