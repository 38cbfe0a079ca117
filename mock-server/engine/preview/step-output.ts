/**
 * What a step preview shows of a rendered step, per step type: the fields the service's preview
 * answers (an email's `subject` and HTML `body`, an in-app message's fields, an SMS's `body`...).
 *
 * @module
 */

import { laidOutEmail } from '../run/email-layout';
import { renderStepControls } from '../run/step-render';
import type { RenderResult, TemplateVariables } from '../run/templates';
import { translateControls } from '../run/translate-controls';
import type { EnvironmentData, WorkflowRecord, WorkflowStepRecord } from '../store/state';

/** The control values each channel's preview shows, in the service's order. */
const CHANNEL_FIELDS: Partial<Record<WorkflowStepRecord['type'], readonly string[]>> = {
  in_app: ['subject', 'body', 'avatar', 'primaryAction', 'secondaryAction', 'redirect', 'data'],
  sms: ['body'],
  chat: ['body'],
  push: ['subject', 'body'],
};

function pick(values: Record<string, unknown>, fields: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) out[field] = values[field];
  return out;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What a run knows besides the step: its environment, workflow, subscriber's locale, overrides. */
export interface StepRenderContext {
  data: EnvironmentData;
  workflow: WorkflowRecord;
  locale: string | null | undefined;
  overrides: Record<string, unknown>;
}

/**
 * A step rendered as a run renders it, in the shape of its preview: translation keys in the
 * subscriber's locale (run/translate-controls.ts), the controls' templates (run/step-render.ts),
 * an email's body in its layout (run/email-layout.ts). A template that cannot be rendered is the
 * failure, with the control it sits in.
 *
 * @example
 * ```ts
 * renderStepOutput(context, step, { subscriber: { firstName: 'Ada' } }); // { ok: true, value: { body: 'Hi Ada' } }
 * ```
 */
export function renderStepOutput(
  context: StepRenderContext,
  step: WorkflowStepRecord,
  variables: TemplateVariables,
): RenderResult<Record<string, unknown>> {
  const translated = translateControls(
    context.data,
    context.workflow,
    context.locale,
    step.controlValues,
  );
  if (!translated.ok) return translated;
  const controls = renderStepControls({ controlValues: translated.value }, variables);
  if (!controls.ok) return controls;
  const { skip: _skip, ...values } = controls.value;
  if (step.type === 'email') {
    const laidOut = { ...step, controlValues: translated.value };
    const { html } = laidOutEmail(
      context.data,
      context.overrides,
      laidOut,
      translated.value['body'],
      variables,
    );
    if (!html.ok) return html;
    return { ok: true, value: { subject: text(values['subject']), body: html.value } };
  }
  const fields = CHANNEL_FIELDS[step.type];
  if (fields === undefined) return { ok: true, value: values };
  const value = pick(values, fields);
  // The channels' output schemas require a body (and a push a subject).
  value['body'] = text(value['body']);
  if (step.type === 'push') value['subject'] = text(value['subject']);
  return { ok: true, value };
}
