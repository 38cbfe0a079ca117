// The plan of a push: which workflows a push creates, updates (and which fields) or deletes, from
// the workflow files and the environment's workflows as files.
import { jsonEqual, MANAGED_FIELDS } from './canonical';
import type { WorkflowFile, WorkflowFileStep } from './workflow-file';

/** One changed field: its path (`steps.wait.controlValues.amount`) and the two values. */
export interface FieldChange {
  /** `+` a field or step the push adds, `-` one it removes, `~` one it changes. */
  kind: '+' | '-' | '~';
  path: string;
  /** The environment's value (absent for `+`). */
  before?: unknown;
  /** The file's value (absent for `-`). */
  after?: unknown;
}

/** What a push does to one workflow. */
export type WorkflowChange =
  | { action: 'create'; workflowId: string; file: WorkflowFile }
  | { action: 'update'; workflowId: string; file: WorkflowFile; changes: FieldChange[] }
  | { action: 'delete'; workflowId: string };

/** A push plan: the changes, in the order a push applies them, and the unchanged workflows. */
export interface WorkflowPlan {
  changes: WorkflowChange[];
  unchanged: string[];
  /** Workflows only in the environment that the push keeps (no `prune`). */
  kept: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Leaf-level changes between two JSON values: objects per key, anything else whole. */
function valueChanges(path: string, before: unknown, after: unknown, out: FieldChange[]): void {
  if (jsonEqual(before, after)) return;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const child = `${path}.${key}`;
      if (!(key in after)) out.push({ kind: '-', path: child, before: before[key] });
      else if (!(key in before)) out.push({ kind: '+', path: child, after: after[key] });
      else valueChanges(child, before[key], after[key], out);
    }
    return;
  }
  out.push({ kind: '~', path, before, after });
}

function stepChanges(local: WorkflowFileStep[], remote: WorkflowFileStep[], out: FieldChange[]) {
  const remoteById = new Map(remote.map((step) => [step.stepId, step]));
  const localIds = new Set(local.map((step) => step.stepId));
  for (const step of remote) {
    if (!localIds.has(step.stepId))
      out.push({ kind: '-', path: `steps.${step.stepId}`, before: step });
  }
  for (const step of local) {
    const stored = remoteById.get(step.stepId);
    const path = `steps.${step.stepId}`;
    if (stored === undefined) {
      out.push({ kind: '+', path, after: step });
      continue;
    }
    valueChanges(`${path}.name`, stored.name, step.name, out);
    valueChanges(`${path}.type`, stored.type, step.type, out);
    if (step.controlValues !== undefined) {
      valueChanges(`${path}.controlValues`, stored.controlValues ?? {}, step.controlValues, out);
    }
  }
  const order = (steps: WorkflowFileStep[]) =>
    steps
      .filter((step) => localIds.has(step.stepId) && remoteById.has(step.stepId))
      .map((s) => s.stepId);
  if (!jsonEqual(order(local), order(remote))) {
    out.push({ kind: '~', path: 'steps (order)', before: order(remote), after: order(local) });
  }
}

/**
 * The field changes that make `remote` match `local` (fields `local` leaves out are kept).
 *
 * @example
 * ```ts
 * const changes = workflowChanges(
 *   { workflowId: 'welcome', name: 'Hello', steps: [] },
 *   { workflowId: 'welcome', name: 'Welcome', steps: [] },
 * );
 * // [{ kind: '~', path: 'name', before: 'Welcome', after: 'Hello' }]
 * ```
 */
export function workflowChanges(local: WorkflowFile, remote: WorkflowFile): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of MANAGED_FIELDS) {
    const after = local[field];
    if (after === undefined) continue;
    const before = remote[field];
    if (field === 'preferences' && isObject(after) && isObject(before)) {
      // Only the halves the file gives are managed.
      for (const half of ['user', 'default'] as const) {
        if (after[half] !== undefined)
          valueChanges(`preferences.${half}`, before[half] ?? null, after[half], out);
      }
      continue;
    }
    valueChanges(field, before ?? null, after, out);
  }
  stepChanges(local.steps, remote.steps, out);
  return out;
}

/**
 * The plan that makes an environment match the files: a create per file without a workflow, an
 * update per workflow that differs, and with `prune` a delete per workflow without a file.
 *
 * @example
 * ```ts
 * const plan = planWorkflows(files, await fetchWorkflowFiles(svc), { prune: false });
 * console.log(formatPlan(plan));
 * ```
 */
export function planWorkflows(
  local: readonly WorkflowFile[],
  remote: readonly WorkflowFile[],
  options: { prune?: boolean } = {},
): WorkflowPlan {
  const remoteById = new Map(remote.map((file) => [file.workflowId, file]));
  const localIds = new Set(local.map((file) => file.workflowId));
  const plan: WorkflowPlan = { changes: [], unchanged: [], kept: [] };
  for (const file of [...local].sort((a, b) => a.workflowId.localeCompare(b.workflowId))) {
    const stored = remoteById.get(file.workflowId);
    if (stored === undefined) {
      plan.changes.push({ action: 'create', workflowId: file.workflowId, file });
      continue;
    }
    const changes = workflowChanges(file, stored);
    if (changes.length === 0) plan.unchanged.push(file.workflowId);
    else plan.changes.push({ action: 'update', workflowId: file.workflowId, file, changes });
  }
  for (const stored of [...remote].sort((a, b) => a.workflowId.localeCompare(b.workflowId))) {
    if (localIds.has(stored.workflowId)) continue;
    if (options.prune) plan.changes.push({ action: 'delete', workflowId: stored.workflowId });
    else plan.kept.push(stored.workflowId);
  }
  return plan;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The plan as text, one block per workflow: `+ create`, `~ update` with its changed fields,
 * `- delete`.
 *
 * @example
 * ```ts
 * process.stdout.write(formatPlan(plan));
 * // ~ update welcome
 * //     ~ steps.wait.controlValues.amount: 30 → 45
 * ```
 */
export function formatPlan(plan: WorkflowPlan): string {
  const lines: string[] = [];
  for (const change of plan.changes) {
    if (change.action === 'create') {
      const steps = change.file.steps.length;
      lines.push(`+ create ${change.workflowId} (${steps} ${steps === 1 ? 'step' : 'steps'})`);
    } else if (change.action === 'delete') {
      lines.push(`- delete ${change.workflowId}`);
    } else {
      lines.push(`~ update ${change.workflowId}`);
      for (const field of change.changes) {
        if (field.kind === '+') lines.push(`    + ${field.path}: ${show(field.after)}`);
        else if (field.kind === '-') lines.push(`    - ${field.path}`);
        else lines.push(`    ~ ${field.path}: ${show(field.before)} → ${show(field.after)}`);
      }
    }
  }
  if (plan.changes.length === 0) lines.push('No changes.');
  if (plan.kept.length > 0) {
    lines.push(
      `${plan.kept.length} workflow(s) only in the environment, kept (--prune deletes them): ${plan.kept.join(', ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
