/**
 * The run's renderer of a channel step's content: what a run delivers and what a step preview
 * shows come from these two functions, so they cannot drift apart (docs/behaviour/workflows.md#preview).
 *
 * @module
 */

import type { WorkflowStepRecord } from '../store/state';
import { emailBodySource, renderEmailBody } from './email-body';
import { type RenderResult, renderControlValues, type TemplateVariables } from './templates';

/** A step's control values, every string rendered with the run's variables. */
export function renderStepControls(
  step: Pick<WorkflowStepRecord, 'controlValues'>,
  variables: TemplateVariables,
): RenderResult<Record<string, unknown>> {
  return renderControlValues(step.controlValues, variables);
}

/** An email step's body as the HTML a run sends: a block document turned into HTML, rendered. */
export function renderStepEmailBody(
  step: Pick<WorkflowStepRecord, 'controlValues'>,
  variables: TemplateVariables,
): RenderResult {
  return renderEmailBody(emailBodySource(step.controlValues['body']), variables);
}
