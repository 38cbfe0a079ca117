/**
 * The run's renderer of a channel step's controls. A run (run/execution.ts) and a step preview
 * (preview/step-output.ts) render through it, after translate-controls.ts, and an email's body
 * through email-layout.ts, so what a preview shows cannot drift from what a run delivers
 * (docs/behaviour/workflows.md#preview).
 *
 * @module
 */

import type { WorkflowStepRecord } from '../store/state';
import { type RenderResult, renderControlValues, type TemplateVariables } from './templates';

/** A step's control values, every string rendered with the run's variables. */
export function renderStepControls(
  step: Pick<WorkflowStepRecord, 'controlValues'>,
  variables: TemplateVariables,
): RenderResult<Record<string, unknown>> {
  return renderControlValues(step.controlValues, variables);
}
