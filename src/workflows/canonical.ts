// Canonical JSON of workflow files: object keys sorted (the top level in the file's own order),
// two-space indent, a final newline, so equal workflows are equal bytes.
import type { WorkflowFile } from './workflow-file';

/** The workflow fields a push manages, in a file's order (between its id and its steps). */
export const MANAGED_FIELDS = [
  'name',
  'description',
  'tags',
  'active',
  'severity',
  'validatePayload',
  'payloadSchema',
  'isTranslationEnabled',
  'preferences',
] as const;

/** The order of a workflow file's fields; any other key follows, sorted. */
const FILE_KEYS = ['$schema', 'workflowId', ...MANAGED_FIELDS, 'steps'];
const STEP_KEYS = ['stepId', 'name', 'type', 'controlValues'];

/**
 * A copy of a JSON value with every object's keys sorted (arrays keep their order).
 *
 * @example
 * ```ts
 * sortKeys({ b: 1, a: { d: 2, c: 3 } }); // { a: { c: 3, d: 2 }, b: 1 }
 * ```
 */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = sortKeys(item);
  }
  return sorted;
}

function ordered(
  value: Record<string, unknown>,
  first: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rest = Object.keys(value)
    .filter((key) => !first.includes(key))
    .sort();
  for (const key of [...first, ...rest]) {
    if (value[key] !== undefined) out[key] = key === 'steps' ? value[key] : sortKeys(value[key]);
  }
  return out;
}

/**
 * Whether two JSON values are equal, whatever their objects' key order.
 *
 * @example
 * ```ts
 * jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 }); // true
 * ```
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  return JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right));
}

/**
 * The text of a workflow file: canonical JSON, the same bytes for the same workflow.
 *
 * @example
 * ```ts
 * await writeFile(`svc/workflows/${file.workflowId}.json`, serializeWorkflowFile(file));
 * ```
 */
export function serializeWorkflowFile(file: WorkflowFile): string {
  const top = ordered(file as Record<string, unknown>, FILE_KEYS);
  top['steps'] = file.steps.map((step) => ordered(step as Record<string, unknown>, STEP_KEYS));
  return `${JSON.stringify(top, null, 2)}\n`;
}
