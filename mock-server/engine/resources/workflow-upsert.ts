/**
 * A workflow created and replaced through the API (docs/behaviour/workflows.md#create,
 * #update): identifiers, steps matched and added, control values, preferences and status.
 *
 * @module
 */

import * as z from 'zod/mini';
import { CHANNEL_TYPES } from '../../../src/schemas/common';
import {
  SLUG_IDENTIFIER_PATTERN,
  WorkflowCreateBody,
  type WorkflowPreferencesRequest,
  type WorkflowStepUpsert,
  WorkflowUpdateBody,
} from '../../../src/schemas/workflow';
import { payloadSchemaProblem } from '../run/payload';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import { workflowByWorkflowId } from '../store/workflow-index';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { slugify } from './slug';
import { requireWorkflow } from './workflow-changes';
import { toWorkflowResponse, type WorkflowResponseDto } from './workflows';

/**
 * The preferences a workflow gets when none are given: every channel on, nothing read-only, no
 * user-level preferences.
 */
export const DEFAULT_WORKFLOW_PREFERENCES = {
  user: null,
  default: {
    all: { enabled: true, readOnly: false },
    channels: Object.fromEntries(CHANNEL_TYPES.map((channel) => [channel, { enabled: true }])),
  },
};

/** The create body as the engine reads it: a raw request may leave out `workflowId`. */
const CreateInput = z.extend(WorkflowCreateBody, { workflowId: z.optional(z.string()) });

/** Attempts at a unique generated identifier before the service gives up. */
const UNIQUE_ID_ATTEMPTS = 5;

function slugFormatMessage(field: string): string {
  return `${field} must be a valid slug format (letters, numbers, hyphens, dot and underscores only)`;
}

/** Checks what the body schema cannot say: non-empty names, slug identifiers, the payload schema. */
function checkFields(
  owner: object,
  input: {
    name: string;
    workflowId?: string | undefined;
    steps: WorkflowStepUpsert[];
    payloadSchema?: Record<string, unknown> | null | undefined;
  },
): void {
  const messages: string[] = [];
  if (input.name.trim() === '') messages.push('name should not be empty');
  if (input.workflowId !== undefined && !SLUG_IDENTIFIER_PATTERN.test(input.workflowId)) {
    messages.push(slugFormatMessage('workflowId'));
  }
  input.steps.forEach((step, index) => {
    if (step.name.trim() === '') messages.push(`steps.${index}.name should not be empty`);
    if (step.stepId !== undefined && !SLUG_IDENTIFIER_PATTERN.test(step.stepId)) {
      messages.push(slugFormatMessage(`steps.${index}.stepId`));
    }
  });
  const schemaProblem = input.payloadSchema
    ? payloadSchemaProblem(owner, input.payloadSchema)
    : undefined;
  if (schemaProblem?.startsWith('the schema is too large')) {
    messages.push(
      `payloadSchema is too large: ${schemaProblem.slice('the schema is too large: '.length)}`,
    );
  } else if (schemaProblem !== undefined) {
    messages.push('payloadSchema must be a valid JSON schema');
  }
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
}

/** `base`, or `base-<shortId>` until it is not taken (the service's unique step ids). */
function uniqueIdentifier(
  scope: EngineScope,
  base: string,
  taken: (candidate: string) => boolean,
  failure: () => ServiceError,
): string {
  let candidate = base;
  for (let attempt = 0; attempt < UNIQUE_ID_ATTEMPTS && taken(candidate); attempt++) {
    candidate = `${base}-${scope.ids.shortId(8)}`;
  }
  if (taken(candidate)) throw failure();
  return candidate;
}

function preferencesOf(request: WorkflowPreferencesRequest | undefined): Record<string, unknown> {
  return {
    user: structuredClone(request?.user ?? null),
    default: structuredClone(request?.workflow ?? DEFAULT_WORKFLOW_PREFERENCES.default),
  };
}

/**
 * The steps a body describes: a step whose `_id` (or, without one, whose `stepId`) names a stored
 * step changes it (keeping its `_id`, `stepId`, filters and metadata; omitted `controlValues`
 * keep its values, `null` clears them); any other step is new. Step ids are unique within the
 * workflow (a repeated one gets a `-<shortId>` suffix).
 */
function buildSteps(
  scope: EngineScope,
  requested: WorkflowStepUpsert[],
  stored: WorkflowStepRecord[],
): WorkflowStepRecord[] {
  const unmatched = new Set(stored);
  const steps: WorkflowStepRecord[] = [];
  for (const step of requested) {
    const persisted =
      stored.find((old) => step._id !== undefined && old._id === step._id && unmatched.has(old)) ??
      stored.find(
        (old) =>
          step._id === undefined &&
          step.stepId !== undefined &&
          old.stepId === step.stepId &&
          unmatched.has(old),
      );
    if (persisted) unmatched.delete(persisted);
    const base = persisted?.stepId ?? step.stepId ?? (slugify(step.name) || step.type);
    const stepId = uniqueIdentifier(
      scope,
      base,
      (candidate) => steps.some((earlier) => earlier.stepId === candidate),
      () => ServiceError.http(400, 'Failed to generate unique stepId', { stepId: base }),
    );
    const keepValues = persisted !== undefined && step.controlValues === undefined;
    steps.push({
      _id: persisted?._id ?? scope.ids.objectId(),
      stepId,
      name: step.name,
      type: step.type,
      active: persisted?.active ?? true,
      controlValues: keepValues
        ? structuredClone(persisted.controlValues)
        : structuredClone(step.controlValues ?? {}),
      filters: structuredClone(persisted?.filters ?? []),
      ...(persisted?.metadata === undefined
        ? {}
        : { metadata: structuredClone(persisted.metadata) }),
      shouldStopOnFail: persisted?.shouldStopOnFail ?? false,
    });
  }
  return steps;
}

/**
 * `POST /v2/workflows` (docs/behaviour/workflows.md#create): a new workflow of origin
 * `svc-cloud`, active unless `active: false`, answered as `GET` answers it. A `workflowId` in use
 * in the environment is refused with 409; a raw body without one gets `slugify(name)` (with a
 * `-<shortId>` suffix when that is taken).
 */
export function createWorkflow(scope: EngineScope, body: unknown): WorkflowResponseDto {
  const input = validateBody(CreateInput, body);
  checkFields(scope.data, input);
  const { data, environment } = scope;
  const taken = (candidate: string) => workflowByWorkflowId(data, candidate) !== undefined;
  let workflowId: string;
  if (input.workflowId !== undefined) {
    if (taken(input.workflowId)) {
      throw ServiceError.http(409, 'Workflow with the same workflowId already exists', {
        workflowId: input.workflowId,
        environmentId: environment._id,
      });
    }
    workflowId = input.workflowId;
  } else {
    const base = slugify(input.name) || 'workflow';
    workflowId = uniqueIdentifier(scope, base, taken, () =>
      ServiceError.http(409, 'Workflow with the same workflowId already exists', {
        workflowId: base,
        environmentId: environment._id,
      }),
    );
  }
  const at = scope.iso();
  const active = input.active ?? true;
  const record: WorkflowRecord = {
    _id: scope.ids.objectId(),
    _environmentId: environment._id,
    _organizationId: environment._organizationId,
    workflowId,
    name: input.name,
    description: input.description ?? '',
    tags: [...(input.tags ?? [])],
    active,
    status: active ? 'ACTIVE' : 'INACTIVE',
    origin: 'svc-cloud',
    steps: buildSteps(scope, input.steps, []),
    payloadSchema: structuredClone(input.payloadSchema ?? null),
    validatePayload: input.validatePayload ?? false,
    severity: input.severity ?? 'none',
    critical: false,
    isTranslationEnabled: input.isTranslationEnabled ?? false,
    preferences: preferencesOf(input.preferences),
    lastTriggeredAt: null,
    lastPublishedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  tables.workflows.push(data, record);
  return toWorkflowResponse(record, data);
}

/**
 * `PUT /v2/workflows/{workflowId}` (docs/behaviour/workflows.md#update): replaces the name,
 * steps, preferences and `active` (omitted means `true`); `description`, `tags`,
 * `payloadSchema`, `validatePayload`, `severity` and `isTranslationEnabled` change only when
 * given. The workflowId stays (the service changes it only for code-first workflows).
 */
export function updateWorkflow(
  scope: EngineScope,
  idOrSlug: string,
  body: unknown,
): WorkflowResponseDto {
  const input = validateBody(WorkflowUpdateBody, body);
  const workflow = requireWorkflow(scope.data, idOrSlug);
  checkFields(scope.data, { ...input, workflowId: undefined });
  const steps = buildSteps(scope, input.steps, workflow.steps);
  const active = input.active ?? true;
  tables.workflows.edit(scope.data, workflow);
  workflow.name = input.name;
  workflow.steps = steps;
  workflow.active = active;
  workflow.status = active ? 'ACTIVE' : 'INACTIVE';
  workflow.preferences = preferencesOf(input.preferences);
  if (input.description !== undefined) workflow.description = input.description;
  if (input.tags !== undefined) workflow.tags = [...input.tags];
  if (input.payloadSchema !== undefined) {
    workflow.payloadSchema = structuredClone(input.payloadSchema);
  }
  if (input.validatePayload !== undefined) workflow.validatePayload = input.validatePayload;
  if (input.severity !== undefined) workflow.severity = input.severity;
  if (input.isTranslationEnabled !== undefined) {
    workflow.isTranslationEnabled = input.isTranslationEnabled;
  }
  workflow.updatedAt = scope.iso();
  return toWorkflowResponse(workflow, scope.data);
}
