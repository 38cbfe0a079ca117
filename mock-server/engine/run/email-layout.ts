/**
 * Layouts around email steps, as the service's email renderer applies them
 * (docs/behaviour/layouts.md#in-a-run): the step's body is rendered first, then the layout's
 * body with it in the `{{content}}` slot and the same variables.
 *
 * @module
 */

import { LAYOUT_CONTENT_VARIABLE } from '../../../src/schemas/layout';
import { defaultLayout, findLayout } from '../resources/layouts';
import type { EnvironmentData, LayoutRecord, WorkflowStepRecord } from '../store/state';
import { addDetail, type StepDelivery } from './channels/delivery';
import type { DetailText } from './detail-texts';
import { emailBodySource, renderEmailBody } from './email-body';
import type { RenderResult, TemplateVariables } from './templates';

const LAYOUT_SELECTED: DetailText = {
  detail: 'Layout selected',
  status: 'Pending',
  source: 'Internal',
};
const LAYOUT_NOT_FOUND: DetailText = {
  detail: 'Layout not found',
  status: 'Failed',
  source: 'Internal',
};

const objectAt = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The layout a trigger's overrides pick, in the service's order: `overrides.steps[<step>].layoutId`,
 * then `overrides.channels.email.layoutId`, then the older `overrides.layoutIdentifier`.
 * `undefined` when none says; `null` for "no layout".
 */
function overriddenLayoutId(
  overrides: Record<string, unknown>,
  step: WorkflowStepRecord,
): string | null | undefined {
  const steps = objectAt(overrides['steps']);
  const stepOverrides = objectAt(steps[step._id] ?? steps[step.stepId]);
  const fromStep = stepOverrides['layoutId'];
  if (fromStep !== undefined) return typeof fromStep === 'string' ? fromStep : null;
  const fromChannel = objectAt(objectAt(overrides['channels'])['email'])['layoutId'];
  if (fromChannel !== undefined) return typeof fromChannel === 'string' ? fromChannel : null;
  const legacy = overrides['layoutIdentifier'];
  return typeof legacy === 'string' && legacy !== '' ? legacy : undefined;
}

/**
 * Which layout an email step renders in: `{ kind: 'none' }` when it has none (its `layoutId`
 * control or an override is `null`, or the environment has no default), `{ kind: 'missing', id }`
 * when the named one does not exist, else `{ kind: 'layout', layout }`. A step without a
 * `layoutId` control takes the environment's default layout, as a step made in the dashboard
 * is given it.
 *
 * @example
 * ```ts
 * const choice = layoutForStep(scope.data, notification.overrides, job.step);
 * ```
 */
export function layoutForStep(
  data: EnvironmentData,
  overrides: Record<string, unknown>,
  step: WorkflowStepRecord,
): { kind: 'none' } | { kind: 'missing'; id: string } | { kind: 'layout'; layout: LayoutRecord } {
  const override = overriddenLayoutId(overrides, step);
  const control = step.controlValues['layoutId'];
  const id = override || (override === null ? null : control);
  if (id === null || (id !== undefined && typeof id !== 'string') || id === '') {
    return { kind: 'none' };
  }
  if (id === undefined) {
    const fallback = defaultLayout(data);
    return fallback === undefined ? { kind: 'none' } : { kind: 'layout', layout: fallback };
  }
  const layout = findLayout(data, id);
  return layout === undefined ? { kind: 'missing', id } : { kind: 'layout', layout };
}

/**
 * Renders a layout's email body around already rendered step HTML: the layout sees the same
 * variables plus `content`. A layout whose controls were cleared leaves the HTML as it is.
 *
 * @example
 * ```ts
 * const wrapped = wrapInLayout(layout, '<p>Hi Ada</p>', { subscriber: { firstName: 'Ada' } });
 * ```
 */
export function wrapInLayout(
  layout: LayoutRecord,
  html: string,
  variables: TemplateVariables,
): RenderResult {
  const body = layout.controls?.email?.body;
  if (body === undefined) return { ok: true, value: html };
  const wrapped = renderEmailBody(emailBodySource(body), {
    ...variables,
    [LAYOUT_CONTENT_VARIABLE]: html,
  });
  return wrapped.ok ? wrapped : { ...wrapped, path: 'layout' };
}

/**
 * An email step's HTML as the service's renderer makes it: its body rendered, then wrapped in its
 * layout ({@link layoutForStep}). The run and the step preview both render through this; `layout`
 * says which layout was chosen (a run records it on the job).
 *
 * @example
 * ```ts
 * const { html } = laidOutEmail(scope.data, {}, step, step.controlValues['body'], variables);
 * ```
 */
export function laidOutEmail(
  data: EnvironmentData,
  overrides: Record<string, unknown>,
  step: WorkflowStepRecord,
  rawBody: unknown,
  variables: TemplateVariables,
): { html: RenderResult; layout: ReturnType<typeof layoutForStep> } {
  const body = renderEmailBody(emailBodySource(rawBody), variables);
  const layout = layoutForStep(data, overrides, step);
  if (!body.ok || layout.kind === 'none') return { html: body, layout };
  if (layout.kind === 'missing') {
    const error = `Layout not found for id ${layout.id}`;
    return { html: { ok: false, error, path: 'layoutId' }, layout };
  }
  return { html: wrapInLayout(layout.layout, body.value, variables), layout };
}

/**
 * The HTML an email step delivers ({@link laidOutEmail}); the job records `Layout selected`
 * (raw: its name and identifier) or `Layout not found`, which fails the step as the service's
 * renderer does.
 *
 * @internal
 */
export function renderLaidOutEmail(
  delivery: StepDelivery,
  rawBody: unknown,
  variables: TemplateVariables,
): RenderResult {
  const { job, notification, scope } = delivery;
  const { html, layout } = laidOutEmail(
    scope.data,
    notification.overrides,
    job.step,
    rawBody,
    variables,
  );
  if (layout.kind === 'missing' && !html.ok && html.path === 'layoutId') {
    const error = `${html.error} in the environment ${scope.environment._id}`;
    addDetail(delivery, LAYOUT_NOT_FOUND, { raw: { layoutId: layout.id, error } });
    return { ...html, error };
  }
  // Chosen once the body rendered: a failure inside the layout itself has the path `layout`.
  if (layout.kind === 'layout' && (html.ok || html.path === 'layout')) {
    addDetail(delivery, LAYOUT_SELECTED, {
      raw: { name: layout.layout.name, layoutId: layout.layout.layoutId },
    });
  }
  return html;
}
