// A workflow file: one workflow as it lives in git (`svc/workflows/<workflowId>.json`), the shape
// `svc-workflows workflows pull` writes, `push` and `diff` read, `defineWorkflow` returns and the mock's seed
// takes. No server ids or timestamps: a pull of an unchanged environment changes no file.
import * as z from 'zod/mini';
import { docsUrl } from '../core/docs-url';
import { JsonObject } from '../schemas/common';
import { SEVERITIES } from '../schemas/workflow-common';
import type { StepControlValues } from '../schemas/workflow-control-values';
import {
  SLUG_IDENTIFIER_PATTERN,
  UPSERT_STEP_TYPES,
  type UpsertStepType,
} from '../schemas/workflow-upsert';
import { STEP_CONTROLS, SUGGESTED_VALUES } from './step-controls';

const identifier = z
  .string()
  .check(
    z.regex(SLUG_IDENTIFIER_PATTERN, 'letters and digits, with -, _ or . only between them'),
    z.maxLength(256),
  );

function stepOf<Type extends UpsertStepType>(type: Type) {
  return z.strictObject({
    stepId: identifier,
    name: z.string().check(z.minLength(1), z.maxLength(256)),
    type: z.literal(type),
    controlValues: z.optional(STEP_CONTROLS[type]),
  });
}

/** One step of a workflow file: its `stepId`, name, type and the control values of its type. */
export const WorkflowFileStep = z.discriminatedUnion(
  'type',
  UPSERT_STEP_TYPES.map(stepOf) as unknown as [
    ReturnType<typeof stepOf<'in_app'>>,
    ...ReturnType<typeof stepOf<UpsertStepType>>[],
  ],
);
/** One step of a workflow file. */
export type WorkflowFileStep = {
  [Type in UpsertStepType]: {
    stepId: string;
    name: string;
    type: Type;
    controlValues?: StepControlValues[Type] | undefined;
  };
}[UpsertStepType];

/** The most steps a workflow file may hold (a cap on hostile files, well above real workflows). */
export const MAX_WORKFLOW_STEPS = 100;

/**
 * The workflow file's schema. Fields a file leaves out are not managed: `push` keeps the
 * environment's value and `diff` does not compare them (`pull` writes every field).
 */
export const WorkflowFile = z.strictObject({
  /** The JSON Schema of this file, for editor completion; ignored otherwise. */
  $schema: z.optional(z.string()),
  workflowId: identifier,
  name: z.string().check(z.minLength(1), z.maxLength(256)),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string()).check(z.maxLength(100))),
  active: z.optional(z.boolean()),
  severity: z.optional(z.enum(SEVERITIES)),
  validatePayload: z.optional(z.boolean()),
  /** The JSON Schema of the trigger payload (`null`: none). */
  payloadSchema: z.optional(z.nullable(JsonObject)),
  isTranslationEnabled: z.optional(z.boolean()),
  /** `user`: what subscribers may change; `default`: the workflow's defaults (as answered). */
  preferences: z.optional(
    z.strictObject({
      user: z.optional(z.nullable(JsonObject)),
      default: z.optional(z.nullable(JsonObject)),
    }),
  ),
  steps: z.array(WorkflowFileStep).check(z.maxLength(MAX_WORKFLOW_STEPS)),
});

/**
 * A workflow file.
 *
 * @example
 * ```ts
 * const welcome: WorkflowFile = {
 *   workflowId: 'welcome',
 *   name: 'Welcome',
 *   steps: [{ stepId: 'in-app', name: 'In-App', type: 'in_app', controlValues: { body: 'Hi!' } }],
 * };
 * ```
 */
export type WorkflowFile = Omit<z.infer<typeof WorkflowFile>, 'steps'> & {
  steps: WorkflowFileStep[];
};

/**
 * The JSON Schema of a workflow file (draft 2020-12), for editors: reference it from a file's
 * `$schema`. The package ships it as `node_modules/@svc/api/dist/workflow-file.schema.json`.
 *
 * @example
 * ```ts
 * await writeFile('workflow-file.schema.json', JSON.stringify(workflowFileJsonSchema(), null, 2));
 * ```
 */
export function workflowFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(WorkflowFile, {
      io: 'input',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const values = SUGGESTED_VALUES.get(zodSchema as unknown as z.ZodMiniType);
        if (values !== undefined) jsonSchema.examples = [...values];
      },
    }),
    title: 'svc workflow file',
    description: `One workflow of the svc-workflows CLI (svc-workflows workflows pull/diff/push); see ${docsUrl('workflows-as-code.md')}.`,
  };
}
