import type { Svc } from '../client';
import type { WorkflowResponse } from '../schemas/workflow-response';
import { workflowFileFromResponse } from './from-response';
import type { WorkflowFile } from './workflow-file';

/** The most workflows one pull, diff or push reads from an environment. */
export const MAX_REMOTE_WORKFLOWS = 1000;

/**
 * Every workflow of the client's environment, retrieved one by one (a list item has no control
 * values), sorted by workflowId. Throws above {@link MAX_REMOTE_WORKFLOWS}.
 *
 * @example
 * ```ts
 * const remote = await fetchWorkflows(new Svc({ secretKey }));
 * console.log(remote.map((workflow) => workflow.workflowId));
 * ```
 */
export async function fetchWorkflows(svc: Svc): Promise<WorkflowResponse[]> {
  const listed = await svc.workflows
    .list({ limit: 100 })
    .toArray({ limit: MAX_REMOTE_WORKFLOWS + 1 });
  // Part of an environment would plan creates for workflows that exist: refuse instead.
  if (listed.length > MAX_REMOTE_WORKFLOWS) {
    throw new Error(
      `the environment has more than ${MAX_REMOTE_WORKFLOWS} workflows; at most that many are read`,
    );
  }
  const workflows: WorkflowResponse[] = [];
  for (const item of listed) workflows.push(await svc.workflows.retrieve(item.workflowId));
  return workflows.sort((a, b) => a.workflowId.localeCompare(b.workflowId));
}

/**
 * Every workflow of the client's environment as a workflow file, sorted by workflowId.
 *
 * @example
 * ```ts
 * const files = await fetchWorkflowFiles(svc);
 * ```
 */
export async function fetchWorkflowFiles(svc: Svc): Promise<WorkflowFile[]> {
  return (await fetchWorkflows(svc)).map(workflowFileFromResponse);
}
