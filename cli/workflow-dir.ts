/**
 * Reading and writing a directory of workflow files (`svc/workflows/<workflowId>.json`), with
 * caps on the number and size of files: a checkout may hold anything.
 *
 * @module
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { serializeWorkflowFile } from '../src/workflows/canonical';
import { WorkflowFile } from '../src/workflows/workflow-file';

/** The directory workflow files live in unless `--dir` says otherwise. */
export const DEFAULT_WORKFLOW_DIR = join('svc', 'workflows');
/** The most workflow files one directory may hold. */
export const MAX_WORKFLOW_FILES = 500;
/** The largest workflow file read, in bytes. */
export const MAX_WORKFLOW_FILE_BYTES = 1024 * 1024;
/** Where the package ships the workflow file's JSON Schema, from the project root. */
export const SCHEMA_PATH = join('node_modules', '@svc', 'api', 'dist', 'workflow-file.schema.json');

/** A workflow file that cannot be used: the message names the file and the field. */
export class WorkflowFileError extends Error {
  override name = 'WorkflowFileError' as const;
}

/** A workflow file read from disk, with the path it came from. */
export interface LoadedWorkflowFile {
  path: string;
  file: WorkflowFile;
}

/** What is wrong, in words (zod/mini leaves most messages at "Invalid input"). */
export function issueText(zodIssue: { code: string; message: string }): string {
  const issue = zodIssue as { code: string; message: string } & Record<string, unknown>;
  if (issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue['expected'])}`;
    case 'invalid_value':
      return `expected one of ${(issue['values'] as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${(issue['keys'] as string[]).join(', ')}`;
    case 'invalid_union':
      return Array.isArray(issue['options'])
        ? `expected one of ${issue['options'].map((value) => JSON.stringify(value)).join(', ')}`
        : issue.message;
    case 'too_big':
      return `at most ${String(issue['maximum'])}`;
    case 'too_small':
      return `at least ${String(issue['minimum'])}`;
    default:
      return issue.message;
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(the file)' : path.map(String).join('.');
}

/**
 * Validates one workflow file's parsed JSON, naming the file and the first bad fields.
 *
 * @example
 * ```ts
 * const file = parseWorkflowFile('svc/workflows/welcome.json', JSON.parse(text));
 * ```
 */
export function parseWorkflowFile(path: string, json: unknown): WorkflowFile {
  const result = WorkflowFile.safeParse(json);
  if (result.success) return result.data as WorkflowFile;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${fieldPath(issue.path)}: ${issueText(issue)}`);
  throw new WorkflowFileError(`${path}: ${problems.join('; ')}`);
}

/**
 * One default for JSON files and `defineWorkflow`: a workflow with a `payloadSchema` and no
 * `validatePayload` validates its payloads (docs/workflows-as-code.md).
 *
 * @example
 * ```ts
 * withPayloadValidationDefault({ workflowId: 'w', name: 'W', steps: [], payloadSchema: { type: 'object' } });
 * // { ..., validatePayload: true }
 * ```
 */
export function withPayloadValidationDefault(file: WorkflowFile): WorkflowFile {
  return file.payloadSchema !== undefined && file.validatePayload === undefined
    ? { ...file, validatePayload: true }
    : file;
}

export async function jsonFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new WorkflowFileError(`cannot read the directory ${dir}: ${(error as Error).message}`);
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  if (files.length > MAX_WORKFLOW_FILES) {
    throw new WorkflowFileError(
      `${dir} holds ${files.length} .json files; at most ${MAX_WORKFLOW_FILES} are read`,
    );
  }
  return files.map((name) => join(dir, name));
}

/**
 * Reads and validates every `*.json` workflow file of a directory (sorted by name); throws a
 * {@link WorkflowFileError} naming the file and field of the first bad one, or two files with
 * the same workflowId.
 *
 * @example
 * ```ts
 * const files = await readWorkflowDir('svc/workflows');
 * ```
 */
export async function readWorkflowDir(dir: string): Promise<LoadedWorkflowFile[]> {
  const loaded: LoadedWorkflowFile[] = [];
  const seen = new Map<string, string>();
  for (const path of await jsonFiles(dir)) {
    const info = await stat(path);
    if (!info.isFile()) throw new WorkflowFileError(`${path}: not a regular file`);
    if (info.size > MAX_WORKFLOW_FILE_BYTES) {
      throw new WorkflowFileError(
        `${path}: ${info.size} bytes; a workflow file may have at most ${MAX_WORKFLOW_FILE_BYTES}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      throw new WorkflowFileError(`${path}: not valid JSON (${(error as Error).message})`);
    }
    const file = withPayloadValidationDefault(parseWorkflowFile(path, json));
    const other = seen.get(file.workflowId);
    if (other !== undefined) {
      throw new WorkflowFileError(`${path}: workflowId "${file.workflowId}" is also in ${other}`);
    }
    seen.set(file.workflowId, path);
    loaded.push({ path, file });
  }
  return loaded;
}

/** What a pull did to the directory. */
export interface DirWrite {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/**
 * Writes workflow files as `<dir>/<workflowId>.json` (canonical JSON, a `$schema` reference to
 * the package's schema) and removes the directory's other workflow files, so the directory
 * mirrors `files`. Files whose bytes would not change are not rewritten.
 *
 * @example
 * ```ts
 * await writeWorkflowDir('svc/workflows', await fetchWorkflowFiles(svc));
 * ```
 */
export async function writeWorkflowDir(
  dir: string,
  files: readonly WorkflowFile[],
  onFile: (path: string, state: 'written' | 'unchanged' | 'removed') => void = () => {},
): Promise<DirWrite> {
  await mkdir(dir, { recursive: true });
  const schema = relative(resolve(dir), resolve(SCHEMA_PATH)).split(sep).join('/');
  const result: DirWrite = { written: [], unchanged: [], removed: [] };
  const keep = new Set<string>();
  for (const file of files) {
    const path = join(dir, `${file.workflowId}.json`);
    keep.add(path);
    const text = serializeWorkflowFile({ $schema: schema, ...file });
    const before = await readFile(path, 'utf8').catch(() => undefined);
    if (before === text) {
      result.unchanged.push(path);
      onFile(path, 'unchanged');
      continue;
    }
    await writeFile(path, text);
    result.written.push(path);
    onFile(path, 'written');
  }
  for (const path of await jsonFiles(dir)) {
    if (keep.has(path)) continue;
    // Only workflow files go: anything else in the directory is not ours to delete.
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_WORKFLOW_FILE_BYTES) continue;
    const json = await readFile(path, 'utf8')
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => undefined);
    if (!WorkflowFile.safeParse(json).success) continue;
    await rm(path);
    result.removed.push(path);
    onFile(path, 'removed');
  }
  return result;
}
