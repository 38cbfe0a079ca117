/**
 * The one builder of a stored workflow and of its steps: the API's create, a seed entry and a
 * bridge sync each give what they know and get the same defaults for the rest, so a workflow
 * runs the same whichever way it was made (docs/behaviour/workflows.md#the-seed-format-and-the-api-body).
 *
 * @module
 */

import { CHANNEL_TYPES } from '../../../src/schemas/common';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';

/**
 * The preferences a workflow gets when none are given: every channel on, nothing read-only, no
 * user-level preferences.
 *
 * @example
 * ```ts
 * const preferences = structuredClone(DEFAULT_WORKFLOW_PREFERENCES);
 * ```
 */
export const DEFAULT_WORKFLOW_PREFERENCES = {
  user: null,
  default: {
    all: { enabled: true, readOnly: false },
    channels: Object.fromEntries(CHANNEL_TYPES.map((channel) => [channel, { enabled: true }])),
  },
};

/** Fields a caller may give or leave `undefined` (the default then). */
type Optional<T> = { [K in keyof T]?: T[K] | undefined };

/** What a caller must say about a new workflow; any other field it gives replaces a default. */
export type WorkflowFields = Pick<WorkflowRecord, 'workflowId' | 'name' | 'steps'> &
  Optional<Omit<WorkflowRecord, '_environmentId' | '_organizationId'>>;

/**
 * A new workflow of the scope's environment, created now: active, of origin `svc-cloud`, with the
 * default preferences, no payload check, never triggered or published; a given `_id` (a seed
 * replacing a workflow) is kept, otherwise one is drawn.
 *
 * @example
 * ```ts
 * const record = newWorkflowRecord(scope, { workflowId: 'welcome', name: 'Welcome', steps: [] });
 * ```
 */
export function newWorkflowRecord(scope: EngineScope, fields: WorkflowFields): WorkflowRecord {
  const at = scope.iso();
  const active = fields.active ?? true;
  return {
    _id: fields._id ?? scope.ids.objectId(),
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    workflowId: fields.workflowId,
    name: fields.name,
    ...(fields.description === undefined ? {} : { description: fields.description }),
    tags: fields.tags ?? [],
    active,
    status: fields.status ?? (active ? 'ACTIVE' : 'INACTIVE'),
    origin: fields.origin ?? 'svc-cloud',
    steps: fields.steps,
    payloadSchema: fields.payloadSchema ?? null,
    validatePayload: fields.validatePayload ?? false,
    severity: fields.severity ?? 'none',
    critical: fields.critical ?? false,
    isTranslationEnabled: fields.isTranslationEnabled ?? false,
    preferences: fields.preferences ?? structuredClone(DEFAULT_WORKFLOW_PREFERENCES),
    lastTriggeredAt: fields.lastTriggeredAt ?? null,
    lastPublishedAt: fields.lastPublishedAt ?? null,
    createdAt: fields.createdAt ?? at,
    updatedAt: fields.updatedAt ?? at,
  };
}

/** What a caller must say about a new step; any other field it gives replaces a default. */
export type WorkflowStepFields = Pick<WorkflowStepRecord, 'stepId' | 'name' | 'type'> &
  Optional<WorkflowStepRecord>;

/**
 * A workflow step: active, no control values, no filters, not stopping the run on failure; a
 * given `_id` (the step it replaces) is kept, otherwise one is drawn.
 *
 * @example
 * ```ts
 * const step = newWorkflowStep(scope, { stepId: 'send', name: 'Send', type: 'email' });
 * ```
 */
export function newWorkflowStep(
  scope: EngineScope,
  fields: WorkflowStepFields,
): WorkflowStepRecord {
  return {
    _id: fields._id ?? scope.ids.objectId(),
    stepId: fields.stepId,
    name: fields.name,
    type: fields.type,
    active: fields.active ?? true,
    controlValues: fields.controlValues ?? {},
    filters: fields.filters ?? [],
    ...(fields.metadata === undefined ? {} : { metadata: fields.metadata }),
    shouldStopOnFail: fields.shouldStopOnFail ?? false,
    ...(fields.bridge === undefined ? {} : { bridge: fields.bridge }),
  };
}
