/**
 * The workflow list's sort orders, kept outside the state: one ascending array per sort field,
 * built on first use and dropped whenever workflows change, so a page does not sort (or build
 * list items for) every workflow of the environment.
 *
 * @module
 */

import type { EnvironmentData, WorkflowRecord } from './state';

/** Sort fields of the workflow list. */
export type WorkflowOrderBy = 'createdAt' | 'updatedAt' | 'name' | 'lastTriggeredAt';

// Keyed by the workflows array itself: a restored or reset state holds new arrays, so its
// orders are rebuilt instead of read stale.
const orders = new WeakMap<WorkflowRecord[], Map<WorkflowOrderBy, WorkflowRecord[]>>();

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
  if (field === undefined) orders.delete(data.workflows);
  else orders.get(data.workflows)?.delete(field);
}
