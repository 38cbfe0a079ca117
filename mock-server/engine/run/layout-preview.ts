/**
 * `POST /v2/layouts/{layoutId}/preview`: a layout rendered as a run renders it, with a
 * placeholder in its `{{content}}` slot (docs/behaviour/layouts.md#preview).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { JsonObject } from '../../../src/schemas/common';
import { environmentBindings } from '../resources/environment-variables';
import { layoutOrThrow } from '../resources/layouts';
import type { EngineScope } from '../scope';
import type { LayoutRecord } from '../store/state';
import { checkJsonTextDepth } from '../wire/json-depth';
import { validateBody } from '../wire/validation';
import { wrapInLayout } from './email-layout';

/** What a preview shows in the layout's `{{content}}` slot. */
export const LAYOUT_PREVIEW_CONTENT_PLACEHOLDER =
  '<table data-content-placeholder="true" width="100%"><tr><td>Email content will appear here</td></tr></table>';

const PreviewShape = z.object({
  controlValues: z.optional(z.record(z.string(), z.unknown())),
  previewPayload: z.optional(
    z.object({ subscriber: z.optional(z.record(z.string(), z.unknown())) }),
  ),
});

const EXAMPLE_SUBSCRIBER = {
  subscriberId: 'subscriberId',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
};

function emailControlsOf(value: unknown): LayoutRecord['controls'] {
  if (value === null || typeof value !== 'object') return null;
  const email = (value as { email?: unknown }).email;
  if (email === null || typeof email !== 'object') return {};
  const { body, editorType } = email as { body?: unknown; editorType?: unknown };
  const type = editorType === 'html' ? 'html' : 'block';
  if (typeof body === 'string') checkJsonTextDepth(body, 'The layout body');
  return {
    email: {
      body: typeof body === 'string' ? body : type === 'block' ? '{}' : '',
      editorType: type,
    },
  };
}

/**
 * The preview of a layout: its body (or the given `controlValues`) rendered for the given
 * subscriber (else an example one) and the environment's variables, with
 * {@link LAYOUT_PREVIEW_CONTENT_PLACEHOLDER} as its content. A body that cannot be rendered
 * answers an empty result, as the service does.
 */
export function previewLayout(scope: EngineScope, idOrSlug: string, body: unknown) {
  const input = validateBody(PreviewShape, body ?? {});
  const layout = layoutOrThrow(scope, idOrSlug);
  const subscriber = { ...EXAMPLE_SUBSCRIBER, ...(input.previewPayload?.subscriber ?? {}) };
  const controls =
    input.controlValues === undefined ? layout.controls : emailControlsOf(input.controlValues);
  const rendered = wrapInLayout(
    { ...layout, controls: controls ?? {} },
    LAYOUT_PREVIEW_CONTENT_PLACEHOLDER,
    {
      subscriber: subscriber as JsonObject,
      env: environmentBindings(scope),
    },
  );
  if (!rendered.ok) return { result: { type: 'email' }, previewPayloadExample: {} };
  const hasBody = controls?.email !== undefined;
  return {
    result: { type: 'email', preview: { body: hasBody ? rendered.value : '' } },
    previewPayloadExample: { subscriber },
  };
}
