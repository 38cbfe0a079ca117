// The create and update bodies that make an environment's workflow match a workflow file.
import { WORKFLOW_ORIGINS } from '../schemas/workflow-common';
import type { WorkflowResponse } from '../schemas/workflow-response';
import type {
  WorkflowCreateBody,
  WorkflowPreferencesRequest,
  WorkflowStepUpsert,
  WorkflowUpdateBody,
} from '../schemas/workflow-upsert';
import type { WorkflowFile } from './workflow-file';

function preferencesBody(
  preferences: NonNullable<WorkflowFile['preferences']>,
): WorkflowPreferencesRequest {
  return {
    ...(preferences.user === undefined ? {} : { user: preferences.user }),
    ...(preferences.default === undefined ? {} : { workflow: preferences.default }),
  };
}

/** The fields a file gives, in the bodies' names; fields it leaves out are not sent. */
function fieldsOf(file: WorkflowFile) {
  return {
    name: file.name,
    ...(file.description === undefined ? {} : { description: file.description }),
    ...(file.tags === undefined ? {} : { tags: [...file.tags] }),
    ...(file.active === undefined ? {} : { active: file.active }),
    ...(file.severity === undefined ? {} : { severity: file.severity }),
    ...(file.validatePayload === undefined ? {} : { validatePayload: file.validatePayload }),
    ...(file.payloadSchema === undefined ? {} : { payloadSchema: file.payloadSchema }),
    ...(file.isTranslationEnabled === undefined
      ? {}
      : { isTranslationEnabled: file.isTranslationEnabled }),
  };
}

/**
 * The `POST /v2/workflows` body of a workflow file.
 *
 * @example
 * ```ts
 * await svc.workflows.create(createBodyOf(file));
 * ```
 */
export function createBodyOf(file: WorkflowFile): WorkflowCreateBody {
  return {
    workflowId: file.workflowId,
    ...fieldsOf(file),
    ...(file.preferences === undefined ? {} : { preferences: preferencesBody(file.preferences) }),
    steps: file.steps.map(
      (step) =>
        ({
          stepId: step.stepId,
          name: step.name,
          type: step.type,
          ...(step.controlValues === undefined ? {} : { controlValues: step.controlValues }),
        }) as WorkflowStepUpsert,
    ),
  };
}

/**
 * The `PUT /v2/workflows/{workflowId}` body that makes `current` match a workflow file: steps
 * matched by `stepId` keep their `_id`; `active` and `preferences`, which an update always sets,
 * keep the current values when the file leaves them out.
 *
 * @example
 * ```ts
 * const current = await svc.workflows.retrieve(file.workflowId);
 * await svc.workflows.update(file.workflowId, updateBodyOf(file, current));
 * ```
 */
export function updateBodyOf(file: WorkflowFile, current: WorkflowResponse): WorkflowUpdateBody {
  const currentPreferences = (current.preferences ?? {}) as Record<string, unknown>;
  const origin = WORKFLOW_ORIGINS.find((known) => known === current.origin) ?? 'svc-cloud';
  return {
    ...fieldsOf(file),
    active: file.active ?? current.active ?? current.status !== 'INACTIVE',
    origin,
    preferences: preferencesBody({
      user: (currentPreferences['user'] ?? null) as Record<string, unknown> | null,
      default: (currentPreferences['default'] ?? null) as Record<string, unknown> | null,
      ...file.preferences,
    }),
    steps: file.steps.map((step) => {
      const stored = current.steps.find(
        (candidate) => candidate.stepId === step.stepId && candidate.type === step.type,
      );
      return {
        ...(stored === undefined ? {} : { _id: stored._id }),
        stepId: step.stepId,
        name: step.name,
        type: step.type,
        ...(step.controlValues === undefined ? {} : { controlValues: step.controlValues }),
      } as WorkflowStepUpsert;
    }),
  };
}
