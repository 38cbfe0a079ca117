import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { OffsetPage, PagePromise } from '../core/pagination';
import {
  workflowsCreate,
  workflowsDelete,
  workflowsList,
  workflowsPatch,
  workflowsRetrieve,
  workflowsSync,
  workflowsUpdate,
} from '../funcs/workflows';
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
import { WorkflowSteps } from './workflow-steps';

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

  /** One step of a workflow, and its preview. */
  readonly steps: WorkflowSteps;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.steps = new WorkflowSteps(core);
  }

  /**
   * Lists workflows (`GET /v2/workflows`), offset-paginated: pages advance by `limit` until
   * `totalCount`. The service answers `{workflows, totalCount}`; the page's `data` holds the
   * workflows.
   *
   * @example
   * ```ts
   * const page = await svc.workflows.list({ limit: 20, tags: ['onboarding'] });
   * console.log(page.totalCount, page.data.map((workflow) => workflow.workflowId));
   * ```
   */
  list(
    query?: WorkflowListQuery,
    options?: RequestOptions,
  ): PagePromise<OffsetPage<WorkflowListItem, WorkflowListQuery>, WorkflowListItem> {
    return workflowsList(this.#core, query, options);
  }

  /**
   * Copies a workflow to another environment (`PUT /v2/workflows/{workflowId}/sync`); resolves to
   * the target environment's workflow.
   *
   * @example
   * ```ts
   * const synced = await svc.workflows.sync('welcome-email', {
   *   targetEnvironmentId: '64da692e9a94fb2e6449ad02',
   * });
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
   * Creates a workflow with its steps (`POST /v2/workflows`); resolves to the workflow as the
   * service answers it (steps with their `_id`, `stepId`, controls and `issues`; `status` `ERROR`
   * while a step has issues). A `workflowId` already used in the environment is refused (409). An
   * idempotency key (generated unless given) makes retries safe.
   *
   * @example
   * ```ts
   * const workflow = await svc.workflows.create({
   *   name: 'Welcome',
   *   workflowId: 'welcome',
   *   steps: [{ name: 'In-App', type: 'in_app', controlValues: { body: 'Welcome!' } }],
   * });
   * await svc.events.trigger({ name: workflow.workflowId, to: 'user-1' });
   * ```
   */
  create(body: WorkflowCreateBody, options?: RequestOptions): APIPromise<WorkflowResponse> {
    return workflowsCreate(this.#core, body, options);
  }

  /**
   * Replaces a workflow's fields and steps (`PUT /v2/workflows/{workflowId}`, by workflowId, slug
   * or `_id`): steps with a stored `_id` change, steps without one are added, stored steps left out
   * are removed; an omitted `active` means `true`. Resolves to the workflow. PUT carries no
   * idempotency key.
   *
   * @example
   * ```ts
   * const current = await svc.workflows.retrieve('welcome');
   * const inApp = current.steps[0];
   * const updated = await svc.workflows.update('welcome', {
   *   name: current.name,
   *   origin: 'svc-cloud',
   *   preferences: {},
   *   steps: [
   *     { _id: inApp?._id, name: 'In-App', type: 'in_app' },
   *     { name: 'Email', type: 'email', controlValues: { subject: 'Hi', body: 'Hello' } },
   *   ],
   * });
   * console.log(updated.steps.length); // 2
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
   * Retrieves one workflow (`GET /v2/workflows/{workflowId}`) by its workflowId, its slug or its
   * `_id`, with its steps, controls, issues and status. An unknown one answers 404.
   *
   * @example
   * ```ts
   * const workflow = await svc.workflows.retrieve('welcome-email');
   * console.log(workflow.status, workflow.steps.length);
   * ```
   */
  retrieve(workflowId: string, options?: RequestOptions): APIPromise<WorkflowResponse> {
    return workflowsRetrieve(this.#core, workflowId, options);
  }

  /**
   * Changes a workflow's fields without touching its steps (`PATCH /v2/workflows/{workflowId}`):
   * `active` (which also sets the status), `name`, `description`, `tags`, `payloadSchema`,
   * `validatePayload`, `isTranslationEnabled`; resolves to the workflow. An idempotency key
   * (generated unless given) makes retries safe.
   *
   * @example
   * ```ts
   * const paused = await svc.workflows.patch('welcome-email', { active: false });
   * console.log(paused.status); // 'INACTIVE'
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
   * Deletes a workflow (`DELETE /v2/workflows/{workflowId}`, by workflowId, slug or `_id`);
   * resolves to nothing (204). Triggers of it then answer `workflow_not_found`.
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
