import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { OffsetPage, PagePromise } from '../core/pagination';
import { workflowsList } from '../funcs/workflowsList';
import { workflowsSync } from '../funcs/workflowsSync';
import type {
  WorkflowListItem,
  WorkflowListQuery,
  WorkflowSyncBody,
  WorkflowSyncResponse,
} from '../schemas/workflow';

/**
 * The `svc.workflows` namespace: list and sync workflows.
 *
 * @example
 * ```ts
 * for await (const workflow of svc.workflows.list({ tags: ['onboarding'] })) console.log(workflow.name);
 * ```
 */
export class Workflows {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists workflows, offset-paginated (`data` holds the workflows).
   *
   * @example
   * ```ts
   * const page = await svc.workflows.list({ limit: 20 });
   * ```
   */
  list(
    query?: WorkflowListQuery,
    options?: RequestOptions,
  ): PagePromise<OffsetPage<WorkflowListItem, WorkflowListQuery>, WorkflowListItem> {
    return workflowsList(this.#core, query, options);
  }

  /**
   * Copies a workflow to another environment; resolves to the target's workflow.
   *
   * @example
   * ```ts
   * await svc.workflows.sync('welcome-email', { targetEnvironmentId: productionId });
   * ```
   */
  sync(
    workflowId: string,
    body: WorkflowSyncBody,
    options?: RequestOptions,
  ): APIPromise<WorkflowSyncResponse> {
    return workflowsSync(this.#core, workflowId, body, options);
  }
}
