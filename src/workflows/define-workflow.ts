import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import type { TypedStep } from '../schemas/workflow-control-values';
import type { WorkflowFile, WorkflowFileStep } from './workflow-file';

/** What {@link defineWorkflow} takes. */
export interface WorkflowDefinition<
  Id extends string,
  Schema extends core.$ZodType<Record<string, unknown>> | undefined,
> {
  /** The trigger identifier: letters and digits, with `-`, `_` or `.` between them. */
  workflowId: Id;
  /** Defaults to the workflowId. */
  name?: string;
  description?: string;
  tags?: string[];
  active?: boolean;
  severity?: NonNullable<WorkflowFile['severity']>;
  /** The trigger payload's schema (zod, classic or mini); its JSON Schema is what is pushed. */
  payloadSchema?: Schema;
  /** Whether the service refuses payloads that break the schema (default: `true` with a schema). */
  validatePayload?: boolean;
  isTranslationEnabled?: boolean;
  preferences?: WorkflowFile['preferences'];
  /** The steps; a step without `stepId` gets one from its name (`Send email` → `send-email`). */
  steps: TypedStep<{ name: string; stepId?: string }>[];
}

/**
 * A workflow from {@link defineWorkflow}: a workflow file that also carries its payload type
 * (type only).
 */
export type DefinedWorkflow<Id extends string = string, Payload = Record<string, unknown>> = Omit<
  WorkflowFile,
  'workflowId'
> & {
  workflowId: Id;
  /** Type only: the payload type a trigger of this workflow takes. */
  readonly '~payload'?: Payload;
};

/**
 * The map of workflow id to payload type of a list of defined workflows: what `Register` takes
 * (`declare module '@svc/api' { interface Register { workflows: WorkflowsOf<[typeof welcome]> } }`).
 *
 * @example
 * ```ts
 * const welcome = defineWorkflow({
 *   workflowId: 'welcome',
 *   payloadSchema: z.object({ plan: z.string() }),
 *   steps: [],
 * });
 * type Workflows = WorkflowsOf<[typeof welcome]>; // { welcome: { plan: string } }
 * ```
 */
export type WorkflowsOf<Workflows extends readonly DefinedWorkflow<string, unknown>[]> = {
  [Workflow in Workflows[number] as Workflow['workflowId']]: NonNullable<Workflow['~payload']>;
};

function slugOf(name: string, fallback: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? fallback : slug;
}

/**
 * Defines a workflow in TypeScript: the payload type comes from the zod `payloadSchema`, each
 * step's `controlValues` are typed by its `type`. Returns the workflow file (`svc-workflows workflows push`
 * takes a module exporting it; `setupSvcMock({ seed: { workflows: [welcome] } })` seeds it).
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineWorkflow } from '@svc/api/workflows';
 *
 * const welcome = defineWorkflow({
 *   workflowId: 'welcome',
 *   payloadSchema: z.object({ plan: z.enum(['free', 'pro']) }),
 *   steps: [
 *     { type: 'in_app', name: 'Hello', controlValues: { body: 'Welcome to {{payload.plan}}!' } },
 *     { type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'days' } },
 *   ],
 * });
 * ```
 */
export function defineWorkflow<
  const Id extends string,
  Schema extends core.$ZodType<Record<string, unknown>> | undefined = undefined,
>(
  definition: WorkflowDefinition<Id, Schema>,
): DefinedWorkflow<
  Id,
  Schema extends core.$ZodType<Record<string, unknown>> ? z.input<Schema> : Record<string, unknown>
> {
  const { payloadSchema, steps, workflowId, name, validatePayload, ...fields } = definition;
  const used = new Set<string>();
  const fileSteps = steps.map((step, index): WorkflowFileStep => {
    const stepId = step.stepId ?? slugOf(step.name, `${step.type}-${index + 1}`);
    if (used.has(stepId)) {
      throw new Error(`defineWorkflow "${workflowId}": two steps have the stepId "${stepId}"`);
    }
    used.add(stepId);
    return { ...step, stepId } as WorkflowFileStep;
  });
  let jsonSchema: Record<string, unknown> | undefined;
  if (payloadSchema !== undefined) {
    // Draft 7, the dialect the service's payload validation reads; `$schema` left out.
    const { $schema: _dialect, ...schema } = z.toJSONSchema(payloadSchema, {
      target: 'draft-7',
      io: 'input',
    }) as Record<string, unknown>;
    jsonSchema = schema;
  }
  return {
    workflowId,
    name: name ?? workflowId,
    ...fields,
    ...(jsonSchema === undefined ? {} : { payloadSchema: jsonSchema }),
    ...(validatePayload !== undefined || jsonSchema !== undefined
      ? { validatePayload: validatePayload ?? true }
      : {}),
    steps: fileSteps,
  };
}
