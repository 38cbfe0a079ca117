/**
 * The step preview of a code-first workflow: the service asks the app's bridge to render it
 * (`action=preview`, the same event as an execute, with the preview's variables), and answers
 * the bridge's `outputs` (docs/code-first.md#preview).
 *
 * @module
 */

import { type BridgeCall, callBridge } from '../bridge/bridge-client';
import { readExecuteAnswer } from '../bridge/execute-answer';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';

/** Attempts of a preview call: the service's retries limit for preview is 1. */
export const PREVIEW_ATTEMPTS = 1;

/** What a bridge's preview gave: the step's outputs, or why there are none. */
export type BridgePreview =
  | { ok: true; outputs: Record<string, unknown> }
  | { ok: false; message: string };

/** The earlier steps' results as the framework's `state`, from the preview's `steps`. */
function previewState(steps: unknown): Record<string, unknown>[] {
  if (steps === null || typeof steps !== 'object' || Array.isArray(steps)) return [];
  return Object.entries(steps).map(([stepId, outputs]) => ({
    stepId,
    outputs,
    state: { status: 'completed' },
  }));
}

/** The `action=preview` call of a step, or `undefined` when the environment has no bridge URL. */
export function previewCall(
  scope: EngineScope,
  workflow: WorkflowRecord,
  step: WorkflowStepRecord,
  controls: Record<string, unknown>,
  example: Record<string, unknown>,
): BridgeCall | undefined {
  const bridgeUrl = scope.environment.bridgeUrl;
  if (bridgeUrl === undefined) return undefined;
  return {
    bridgeUrl,
    action: 'preview',
    workflowId: workflow.workflowId,
    stepId: step.stepId,
    secretKey: scope.environment.apiKey,
    attempts: PREVIEW_ATTEMPTS,
    body: {
      workflowId: workflow.workflowId,
      stepId: step.stepId,
      action: 'preview',
      subscriber: example['subscriber'] ?? {},
      payload: example['payload'] ?? {},
      controls,
      state: previewState(example['steps']),
    },
  };
}

/**
 * Asks the bridge to render the step (one attempt, the 5 s timeout) and reads its answer.
 *
 * @example
 * ```ts
 * const preview = await bridgePreview(scope, call);
 * if (preview.ok) console.log(preview.outputs);
 * ```
 */
export async function bridgePreview(scope: EngineScope, call: BridgeCall): Promise<BridgePreview> {
  const result = await callBridge(scope.bridge, call);
  if (!result.ok) return { ok: false, message: result.failure.message };
  const read = readExecuteAnswer(result.body, result.url);
  return read.ok
    ? { ok: true, outputs: read.answer.outputs }
    : { ok: false, message: read.failure.message };
}
