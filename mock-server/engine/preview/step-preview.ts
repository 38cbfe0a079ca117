/**
 * `POST /v2/workflows/{workflowId}/step/{stepId}/preview` (docs/behaviour/workflows.md#preview):
 * a step rendered with the given or made-up variables, exactly as a run renders it (the run's own
 * renderer, run/step-render.ts), or by the app's bridge for a code-first workflow.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { StepPreviewBody } from '../../../src/schemas/workflow-preview';
import { environmentBindings } from '../resources/environment-variables';
import { findWorkflow } from '../resources/workflows';
import { digestStepVariables, type TemplateVariables } from '../run/templates';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { type BridgePreview, bridgePreview, previewCall } from './bridge-preview';
import { previewPayloadExample, previewSchema } from './preview-payload';
import { findStep } from './step-data';
import { renderStepOutput } from './step-output';
import { usedVariables, variablesObject } from './variables-object';

type Json = Record<string, unknown>;

/** What a preview renders: the step, the control values and the variables. */
interface PreviewPlan {
  workflow: WorkflowRecord;
  step: WorkflowStepRecord;
  controls: Json;
  example: Json;
}

/**
 * The answer for a workflow or step that is not there: the service answers 201 with an empty
 * preview, not an error.
 */
const EMPTY_PREVIEW = () => ({ result: { preview: {} }, previewPayloadExample: {}, schema: null });

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function planPreview(
  scope: EngineScope,
  workflowId: string,
  stepId: string,
  body: unknown,
): PreviewPlan | undefined {
  const input = validateBody(StepPreviewBody, body ?? {});
  const workflow = findWorkflow(scope.data, workflowId);
  const step = workflow && findStep(workflow, stepId);
  if (workflow === undefined || step === undefined) return undefined;
  const controls = input.controlValues ?? step.controlValues;
  const example = previewPayloadExample({
    workflow,
    stepIndex: workflow.steps.indexOf(step),
    variables: variablesObject(usedVariables(controls)),
    given: input.previewPayload,
    now: scope.now(),
  });
  return { workflow, step, controls, example };
}

/** The run's variables for the preview: a digest's example events as `step.events` after it. */
function templateVariables(plan: PreviewPlan): TemplateVariables {
  const { example, workflow, step } = plan;
  const steps = isObject(example['steps']) ? structuredClone(example['steps']) : {};
  let digestEvents: JsonObject[] | undefined;
  for (const [stepId, result] of Object.entries(steps)) {
    if (!isObject(result) || !Array.isArray(result['events'])) continue;
    // The templates count the events as the service's preview does.
    result['eventCount'] = result['events'].length;
    const earlier = workflow.steps.slice(0, workflow.steps.indexOf(step));
    if (earlier.some((candidate) => candidate.stepId === stepId && candidate.type === 'digest')) {
      digestEvents = result['events'].map((event) =>
        isObject(event) && isObject(event['payload']) ? event['payload'] : {},
      );
    }
  }
  return {
    payload: isObject(example['payload']) ? example['payload'] : {},
    subscriber: isObject(example['subscriber']) ? example['subscriber'] : {},
    ...(isObject(example['actor']) ? { actor: example['actor'] } : {}),
    steps,
    ...(digestEvents === undefined ? {} : { step: digestStepVariables(digestEvents) }),
  };
}

/**
 * The bridge's preview of a code-first step, asked before the operation runs (the engine's
 * `prepare`); `undefined` for any other workflow, or one that is not there.
 */
export async function prepareStepPreview(
  scope: EngineScope,
  workflowId: string,
  stepId: string,
  body: unknown,
): Promise<BridgePreview | undefined> {
  // Only a code-first workflow asks its bridge; any other is planned once, by the handler.
  if (findWorkflow(scope.data, workflowId)?.origin !== 'external') return undefined;
  const plan = planPreview(scope, workflowId, stepId, body);
  if (plan === undefined || plan.workflow.origin !== 'external') return undefined;
  const call = previewCall(scope, plan.workflow, plan.step, plan.controls, plan.example);
  if (call === undefined) {
    return {
      ok: false,
      message: 'The environment has no bridge URL: sync the app first (POST /v1/bridge/sync)',
    };
  }
  return bridgePreview(scope, call);
}

/**
 * The preview's answer: the rendered step (`result`), the variables it was rendered with
 * (`previewPayloadExample`) and their schema. A code-first step answers what its bridge
 * rendered (`prepared`); a bridge that failed leaves the preview empty, as the service does.
 */
export function generateStepPreview(
  scope: EngineScope,
  workflowId: string,
  stepId: string,
  body: unknown,
  prepared: unknown,
) {
  const plan = planPreview(scope, workflowId, stepId, body);
  if (plan === undefined) return EMPTY_PREVIEW();
  const { workflow, step, example } = plan;
  const schema = previewSchema(workflow);
  if (workflow.origin === 'external') {
    if (prepared === undefined) {
      throw ServiceError.http(
        400,
        'A code-first step preview asks the bridge over the network first: call it with engine.perform or the client',
      );
    }
    const preview = prepared as BridgePreview;
    if (!preview.ok) return EMPTY_PREVIEW();
    return {
      result: { type: step.type, preview: preview.outputs },
      previewPayloadExample: example,
      schema,
    };
  }
  const subscriber = example['subscriber'];
  const locale = isObject(subscriber) ? subscriber['locale'] : undefined;
  const output = renderStepOutput(
    {
      data: scope.data,
      workflow,
      locale: typeof locale === 'string' ? locale : undefined,
      overrides: {},
    },
    { ...step, controlValues: plan.controls },
    { ...templateVariables(plan), env: environmentBindings(scope) },
  );
  const result = output.ok
    ? { type: step.type, preview: output.value }
    : {
        type: step.type,
        preview: {},
        error: {
          title: 'Template error',
          message: output.path === '' ? output.error : `${output.path}: ${output.error}`,
          hint: `Fix the template of the \`${output.path || 'step'}\` control.`,
        },
      };
  return { result, previewPayloadExample: example, schema };
}
