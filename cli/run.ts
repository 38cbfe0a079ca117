/**
 * The `svc-workflows` CLI: workflows as files (pull, diff, push, promote) and typed triggers (types
 * generate), over the public client only, so it works against the service and svc-mock alike.
 * See docs/workflows-as-code.md.
 *
 * @module
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { Svc } from '../src/client';
import { isAPIError } from '../src/core/errors';
import { VERSION } from '../src/version';
import { applyWorkflowPlan, WorkflowPushError } from '../src/workflows/apply';
import {
  formatPlan,
  planWorkflows,
  type WorkflowChange,
  type WorkflowPlan,
} from '../src/workflows/plan';
import { fetchWorkflowFiles } from '../src/workflows/remote';
import type { WorkflowFile } from '../src/workflows/workflow-file';
import { generateTypes } from './generate-types';
import { type CliIo, progress } from './output';
import { type PromoteOutcome, promoteWorkflows, UnknownEnvironmentError } from './promote';
import { unknownOptionMessage } from './unknown-option';
import { validateWorkflowDir } from './validate';
import {
  DEFAULT_WORKFLOW_DIR,
  parseWorkflowFile,
  readWorkflowDir,
  writeWorkflowDir,
} from './workflow-dir';
import { isModulePath, readWorkflowModule } from './workflow-module';

export const USAGE = `Usage: svc-workflows <command> [options]
       (npx -p @svc/api svc-workflows <command>, or a package.json script)

  workflows pull     [--dir svc/workflows]               write the environment's workflows as files
  workflows diff     [--dir <dir|module>] [--prune]      what a push would change (exit 0 none, 1 changes)
  workflows push     [--dir <dir|module>] [--dry-run] [--prune]
                                                         create and update workflows from the files
  workflows validate [--dir svc/workflows]               check the files offline (exit 0 valid, 1 problems)
  workflows promote  --to <name|environmentId> [--dir <dir|module>] [--dry-run]
                                                         publish the files' workflows to another environment
  types generate     [--dir <dir|module> | --from-environment] [--out svc/workflows.gen.ts]
                                                         payload types and typed triggers

Options:
  --base-url <url>     the service's URL (default $SVC_BASE_URL, else https://api.svc.co)
  --secret-key <key>   the environment's secret key (default $SVC_SECRET_KEY)
  --json               machine-readable output on stdout
  --version            the version of @svc/api
  -h, --help           this text

Exit codes: 0 done (diff: no changes), 1 diff found changes, 2 error.`;

/** A mistake in the command line: the usage follows the message. */
class UsageError extends Error {}

const OPTIONS = {
  dir: { type: 'string' },
  out: { type: 'string' },
  to: { type: 'string' },
  'base-url': { type: 'string' },
  'secret-key': { type: 'string' },
  'from-environment': { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  prune: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

function client(values: Values, io: CliIo): Svc {
  const secretKey = values['secret-key'] ?? io.env['SVC_SECRET_KEY'];
  if (secretKey === undefined || secretKey === '') {
    throw new UsageError('a secret key is needed: --secret-key or $SVC_SECRET_KEY');
  }
  const baseUrl = values['base-url'] ?? io.env['SVC_BASE_URL'];
  return new Svc({
    secretKey,
    ...(baseUrl ? { baseUrl } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
}

async function readLocal(values: Values): Promise<WorkflowFile[]> {
  const source = values.dir ?? DEFAULT_WORKFLOW_DIR;
  const loaded = (await isModulePath(source))
    ? await readWorkflowModule(source)
    : await readWorkflowDir(source);
  return loaded.map(({ file }) => {
    const { $schema: _schema, ...rest } = file;
    return rest;
  });
}

/** A plan for `--json`: the changes without the files' whole contents. */
function planJson(plan: WorkflowPlan) {
  return {
    changes: plan.changes.map((change) => ({
      action: change.action,
      workflowId: change.workflowId,
      ...(change.action === 'update' ? { changes: change.changes } : {}),
    })),
    unchanged: plan.unchanged,
    kept: plan.kept,
  };
}

const changeLine = (change: WorkflowChange) =>
  `${{ create: '+', update: '~', delete: '-' }[change.action]} ${change.action} ${change.workflowId}`;

async function pull(values: Values, io: CliIo): Promise<number> {
  const svc = client(values, io);
  const dir = values.dir ?? DEFAULT_WORKFLOW_DIR;
  // What the environment answers is checked as a file is before it names one (a workflowId
  // like `../x` would write outside the directory).
  const files = (await fetchWorkflowFiles(svc)).map((file) =>
    parseWorkflowFile(`workflow "${file.workflowId}" of the environment`, file),
  );
  const line = progress(io, values.json);
  const result = await writeWorkflowDir(dir, files, (path, state) => line(`${state} ${path}`));
  if (values.json) io.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    io.stdout.write(
      `Pulled ${files.length} workflow(s) into ${dir}: ${result.written.length} written, ${result.unchanged.length} unchanged, ${result.removed.length} removed.\n`,
    );
  }
  return 0;
}

async function diffOrPush(values: Values, io: CliIo, push: boolean): Promise<number> {
  const local = await readLocal(values);
  const svc = client(values, io);
  const plan = planWorkflows(local, await fetchWorkflowFiles(svc), { prune: values.prune });
  if (!push || values['dry-run']) {
    if (values.json) io.stdout.write(`${JSON.stringify({ ...planJson(plan), dryRun: push })}\n`);
    else io.stdout.write(formatPlan(plan));
    return !push && plan.changes.length > 0 ? 1 : 0;
  }
  const line = progress(io, values.json);
  try {
    const applied = await applyWorkflowPlan(svc, plan, (change) => line(changeLine(change)));
    if (values.json)
      io.stdout.write(
        `${JSON.stringify({ ...planJson(plan), applied: applied.map(changeLine) })}\n`,
      );
    else if (plan.changes.length === 0) io.stdout.write(formatPlan(plan));
    else io.stdout.write(`Applied ${applied.length} change(s).\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof WorkflowPushError)) throw error;
    const applied = error.applied.map(changeLine);
    if (values.json) {
      io.stdout.write(
        `${JSON.stringify({ error: serviceMessage(error.cause), failed: changeLine(error.failed), applied })}\n`,
      );
    }
    io.stderr.write(
      `svc-workflows: ${changeLine(error.failed)} failed: ${serviceMessage(error.cause)}\n` +
        (applied.length === 0
          ? 'Nothing was applied before it.\n'
          : `Applied before it:\n${applied.map((entry) => `  ${entry}\n`).join('')}`),
    );
    return 2;
  }
}

async function promote(values: Values, io: CliIo): Promise<number> {
  const to = values.to;
  if (to === undefined || to === '') {
    throw new UsageError('promote needs --to <environment name or _id> (e.g. --to Production)');
  }
  const local = await readLocal(values);
  const svc = client(values, io);
  const dryRun = values['dry-run'] === true;
  let outcome: PromoteOutcome;
  try {
    outcome = await promoteWorkflows(svc, {
      to,
      workflowIds: local.map((file) => file.workflowId),
      dryRun,
    });
  } catch (error) {
    const message =
      error instanceof UnknownEnvironmentError ? error.message : serviceMessage(error);
    io.stderr.write(`svc-workflows: promote failed: ${message}\n`);
    return 2;
  }
  const { target, source, changes, unchanged } = outcome;
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({ from: source._id, to: target._id, toName: target.name, changes, unchanged, dryRun })}\n`,
    );
  } else if (unchanged) {
    io.stdout.write(
      `Nothing to promote: ${target.name} already has the ${local.length} workflow(s) as ${source.name} has them.\n`,
    );
  } else {
    const lines = changes.map((change) => `  ${change}\n`).join('');
    io.stdout.write(
      dryRun
        ? `Would promote to ${target.name} (${target._id}):\n${lines}`
        : `Promoted to ${target.name} (${target._id}):\n${lines}`,
    );
  }
  return 0;
}

async function validate(values: Values, io: CliIo): Promise<number> {
  const dir = values.dir ?? DEFAULT_WORKFLOW_DIR;
  const problems = await validateWorkflowDir(dir);
  if (values.json) io.stdout.write(`${JSON.stringify({ problems })}\n`);
  else if (problems.length === 0) io.stdout.write(`The workflow files in ${dir} are valid.\n`);
  else io.stderr.write(problems.map((problem) => `${problem}\n`).join(''));
  return problems.length === 0 ? 0 : 1;
}

async function types(values: Values, io: CliIo): Promise<number> {
  if (values['from-environment'] && values.dir !== undefined) {
    throw new UsageError('types generate takes --dir or --from-environment, not both');
  }
  const fromEnvironment = values['from-environment'];
  const files = fromEnvironment
    ? await fetchWorkflowFiles(client(values, io))
    : await readLocal(values);
  const source = fromEnvironment ? 'the environment' : (values.dir ?? DEFAULT_WORKFLOW_DIR);
  const out = values.out ?? 'svc/workflows.gen.ts';
  const text = await generateTypes(files, source.split('\\').join('/'));
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, text);
  if (values.json) io.stdout.write(`${JSON.stringify({ out, workflows: files.length })}\n`);
  else io.stdout.write(`Wrote the types of ${files.length} workflow(s) to ${out}.\n`);
  return 0;
}

/** The service's message of an API error (its `message` field), else the error's own. */
function serviceMessage(error: unknown): string {
  if (isAPIError(error)) {
    const body = error.body as { message?: unknown; errors?: unknown } | undefined;
    const message = Array.isArray(body?.message) ? body.message.join('; ') : body?.message;
    const text = `${error.status} ${typeof message === 'string' ? message : error.message}`;
    // A 422 names the bad fields in `errors`: shown, cut short.
    const details = body?.errors === undefined ? '' : JSON.stringify(body.errors);
    return details === ''
      ? text
      : `${text} ${details.length > 300 ? `${details.slice(0, 297)}...` : details}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one `svc` command line; resolves to the exit code (0 done, 1 diff found changes, 2 error).
 *
 * @example
 * ```ts
 * const code = await runSvc(['workflows', 'diff', '--json'], { stdout: process.stdout, stderr: process.stderr, env: process.env });
 * ```
 */
export async function runSvc(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
    } catch (error) {
      const unknown = unknownOptionMessage(error, Object.keys(OPTIONS), 'svc-workflows');
      if (unknown !== undefined) {
        io.stderr.write(`svc-workflows: ${unknown}\n`);
        return 2;
      }
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.version) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    const command = positionals.join(' ');
    if (values.help || command === '' || command === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    switch (command) {
      case 'workflows pull':
        return await pull(values, io);
      case 'workflows diff':
        return await diffOrPush(values, io, false);
      case 'workflows push':
        return await diffOrPush(values, io, true);
      case 'workflows promote':
        return await promote(values, io);
      case 'workflows validate':
        return await validate(values, io);
      case 'types generate':
        return await types(values, io);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    io.stderr.write(`svc-workflows: ${serviceMessage(error)}\n`);
    if (error instanceof UsageError) io.stderr.write(`\n${USAGE}\n`);
    return 2;
  }
}
