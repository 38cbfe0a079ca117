/**
 * What a step preview shows of a rendered step, per step type: the fields the service's preview
 * answers (an email's `subject` and HTML `body`, an in-app message's fields, an SMS's `body`...).
 *
 * @module
 */

import { renderStepControls, renderStepEmailBody } from '../run/step-render';
import type { RenderResult, TemplateVariables } from '../run/templates';
import type { WorkflowStepRecord } from '../store/state';

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

/**
 * A step rendered as a run renders it (run/step-render.ts), in the shape of its preview. A
 * template that cannot be rendered is the failure, with the control it sits in.
 *
 * @example
 * ```ts
 * renderStepOutput(step, { subscriber: { firstName: 'Ada' } }); // { ok: true, value: { body: 'Hi Ada' } }
 * ```
 */
export function renderStepOutput(
  step: Pick<WorkflowStepRecord, 'type' | 'controlValues'>,
  variables: TemplateVariables,
): RenderResult<Record<string, unknown>> {
  const controls = renderStepControls(step, variables);
  if (!controls.ok) return controls;
  const { skip: _skip, ...values } = controls.value;
  if (step.type === 'email') {
    const body = renderStepEmailBody(step, variables);
    if (!body.ok) return body;
    return { ok: true, value: { subject: text(values['subject']), body: body.value } };
  }
  const fields = CHANNEL_FIELDS[step.type];
  if (fields === undefined) return { ok: true, value: values };
  const value = pick(values, fields);
  // The channels' output schemas require a body (and a push a subject).
  value['body'] = text(value['body']);
  if (step.type === 'push') value['subject'] = text(value['subject']);
  return { ok: true, value };
}
