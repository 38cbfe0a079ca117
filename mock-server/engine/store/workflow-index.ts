/**
 * Derived workflow indexes, kept outside the state: lookups by `workflowId` and `_id` (a trigger
 * does not scan every workflow) and the list's sort orders (one ascending array per sort field,
 * so a page does not sort or build list items for every workflow). Built on first use, dropped
 * whenever workflows change.
 *
 * @module
 */

import type { EnvironmentData, WorkflowRecord } from './state';

/** Sort fields of the workflow list. */
export type WorkflowOrderBy = 'createdAt' | 'updatedAt' | 'name' | 'lastTriggeredAt';

// Keyed by the workflows array itself: a restored or reset state holds new arrays, so its
// orders are rebuilt instead of read stale.
const orders = new WeakMap<WorkflowRecord[], Map<WorkflowOrderBy, WorkflowRecord[]>>();

interface WorkflowLookups {
  byWorkflowId: Map<string, WorkflowRecord>;
  byObjectId: Map<string, WorkflowRecord>;
}

const lookups = new WeakMap<WorkflowRecord[], WorkflowLookups>();

function lookupsOf(data: EnvironmentData): WorkflowLookups {
  let found = lookups.get(data.workflows);
  // A length change means a write that did not call workflowsChanged: rebuild rather than answer
  // stale.
  if (!found || found.byObjectId.size !== data.workflows.length) {
    found = { byWorkflowId: new Map(), byObjectId: new Map() };
    for (const workflow of data.workflows) {
      if (!found.byWorkflowId.has(workflow.workflowId)) {
        found.byWorkflowId.set(workflow.workflowId, workflow);
      }
      found.byObjectId.set(workflow._id, workflow);
    }
    lookups.set(data.workflows, found);
  }
  return found;
}

/**
 * The workflow with this `workflowId` (the first one stored, as a scan would find), or
 * `undefined`.
 *
 * @example
 * ```ts
 * const workflow = workflowByWorkflowId(data, 'welcome');
 * ```
 */
export function workflowByWorkflowId(
  data: EnvironmentData,
  workflowId: string,
): WorkflowRecord | undefined {
  return lookupsOf(data).byWorkflowId.get(workflowId);
}

/**
 * The workflow with this `_id`, or `undefined`.
 *
 * @example
 * ```ts
 * const workflow = workflowByObjectId(data, notification._templateId);
 * ```
 */
export function workflowByObjectId(
  data: EnvironmentData,
  objectId: string,
): WorkflowRecord | undefined {
  return lookupsOf(data).byObjectId.get(objectId);
}

function sortKey(workflow: WorkflowRecord, field: WorkflowOrderBy): string {
  return workflow[field] ?? '';
}

/**
 * Workflows in ascending (`field`, `_id`) order; read it backwards for `DESC`. Do not mutate
 * the answer.
 *
 * @example
 * ```ts
 * const oldestFirst = workflowsInOrder(data, 'createdAt');
 * ```
 */
export function workflowsInOrder(
  data: EnvironmentData,
  field: WorkflowOrderBy,
): readonly WorkflowRecord[] {
  let byField = orders.get(data.workflows);
  if (!byField) {
    byField = new Map();
    orders.set(data.workflows, byField);
  }
  let sorted = byField.get(field);
  if (!sorted) {
    sorted = [...data.workflows].sort((a, b) => {
      const left = sortKey(a, field);
      const right = sortKey(b, field);
      if (left !== right) return left < right ? -1 : 1;
      return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
    });
    byField.set(field, sorted);
  }
  return sorted;
}

/**
 * Drops the cached orders after workflows were added or changed (only `field`'s order when the
 * change touched that sort field alone). Every write to `data.workflows` or to a workflow's sort
 * field must call it.
 *
 * @example
 * ```ts
 * workflow.lastTriggeredAt = now;
 * workflowsChanged(data, 'lastTriggeredAt');
 * ```
 */
export function workflowsChanged(data: EnvironmentData, field?: WorkflowOrderBy): void {
  if (field === undefined) {
    orders.delete(data.workflows);
    lookups.delete(data.workflows);
  } else orders.get(data.workflows)?.delete(field);
}
