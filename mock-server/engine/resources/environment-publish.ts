/**
 * The service's promotion (`/v2/environments/{targetEnvironmentId}/diff` and `/publish`): the
 * dashboard workflows of a source environment (default Development) compared with, and copied
 * to, a target of the same organization (docs/behaviour/environments.md#promotion).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { EnvironmentDiff, EnvironmentPublishResult } from '../../../src/schemas/environment';
import type { EngineScope, EnvironmentScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { findOrganizationEnvironment, organizationEnvironments } from './environments';
import { SYNCABLE_ORIGIN } from './workflows';

/**
 * The `resourceType` of a workflow's and a step's entries: the service's document (and the SDK's
 * closed enum) says REGULAR | ECHO | BRIDGE, and a dashboard workflow is BRIDGE; a step's entry
 * carries `stepType` (docs/engine-differences.md#environments).
 */
export const WORKFLOW_RESOURCE_TYPE = 'BRIDGE';

/** The most resources a publish may name. */
export const PUBLISH_RESOURCES_MAX = 1000;

const DiffShape = z.object({
  sourceEnvironmentId: z.optional(z.string({ error: 'sourceEnvironmentId must be a string' })),
});
const PublishShape = z.object({
  sourceEnvironmentId: z.optional(z.string({ error: 'sourceEnvironmentId must be a string' })),
  dryRun: z.optional(z.boolean({ error: 'dryRun must be a boolean value' })),
  resources: z.optional(
    z
      .array(z.object({ resourceType: z.string(), resourceId: z.string() }), {
        error: 'resources must be an array',
      })
      .check(z.maxLength(PUBLISH_RESOURCES_MAX)),
  ),
});

interface ResourceInfo {
  id: string | null;
  name: string | null;
  updatedBy: null;
  updatedAt: string | null;
}

interface Change {
  sourceResource: ResourceInfo | null;
  targetResource: ResourceInfo | null;
  resourceType: typeof WORKFLOW_RESOURCE_TYPE;
  action: 'added' | 'modified' | 'deleted' | 'moved';
  diffs?: { previous: Record<string, unknown> | null; new: Record<string, unknown> | null };
  stepType?: string;
  previousIndex?: number;
  newIndex?: number;
}

/** One workflow's entry of a diff. */
interface WorkflowDiff {
  resourceType: typeof WORKFLOW_RESOURCE_TYPE;
  sourceResource: ResourceInfo | null;
  targetResource: ResourceInfo | null;
  changes: Change[];
  summary: { added: number; modified: number; deleted: number; unchanged: number };
}

/**
 * The answer of a diff.
 *
 * @example
 * ```ts
 * const diff: EnvironmentDiffDto = engine.operations['environments.diff'](engine.scope('Development'), {
 *   params: { targetEnvironmentId: engine.environment('Production')._id },
 *   body: {},
 * });
 * ```
 */
export type EnvironmentDiffDto = EnvironmentDiff;

const info = (workflow: WorkflowRecord): ResourceInfo => ({
  id: workflow.workflowId,
  name: workflow.name,
  updatedBy: null,
  updatedAt: workflow.updatedAt,
});

// What a publish copies of a workflow and of a step: a difference in one of these is a change.
const workflowFields = (workflow: WorkflowRecord): Record<string, unknown> => ({
  name: workflow.name,
  description: workflow.description ?? '',
  tags: workflow.tags,
  active: workflow.active,
  payloadSchema: workflow.payloadSchema,
  validatePayload: workflow.validatePayload,
  severity: workflow.severity,
  critical: workflow.critical,
  isTranslationEnabled: workflow.isTranslationEnabled,
  preferences: workflow.preferences,
});
const stepFields = (step: WorkflowStepRecord): Record<string, unknown> => ({
  name: step.name,
  type: step.type,
  active: step.active,
  controlValues: step.controlValues,
  filters: step.filters,
  shouldStopOnFail: step.shouldStopOnFail,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changedOnly(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): Change['diffs'] | undefined {
  const keys = Object.keys(next).filter((key) => !same(previous[key], next[key]));
  if (keys.length === 0) return undefined;
  return {
    previous: Object.fromEntries(keys.map((key) => [key, previous[key]])),
    new: Object.fromEntries(keys.map((key) => [key, next[key]])),
  };
}

function stepInfo(step: WorkflowStepRecord, workflow: WorkflowRecord): ResourceInfo {
  return { id: step.stepId, name: step.name, updatedBy: null, updatedAt: workflow.updatedAt };
}

/** The changes a publish would make to `target` to turn it into `source`. */
function workflowChanges(source: WorkflowRecord, target: WorkflowRecord): Change[] {
  const changes: Change[] = [];
  const fields = changedOnly(workflowFields(target), workflowFields(source));
  if (fields) {
    changes.push({
      sourceResource: info(source),
      targetResource: info(target),
      resourceType: WORKFLOW_RESOURCE_TYPE,
      action: 'modified',
      diffs: fields,
    });
  }
  source.steps.forEach((step, newIndex) => {
    const previousIndex = target.steps.findIndex((old) => old.stepId === step.stepId);
    const old = target.steps[previousIndex];
    if (old === undefined) {
      changes.push({
        sourceResource: stepInfo(step, source),
        targetResource: null,
        resourceType: WORKFLOW_RESOURCE_TYPE,
        action: 'added',
        stepType: step.type,
        newIndex,
      });
      return;
    }
    const diffs = changedOnly(stepFields(old), stepFields(step));
    if (diffs || previousIndex !== newIndex) {
      changes.push({
        sourceResource: stepInfo(step, source),
        targetResource: stepInfo(old, target),
        resourceType: WORKFLOW_RESOURCE_TYPE,
        action: diffs ? 'modified' : 'moved',
        ...(diffs ? { diffs } : {}),
        stepType: step.type,
        previousIndex,
        newIndex,
      });
    }
  });
  target.steps.forEach((old, previousIndex) => {
    if (source.steps.some((step) => step.stepId === old.stepId)) return;
    changes.push({
      sourceResource: null,
      targetResource: stepInfo(old, target),
      resourceType: WORKFLOW_RESOURCE_TYPE,
      action: 'deleted',
      stepType: old.type,
      previousIndex,
    });
  });
  return changes;
}

function summaryOf(changes: Change[]): WorkflowDiff['summary'] {
  const summary = { added: 0, modified: 0, deleted: 0, unchanged: 0 };
  for (const change of changes) {
    if (change.action === 'added') summary.added += 1;
    else if (change.action === 'deleted') summary.deleted += 1;
    else summary.modified += 1;
  }
  return summary;
}

const syncable = (scope: EnvironmentScope) =>
  tables.workflows.where(scope.data, (workflow) => workflow.origin === SYNCABLE_ORIGIN);

/** The source and target of a diff or publish, by the service's validation. */
function environmentsOf(
  scope: EngineScope,
  targetEnvironmentId: string,
  sourceEnvironmentId: string | undefined,
): { source: EnvironmentScope; target: EnvironmentScope } {
  if (!isObjectId(targetEnvironmentId)) {
    throw ServiceError.http(400, 'Invalid environment ID format');
  }
  const sourceId =
    sourceEnvironmentId ||
    organizationEnvironments(scope).find((environment) => environment.name === 'Development')?._id;
  if (sourceId === undefined) throw ServiceError.http(400, 'Development environment not found');
  if (sourceId === targetEnvironmentId) {
    throw ServiceError.http(400, 'Source and target environments cannot be the same');
  }
  if (!isObjectId(sourceId)) throw ServiceError.http(400, 'Invalid environment ID format');
  const source = findOrganizationEnvironment(scope, sourceId);
  if (source === undefined) throw ServiceError.http(400, 'Source environment not found');
  const target = findOrganizationEnvironment(scope, targetEnvironmentId);
  if (target === undefined) throw ServiceError.http(400, 'Target environment not found');
  return {
    source: scope.organizationEnvironment(source._id) as EnvironmentScope,
    target: scope.organizationEnvironment(target._id) as EnvironmentScope,
  };
}

function diffWorkflows(source: EnvironmentScope, target: EnvironmentScope): WorkflowDiff[] {
  const resources: WorkflowDiff[] = [];
  const targets = syncable(target);
  const sources = syncable(source);
  for (const workflow of sources) {
    const existing = targets.find((other) => other.workflowId === workflow.workflowId);
    const changes: Change[] = existing
      ? workflowChanges(workflow, existing)
      : [
          {
            sourceResource: info(workflow),
            targetResource: null,
            resourceType: WORKFLOW_RESOURCE_TYPE,
            action: 'added',
          },
        ];
    if (changes.length === 0) continue;
    resources.push({
      resourceType: WORKFLOW_RESOURCE_TYPE,
      sourceResource: info(workflow),
      targetResource: existing ? info(existing) : null,
      changes,
      summary: summaryOf(changes),
    });
  }
  for (const workflow of targets) {
    if (sources.some((other) => other.workflowId === workflow.workflowId)) continue;
    const changes: Change[] = [
      {
        sourceResource: null,
        targetResource: info(workflow),
        resourceType: WORKFLOW_RESOURCE_TYPE,
        action: 'deleted',
      },
    ];
    resources.push({
      resourceType: WORKFLOW_RESOURCE_TYPE,
      sourceResource: null,
      targetResource: info(workflow),
      changes,
      summary: summaryOf(changes),
    });
  }
  return resources;
}

/** `POST /v2/environments/{targetEnvironmentId}/diff`: what a publish would change in the target. */
export function diffEnvironment(
  scope: EngineScope,
  targetEnvironmentId: string,
  body: unknown,
): EnvironmentDiffDto {
  const input = validateBody(DiffShape, body);
  const { source, target } = environmentsOf(scope, targetEnvironmentId, input.sourceEnvironmentId);
  const resources = diffWorkflows(source, target);
  let totalChanges = 0;
  for (const resource of resources) {
    totalChanges += resource.summary.added + resource.summary.modified + resource.summary.deleted;
  }
  return {
    sourceEnvironmentId: source.environment._id,
    targetEnvironmentId: target.environment._id,
    resources,
    summary: { totalEntities: resources.length, totalChanges, hasChanges: totalChanges > 0 },
  };
}

interface Published {
  resourceType: typeof WORKFLOW_RESOURCE_TYPE;
  resourceId: string;
  resourceName: string;
}

/**
 * The answer of a publish.
 *
 * @example
 * ```ts
 * const result: EnvironmentPublishDto = engine.operations['environments.publish'](engine.scope('Development'), {
 *   params: { targetEnvironmentId: engine.environment('Production')._id },
 *   body: { dryRun: true },
 * });
 * ```
 */
export type EnvironmentPublishDto = EnvironmentPublishResult;

/** Copies a workflow into the target, keeping the target's ids of what it already had. */
function copyWorkflow(
  scope: EngineScope,
  workflow: WorkflowRecord,
  target: EnvironmentScope,
  existing: WorkflowRecord | undefined,
): void {
  const at = scope.iso();
  const steps = workflow.steps.map((step) => ({
    ...structuredClone(step),
    _id: existing?.steps.find((old) => old.stepId === step.stepId)?._id ?? scope.ids.objectId(),
  }));
  const copied: WorkflowRecord = {
    ...structuredClone(workflow),
    _id: existing?._id ?? scope.ids.objectId(),
    _environmentId: target.environment._id,
    _organizationId: target.environment._organizationId,
    steps,
    lastTriggeredAt: existing?.lastTriggeredAt ?? null,
    lastPublishedAt: existing?.lastPublishedAt ?? null,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (existing) {
    tables.workflows.update(target.data, existing, () => Object.assign(existing, copied));
  } else tables.workflows.push(target.data, copied);
}

/**
 * `POST /v2/environments/{targetEnvironmentId}/publish`: the source's dashboard workflows made so
 * in the target (created, updated, or skipped with "No changes detected"), and the target's
 * active ones the source lacks deleted; a dry run skips every source workflow and changes nothing.
 */
export function publishEnvironment(
  scope: EngineScope,
  targetEnvironmentId: string,
  body: unknown,
): EnvironmentPublishDto {
  const input = validateBody(PublishShape, body);
  const { source, target } = environmentsOf(scope, targetEnvironmentId, input.sourceEnvironmentId);
  const chosen = input.resources
    // A workflow by its identifier or _id, named as the SDK's enum or the service's `workflow`.
    ?.filter((resource) => resource.resourceType !== 'layout')
    .map((resource) => resource.resourceId);
  const picked = (workflow: WorkflowRecord) =>
    chosen === undefined || chosen.includes(workflow.workflowId) || chosen.includes(workflow._id);
  const sources = syncable(source).filter(picked);
  const result: EnvironmentPublishDto['results'][number] = {
    resourceType: WORKFLOW_RESOURCE_TYPE,
    successful: [],
    failed: [],
    skipped: [],
    totalProcessed: 0,
  };
  const item = (workflow: WorkflowRecord): Published => ({
    resourceType: WORKFLOW_RESOURCE_TYPE,
    resourceId: workflow.workflowId,
    resourceName: workflow.name,
  });
  if (input.dryRun) {
    for (const workflow of sources)
      result.skipped.push({ ...item(workflow), reason: 'Dry run mode' });
  } else {
    const targets = syncable(target);
    for (const workflow of sources) {
      const existing = targets.find((other) => other.workflowId === workflow.workflowId);
      if (existing && workflowChanges(workflow, existing).length === 0) {
        result.skipped.push({ ...item(workflow), reason: 'No changes detected' });
        continue;
      }
      copyWorkflow(scope, workflow, target, existing);
      result.successful.push({ ...item(workflow), action: existing ? 'updated' : 'created' });
    }
    for (const workflow of targets) {
      if (!picked(workflow) || !workflow.active) continue;
      if (syncable(source).some((other) => other.workflowId === workflow.workflowId)) continue;
      tables.workflows.remove(target.data, workflow);
      result.successful.push({ ...item(workflow), action: 'deleted' });
    }
  }
  result.totalProcessed = result.successful.length + result.failed.length + result.skipped.length;
  // The engine has no layouts: the workflows' result is the only one.
  return {
    results: [result],
    summary: {
      resources: result.totalProcessed,
      successful: result.successful.length,
      failed: result.failed.length,
      skipped: result.skipped.length,
    },
  };
}
