/**
 * `svc-workflows workflows validate`: checks workflow files offline, for pre-commit hooks and CI,
 * and reports every problem as `file:line: field: what is wrong` (docs/workflows-as-code.md).
 *
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { WorkflowFile } from '../src/workflows/workflow-file';
import { issueText, jsonFiles, MAX_WORKFLOW_FILE_BYTES } from './workflow-dir';

/** The most problems reported per file (a broken file would flood the terminal). */
export const MAX_PROBLEMS_PER_FILE = 20;

/**
 * The 1-based line where the value at `path` starts in `text` (a JSON document), else 1.
 *
 * @example
 * ```ts
 * lineOf('{\n  "steps": [\n    { "stepId": "a" }\n  ]\n}', ['steps', 0, 'stepId']); // 3
 * ```
 */
export function lineOf(text: string, path: readonly PropertyKey[]): number {
  let line = 1;
  let index = 0;
  const skipSpace = () => {
    while (index < text.length && /\s/.test(text[index] as string)) {
      if (text[index] === '\n') line += 1;
      index += 1;
    }
  };
  const skipString = () => {
    index += 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    index += 1;
  };
  const readString = () => {
    const start = index;
    skipString();
    return JSON.parse(text.slice(start, index)) as string;
  };
  // Skips one value (any depth), counting its lines.
  const skipValue = () => {
    skipSpace();
    let depth = 0;
    do {
      const char = text[index];
      if (char === '"') skipString();
      else {
        if (char === '{' || char === '[') depth += 1;
        else if (char === '}' || char === ']') depth -= 1;
        else if (char === '\n') line += 1;
        else if (depth === 0 && (char === ',' || char === undefined)) return;
        index += 1;
      }
    } while (depth > 0 && index < text.length);
  };
  for (const key of path) {
    skipSpace();
    const open = text[index];
    index += 1;
    let found = false;
    for (let position = 0; index < text.length; position++) {
      skipSpace();
      if (text[index] === '}' || text[index] === ']') break;
      if (open === '{') {
        const name = readString();
        skipSpace();
        index += 1; // the colon
        if (name === String(key)) {
          found = true;
          break;
        }
      } else if (position === key) {
        found = true;
        break;
      }
      skipValue();
      skipSpace();
      if (text[index] === ',') index += 1;
    }
    if (!found) break;
  }
  skipSpace();
  return line;
}

/**
 * Every problem of the workflow files of `dir`: JSON syntax, the file schema, two steps with the
 * same `stepId`, a `payloadSchema` that does not describe an object, two files with one
 * `workflowId`; each `path:line: field: problem`.
 *
 * @example
 * ```ts
 * const problems = await validateWorkflowDir('svc/workflows');
 * if (problems.length > 0) process.exitCode = 1;
 * ```
 */
export async function validateWorkflowDir(dir: string): Promise<string[]> {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const path of await jsonFiles(dir)) {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_WORKFLOW_FILE_BYTES) {
      problems.push(
        `${path}:1: (the file): not a regular file of at most ${MAX_WORKFLOW_FILE_BYTES} bytes`,
      );
      continue;
    }
    const text = await readFile(path, 'utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      const at = /position (\d+)/.exec((error as Error).message)?.[1];
      const line = at === undefined ? 1 : text.slice(0, Number(at)).split('\n').length;
      problems.push(`${path}:${line}: (the file): not valid JSON (${(error as Error).message})`);
      continue;
    }
    const mine: string[] = [];
    const say = (field: readonly PropertyKey[], what: string) =>
      mine.push(
        `${path}:${lineOf(text, field)}: ${field.length === 0 ? '(the file)' : field.map(String).join('.')}: ${what}`,
      );
    const result = WorkflowFile.safeParse(json);
    if (!result.success) {
      for (const issue of result.error.issues) say(issue.path, issueText(issue));
    }
    const file = json as { workflowId?: unknown; steps?: unknown; payloadSchema?: unknown };
    if (Array.isArray(file.steps)) {
      const seen = new Map<string, number>();
      file.steps.forEach((step: { stepId?: unknown }, index) => {
        if (typeof step?.stepId !== 'string') return;
        const first = seen.get(step.stepId);
        if (first === undefined) seen.set(step.stepId, index);
        else
          say(['steps', index, 'stepId'], `"${step.stepId}" is also the stepId of steps.${first}`);
      });
    }
    const schema = file.payloadSchema as { type?: unknown } | undefined | null;
    if (
      schema !== undefined &&
      schema !== null &&
      schema.type !== undefined &&
      schema.type !== 'object'
    ) {
      say(['payloadSchema', 'type'], 'a payload schema describes an object ("type": "object")');
    }
    if (typeof file.workflowId === 'string') {
      const other = owners.get(file.workflowId);
      if (other !== undefined) say(['workflowId'], `"${file.workflowId}" is also in ${other}`);
      else owners.set(file.workflowId, path);
    }
    problems.push(...mine.slice(0, MAX_PROBLEMS_PER_FILE));
  }
  return problems;
}
