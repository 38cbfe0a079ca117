/**
 * Workflows from a JavaScript module: every export that is a workflow file (what
 * `defineWorkflow` returns) or an array of them.
 *
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type LoadedWorkflowFile, parseWorkflowFile, WorkflowFileError } from './workflow-dir';

/** Whether a path names a module (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`) rather than a directory. */
export async function isModulePath(path: string): Promise<boolean> {
  if (!/\.(?:[cm]?js|[cm]?ts)$/.test(path)) return false;
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Imports a module and returns the workflows it exports (each named `<module>#<export>`),
 * validated as workflow files.
 *
 * @example
 * ```ts
 * const workflows = await readWorkflowModule('dist/workflows.js');
 * ```
 */
export async function readWorkflowModule(path: string): Promise<LoadedWorkflowFile[]> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new WorkflowFileError(`cannot import ${path}: ${(error as Error).message}`);
  }
  const loaded: LoadedWorkflowFile[] = [];
  const seen = new Map<string, string>();
  const add = (name: string, value: unknown) => {
    const file = parseWorkflowFile(name, value);
    const other = seen.get(file.workflowId);
    if (other !== undefined && other !== name) {
      throw new WorkflowFileError(`${name}: workflowId "${file.workflowId}" is also in ${other}`);
    }
    if (other === undefined) loaded.push({ path: name, file });
    seen.set(file.workflowId, name);
  };
  for (const [key, value] of Object.entries(exports)) {
    const name = `${path}#${key}`;
    if (Array.isArray(value)) {
      if (!value.some((item) => looksLikeWorkflow(item))) continue;
      for (const [index, item] of value.entries()) add(`${name}.${index}`, item);
    } else if (looksLikeWorkflow(value)) add(name, value);
  }
  if (loaded.length === 0) {
    throw new WorkflowFileError(
      `${path} exports no workflow (defineWorkflow(...) or an array of them)`,
    );
  }
  return loaded.sort((a, b) => a.file.workflowId.localeCompare(b.file.workflowId));
}

// An export with a workflowId and steps is meant as a workflow: a bad one is reported, not skipped.
function looksLikeWorkflow(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return 'workflowId' in value && 'steps' in value;
}
