/**
 * A workflow created and replaced through the API (docs/behaviour/workflows.md#create,
 * #update): identifiers, steps matched and added, control values, preferences and status.
 *
 * @module
 */

import * as z from 'zod/mini';
import {
  SLUG_IDENTIFIER_PATTERN,
  WorkflowCreateBody,
  type WorkflowPreferencesRequest,
  type WorkflowStepUpsert,
  WorkflowUpdateBody,
} from '../../../src/schemas/workflow';
import { payloadSchemaProblem } from '../policy/payload';
import type { EngineScope } from '../scope';
import type { WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import { workflowByWorkflowId } from '../store/workflow-index';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { slugify } from './slug';
import { requireWorkflow } from './workflow-changes';
import {
  DEFAULT_WORKFLOW_PREFERENCES,
  newWorkflowRecord,
  newWorkflowStep,
} from './workflow-record';
import { toWorkflowResponse, type WorkflowResponseDto } from './workflows';

/** The create body as the engine reads it: a raw request may leave out `workflowId`. */
const CreateInput = z.extend(WorkflowCreateBody, { workflowId: z.optional(z.string()) });

/** Attempts at a unique generated identifier before the service gives up. */
const UNIQUE_ID_ATTEMPTS = 5;

function slugFormatMessage(field: string): string {
  return `${field} must be a valid slug format (letters, numbers, hyphens, dot and underscores only)`;
}

/** The service's limits on a workflow's name, description and tags (its DTO). */
export const WORKFLOW_LIMITS = {
  nameLength: 64,
  descriptionLength: 256,
  tags: 16,
  tagLength: 64,
} as const;

/**
 * The messages of `@Length(1, max)` on a text: class-validator names the bound that failed.
 */
function lengthMessages(field: string, value: string, max: number): string[] {
  if (value.length < 1) return [`${field} must be longer than or equal to 1 characters`];
  if (value.length > max) return [`${field} must be shorter than or equal to ${max} characters`];
  return [];
}

/**
 * The tag checks in the service's order: at most 16, no repeats, each 1 to 64 characters. The
 * per-tag message is class-validator's `each` wording, whose bound it reads from the whole list.
 */
function tagMessages(tags: string[] | undefined): string[] {
  if (tags === undefined) return [];
  const messages: string[] = [];
  const { tags: maxTags, tagLength } = WORKFLOW_LIMITS;
  if (tags.length > maxTags) messages.push(`tags must contain no more than ${maxTags} elements`);
  if (new Set(tags).size !== tags.length) messages.push("All tags's elements must be unique");
  if (tags.some((tag) => tag.length < 1 || tag.length > tagLength)) {
    messages.push(
      tags.length > tagLength
        ? `each value in tags must be shorter than or equal to ${tagLength} characters`
        : `each value in tags must be longer than or equal to 1 and shorter than or equal to ${tagLength} characters`,
    );
  }
  return messages;
}

/**
 * Checks what the body schema cannot say, in the service's order: the name (not blank, 1 to 64
 * characters), the description (at most 256), the tags, slug identifiers, step names and the
 * payload schema.
 */
function checkFields(
  owner: object,
  input: {
    name: string;
    description?: string | undefined;
    tags?: string[] | undefined;
    workflowId?: string | undefined;
    steps: WorkflowStepUpsert[];
    payloadSchema?: Record<string, unknown> | null | undefined;
  },
): void {
  const messages: string[] = [];
  if (input.name.trim() === '') messages.push('name should not be empty');
  messages.push(...lengthMessages('name', input.name, WORKFLOW_LIMITS.nameLength));
  if (
    input.description !== undefined &&
    input.description.length > WORKFLOW_LIMITS.descriptionLength
  ) {
    messages.push(
      `description must be shorter than or equal to ${WORKFLOW_LIMITS.descriptionLength} characters`,
    );
  }
  messages.push(...tagMessages(input.tags));
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
    steps.push(
      newWorkflowStep(scope, {
        _id: persisted?._id,
        stepId,
        name: step.name,
        type: step.type,
        active: persisted?.active,
        controlValues: keepValues
          ? structuredClone(persisted.controlValues)
          : structuredClone(step.controlValues ?? {}),
        filters: structuredClone(persisted?.filters),
        metadata: structuredClone(persisted?.metadata),
        shouldStopOnFail: persisted?.shouldStopOnFail,
      }),
    );
  }
  return steps;
}

/**
 * `POST /v2/workflows` (docs/behaviour/workflows.md#create): a new workflow of origin
 * `svc-cloud`, active unless `active: false`, answered as `GET` answers it. A `workflowId` in use
 * in the environment gets a `-<shortId>` suffix, as does `slugify(name)`, the identifier of a raw
 * body without one.
 */
export function createWorkflow(scope: EngineScope, body: unknown): WorkflowResponseDto {
  const input = validateBody(CreateInput, body);
  checkFields(scope.data, input);
  const { data, environment } = scope;
  const taken = (candidate: string) => workflowByWorkflowId(data, candidate) !== undefined;
  // A taken identifier, given or derived from the name, gets a `-<shortId>` suffix (the
  // service's create), so two workflows may share a name.
  const base = input.workflowId ?? (slugify(input.name) || 'workflow');
  const workflowId = uniqueIdentifier(scope, base, taken, () =>
    ServiceError.http(409, 'Workflow with the same workflowId already exists', {
      workflowId: base,
      environmentId: environment._id,
    }),
  );
  // The workflow's _id is drawn before its steps' ids, so it sorts before them.
  const _id = scope.ids.objectId();
  const record = newWorkflowRecord(scope, {
    _id,
    workflowId,
    name: input.name,
    description: input.description ?? '',
    tags: [...(input.tags ?? [])],
    active: input.active,
    steps: buildSteps(scope, input.steps, []),
    payloadSchema: structuredClone(input.payloadSchema),
    validatePayload: input.validatePayload,
    severity: input.severity,
    isTranslationEnabled: input.isTranslationEnabled,
    preferences: preferencesOf(input.preferences),
  });
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
