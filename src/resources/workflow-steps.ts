import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { workflowsStepsGeneratePreview, workflowsStepsRetrieve } from '../funcs/workflows';
import type { StepPreviewBody, StepPreviewResponse } from '../schemas/workflow-preview';
import type { WorkflowStepResponse } from '../schemas/workflow-response';

/**
 * The `svc.workflows.steps` namespace: one step of a workflow, and its preview.
 *
 * @example
 * ```ts
 * const step = await svc.workflows.steps.retrieve('welcome', 'inbox');
 * const { result } = await svc.workflows.steps.generatePreview('welcome', step.stepId, {});
 * console.log(result.preview);
 * ```
 */
export class WorkflowSteps {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Retrieves one step of a workflow (`GET /v2/workflows/{workflowId}/steps/{stepId}`), by its
   * `stepId` or `_id`: its controls, control values, variables and issues.
   *
   * @throws {@link NotFoundError} for an unknown workflow; {@link BadRequestError} (`No step
   * found`) for an unknown step.
   *
   * @example
   * ```ts
   * const step = await svc.workflows.steps.retrieve('welcome', 'inbox');
   * console.log(step.type, step.controlValues);
   * ```
   */
  retrieve(
    workflowId: string,
    stepId: string,
    options?: RequestOptions,
  ): APIPromise<WorkflowStepResponse> {
    return workflowsStepsRetrieve(this.#core, workflowId, stepId, options);
  }

  /**
   * Renders a step as a run would render it (`POST
   * /v2/workflows/{workflowId}/step/{stepId}/preview`), with the given `controlValues` (else the
   * stored ones) and `previewPayload` (the rest made up from the variables the controls use,
   * answered as `previewPayloadExample`). A code-first step is rendered by its app's bridge. An
   * unknown workflow or step answers an empty preview, as the service does.
   *
   * @example
   * ```ts
   * const preview = await svc.workflows.steps.generatePreview('welcome', 'email', {
   *   previewPayload: { subscriber: { firstName: 'Ada' }, payload: { orderId: 'A-1' } },
   * });
   * console.log(preview.result.preview?.['subject'], preview.previewPayloadExample);
   * ```
   */
  generatePreview(
    workflowId: string,
    stepId: string,
    body: StepPreviewBody,
    options?: RequestOptions,
  ): APIPromise<StepPreviewResponse> {
    return workflowsStepsGeneratePreview(this.#core, workflowId, stepId, body, options);
  }
}
