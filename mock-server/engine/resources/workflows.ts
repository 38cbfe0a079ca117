/**
 * Workflows: the list (offset pages, filters, live status and step issues) and the sync to
 * another environment of the organization (docs/behaviour/workflows.md).
 *
 * @module
 */

import { WorkflowSyncBody } from '../../../src/schemas/workflow';
import type { EngineScope, EnvironmentScope } from '../scope';
import { storedObjectId } from '../store/ids';
import type { EnvironmentData, WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import {
  type WorkflowOrderBy,
  workflowByObjectId,
  workflowByWorkflowId,
  workflowsInOrder,
} from '../store/workflow-index';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { buildSlug, parseSlugId } from './slug';
import { payloadExample, stepControls, stepVariables } from './workflow-controls';
import { type StepIssuesDto, stepIssues } from './workflow-issues';

export type { WorkflowOrderBy } from '../store/workflow-index';

/**
 * Options of a workflow listing (already validated and defaulted).
 *
 * @example
 * ```ts
 * const search: WorkflowSearch = { limit: 10, offset: 0, orderBy: 'createdAt', orderDirection: 'DESC' };
 * ```
 */
export interface WorkflowSearch {
  limit: number;
  offset: number;
  orderBy: WorkflowOrderBy;
  orderDirection: 'ASC' | 'DESC';
  query?: string | undefined;
  tags?: string[] | undefined;
  status?: string[] | undefined;
}

/** The only origin the sync accepts. */
export const SYNCABLE_ORIGIN = 'svc-cloud';

function issuesOf(workflow: WorkflowRecord, data: EnvironmentData): (StepIssuesDto | undefined)[] {
  // A code-first step's content comes from its bridge: no control value is missing here.
  if (workflow.origin === 'external') return [];
  return workflow.steps.map((step) => stepIssues(step, data));
}

/** The status a workflow reports: `ERROR` while any step has issues, else the stored one. */
export function reportedStatus(workflow: WorkflowRecord, data: EnvironmentData): string {
  return issuesOf(workflow, data).some(Boolean) ? 'ERROR' : workflow.status;
}

function stepSlug(step: WorkflowStepRecord): string {
  return buildSlug(step.name, 'step', step._id);
}

/** A workflow as a list item (docs/behaviour/workflows.md#list). */
export function toListItem(workflow: WorkflowRecord, data: EnvironmentData) {
  const issues = issuesOf(workflow, data);
  return {
    _id: workflow._id,
    workflowId: workflow.workflowId,
    slug: buildSlug(workflow.name, 'workflow', workflow._id),
    name: workflow.name,
    origin: workflow.origin,
    tags: [...workflow.tags],
    updatedAt: workflow.updatedAt,
    createdAt: workflow.createdAt,
    lastPublishedAt: workflow.lastPublishedAt,
    status: issues.some(Boolean) ? 'ERROR' : workflow.status,
    lastTriggeredAt: workflow.lastTriggeredAt,
    isTranslationEnabled: workflow.isTranslationEnabled,
    stepTypeOverviews: workflow.steps.map((step) => step.type),
    steps: workflow.steps.map((step, index) => ({
      slug: stepSlug(step),
      type: step.type,
      ...(issues[index] ? { issues: issues[index] } : {}),
    })),
  };
}

/**
 * A workflow list item.
 *
 * @example
 * ```ts
 * const { workflows } = engine.operations['workflows.list'](engine.scope('Development'));
 * const slugs = workflows.map((workflow: WorkflowListItemDto) => workflow.slug);
 * ```
 */
export type WorkflowListItemDto = ReturnType<typeof toListItem>;

/**
 * `GET /v2/workflows` (docs/behaviour/workflows.md#list): filter by `query` (name or workflowId, case-insensitive), `tags`
 * (any), `status` (reported status); sort, then `offset`/`limit`; `totalCount` before paging.
 */
export function listWorkflows(
  scope: EngineScope,
  search: WorkflowSearch,
): { workflows: WorkflowListItemDto[]; totalCount: number } {
  const { data } = scope;
  const query = search.query?.toLowerCase();
  const { tags, status } = search;
  const matches = (workflow: WorkflowRecord) =>
    (query === undefined ||
      query === '' ||
      workflow.name.toLowerCase().includes(query) ||
      workflow.workflowId.toLowerCase().includes(query)) &&
    (tags === undefined || workflow.tags.some((tag) => tags.includes(tag))) &&
    (status === undefined || status.includes(reportedStatus(workflow, data)));
  const ascending = workflowsInOrder(data, search.orderBy);
  const unfiltered = (query === undefined || query === '') && !tags && !status;
  const found = unfiltered ? ascending : ascending.filter(matches);
  const total = found.length;
  // DESC is the exact reverse of ASC (the `_id` tie-break reverses too).
  const at = (index: number) =>
    found[search.orderDirection === 'ASC' ? index : total - 1 - index] as WorkflowRecord;
  const workflows: WorkflowListItemDto[] = [];
  const end = Math.min(total, search.offset + search.limit);
  for (let index = search.offset; index < end; index++) {
    workflows.push(toListItem(at(index), data));
  }
  return { workflows, totalCount: total };
}

/**
 * A workflow in the sync response shape (docs/behaviour/workflows.md#sync): steps with controls, variables and issues, plus
 * `payloadExample`.
 */
export function toWorkflowResponse(workflow: WorkflowRecord, data: EnvironmentData) {
  const issues = issuesOf(workflow, data);
  const slug = buildSlug(workflow.name, 'workflow', workflow._id);
  return {
    _id: workflow._id,
    slug,
    workflowId: workflow.workflowId,
    name: workflow.name,
    ...(workflow.description === undefined ? {} : { description: workflow.description }),
    tags: [...workflow.tags],
    active: workflow.active,
    preferences: structuredClone(workflow.preferences),
    steps: workflow.steps.map((step, index) => ({
      _id: step._id,
      stepId: step.stepId,
      name: step.name,
      slug: stepSlug(step),
      type: step.type,
      origin: workflow.origin,
      workflowId: workflow.workflowId,
      workflowDatabaseId: workflow._id,
      controls: stepControls(step),
      controlValues: structuredClone(step.controlValues),
      variables: stepVariables(workflow, index),
      ...(issues[index] ? { issues: issues[index] } : {}),
    })),
    origin: workflow.origin,
    lastPublishedAt: workflow.lastPublishedAt,
    // No dashboard user stands behind an API key in the engine (docs/engine-differences.md).
    lastPublishedBy: null,
    updatedBy: null,
    // Workflow-level issues (name, tags...): the engine's workflows always have a valid name.
    issues: {},
    updatedAt: workflow.updatedAt,
    createdAt: workflow.createdAt,
    status: issues.some(Boolean) ? 'ERROR' : workflow.status,
    lastTriggeredAt: workflow.lastTriggeredAt,
    payloadSchema: structuredClone(workflow.payloadSchema),
    payloadExample: payloadExample(workflow.payloadSchema),
    validatePayload: workflow.validatePayload,
    isTranslationEnabled: workflow.isTranslationEnabled,
    severity: workflow.severity,
  };
}

/**
 * A workflow in the sync response shape.
 *
 * @example
 * ```ts
 * const synced: WorkflowResponseDto = engine.operations['workflows.sync'](engine.scope('Development'), {
 *   params: { workflowId: 'welcome' },
 *   body: { targetEnvironmentId: engine.environment('Production')._id },
 * });
 * ```
 */
export type WorkflowResponseDto = ReturnType<typeof toWorkflowResponse>;

/**
 * Finds a workflow of an environment by `_id`, slug or workflowId (the service's `parseSlugId`).
 */
export function findWorkflow(data: EnvironmentData, idOrSlug: string): WorkflowRecord | undefined {
  const parsed = parseSlugId(idOrSlug);
  return 'objectId' in parsed
    ? workflowByObjectId(data, parsed.objectId)
    : workflowByWorkflowId(data, parsed.identifier);
}

/**
 * `PUT /v2/workflows/{workflowId}/sync` (docs/behaviour/workflows.md#sync): creates or updates the workflow with the same
 * workflowId in the target environment and answers the target's workflow.
 */
export function syncWorkflow(
  scope: EngineScope,
  idOrSlug: string,
  body: unknown,
): WorkflowResponseDto {
  const { targetEnvironmentId } = validateBody(WorkflowSyncBody, body);
  const { ids } = scope;
  const source: EnvironmentScope = scope;
  const at = scope.iso();
  const targetId = storedObjectId(targetEnvironmentId);
  if (targetId === source.environment._id) {
    throw ServiceError.http(400, 'Cannot sync workflow to the same environment');
  }
  const target = targetId === undefined ? undefined : scope.organizationEnvironment(targetId);
  if (!target) throw ServiceError.http(404, `Environment ${targetEnvironmentId} not found`);
  const workflow = findWorkflow(source.data, idOrSlug);
  if (!workflow) {
    throw ServiceError.http(404, 'Workflow cannot be found', { workflowId: idOrSlug });
  }
  if (workflow.origin !== SYNCABLE_ORIGIN) {
    throw ServiceError.http(
      400,
      `Cannot sync workflow: origin '${workflow.origin}' is not allowed (must be one of: ${SYNCABLE_ORIGIN})`,
      {
        workflowId: workflow.workflowId,
        status: workflow.status,
        origin: workflow.origin,
        allowedOrigins: [SYNCABLE_ORIGIN],
      },
    );
  }
  const existing = workflowByWorkflowId(target.data, workflow.workflowId);
  const steps = workflow.steps.map((step) => ({
    ...structuredClone(step),
    _id: existing?.steps.find((old) => old.stepId === step.stepId)?._id ?? ids.objectId(),
  }));
  const copied: WorkflowRecord = {
    ...structuredClone(workflow),
    _id: existing?._id ?? ids.objectId(),
    _environmentId: target.environment._id,
    _organizationId: target.environment._organizationId,
    steps,
    lastTriggeredAt: existing?.lastTriggeredAt ?? null,
    lastPublishedAt: existing?.lastPublishedAt ?? null,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (existing)
    tables.workflows.update(target.data, existing, () => Object.assign(existing, copied));
  else tables.workflows.push(target.data, copied);
  tables.workflows.update(source.data, workflow, () => {
    workflow.lastPublishedAt = at;
  });
  return toWorkflowResponse(existing ?? copied, target.data);
}
