import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { OffsetPage, PagePromise } from '../core/pagination';
import { workflowsCreate } from '../funcs/workflowsCreate';
import { workflowsDelete } from '../funcs/workflowsDelete';
import { workflowsList } from '../funcs/workflowsList';
import { workflowsPatch } from '../funcs/workflowsPatch';
import { workflowsRetrieve } from '../funcs/workflowsRetrieve';
import { workflowsSync } from '../funcs/workflowsSync';
import { workflowsUpdate } from '../funcs/workflowsUpdate';
import type { NoContent } from '../schemas/common';
import type {
  WorkflowCreateBody,
  WorkflowListItem,
  WorkflowListQuery,
  WorkflowPatchBody,
  WorkflowResponse,
  WorkflowSyncBody,
  WorkflowSyncResponse,
  WorkflowUpdateBody,
} from '../schemas/workflow';

/**
 * The `svc.workflows` namespace: list, create, retrieve, update, patch, delete and sync workflows.
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

  /**
   * Creates a workflow with its steps (201); a `workflowId` already used is refused (409).
   *
   * @example
   * ```ts
   * const workflow = await svc.workflows.create({
   *   name: 'Welcome',
   *   workflowId: 'welcome',
   *   steps: [{ name: 'In-App', type: 'in_app', controlValues: { body: 'Welcome!' } }],
   * });
   * await svc.events.trigger({ name: workflow.workflowId, to: 'subscriber-1' });
   * ```
   */
  create(body: WorkflowCreateBody, options?: RequestOptions): APIPromise<WorkflowResponse> {
    return workflowsCreate(this.#core, body, options);
  }

  /**
   * Replaces a workflow's fields and steps: steps with a stored `_id` change, others are added,
   * stored steps left out are removed; an omitted `active` means `true`.
   *
   * @example
   * ```ts
   * await svc.workflows.update('welcome', {
   *   name: 'Welcome',
   *   origin: 'svc-cloud',
   *   preferences: {},
   *   steps: [{ name: 'Email', type: 'email', controlValues: { subject: 'Hi', body: 'Hello' } }],
   * });
   * ```
   */
  update(
    workflowId: string,
    body: WorkflowUpdateBody,
    options?: RequestOptions,
  ): APIPromise<WorkflowResponse> {
    return workflowsUpdate(this.#core, workflowId, body, options);
  }

  /**
   * Retrieves a workflow by workflowId, slug or `_id`.
   *
   * @example
   * ```ts
   * const workflow = await svc.workflows.retrieve('welcome-email');
   * ```
   */
  retrieve(workflowId: string, options?: RequestOptions): APIPromise<WorkflowResponse> {
    return workflowsRetrieve(this.#core, workflowId, options);
  }

  /**
   * Changes a workflow's fields (not its steps); `active` also sets the status.
   *
   * @example
   * ```ts
   * await svc.workflows.patch('welcome-email', { active: false });
   * ```
   */
  patch(
    workflowId: string,
    body: WorkflowPatchBody,
    options?: RequestOptions,
  ): APIPromise<WorkflowResponse> {
    return workflowsPatch(this.#core, workflowId, body, options);
  }

  /**
   * Deletes a workflow; its triggers then answer `workflow_not_found`.
   *
   * @example
   * ```ts
   * await svc.workflows.delete('welcome-email');
   * ```
   */
  delete(workflowId: string, options?: RequestOptions): APIPromise<NoContent> {
    return workflowsDelete(this.#core, workflowId, options);
  }
}
