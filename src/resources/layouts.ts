import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { OffsetPage, PagePromise } from '../core/pagination';
import {
  layoutsCreate,
  layoutsDelete,
  layoutsDuplicate,
  layoutsList,
  layoutsPreview,
  layoutsRetrieve,
  layoutsUpdate,
  layoutsUsage,
} from '../funcs/layouts';
import type { NoContent } from '../schemas/common';
import type {
  Layout,
  LayoutCreateBody,
  LayoutDuplicateBody,
  LayoutListQuery,
  LayoutPreviewBody,
  LayoutPreviewResponse,
  LayoutUpdateBody,
  LayoutUsage,
} from '../schemas/layout';

/**
 * The `svc.layouts` namespace: email layouts, the HTML or block document an email step is
 * delivered in (its `{{content}}` slot takes the step's body). A step names one with its
 * `layoutId` control; without one it gets the environment's default layout.
 *
 * @example
 * ```ts
 * await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
 * await svc.layouts.update('brand', {
 *   name: 'Brand',
 *   controlValues: { email: { body: '<html><body><h1>Acme</h1>{{content}}</body></html>', editorType: 'html' } },
 * });
 * ```
 */
export class Layouts {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a layout (`POST /v2/layouts`) with an empty block body; the environment's first
   * layout becomes its default.
   *
   * @throws {@link ConflictError} when a layout with that `layoutId` exists.
   *
   * @example
   * ```ts
   * const brand = await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
   * ```
   */
  create(body: LayoutCreateBody, options?: RequestOptions): APIPromise<Layout> {
    return layoutsCreate(this.#core, body, options);
  }

  /**
   * Lists layouts (`GET /v2/layouts`), newest first and offset-paginated: `await` it for the
   * first page, or walk every layout with `for await`.
   *
   * @example
   * ```ts
   * for await (const layout of svc.layouts.list({ query: 'brand' })) console.log(layout.layoutId);
   * ```
   */
  list(
    query?: LayoutListQuery,
    options?: RequestOptions,
  ): PagePromise<OffsetPage<Layout, LayoutListQuery>, Layout> {
    return layoutsList(this.#core, query, options);
  }

  /**
   * Retrieves a layout by identifier, internal id or slug (`GET /v2/layouts/{layoutId}`).
   *
   * @throws {@link NotFoundError} when there is none.
   *
   * @example
   * ```ts
   * const brand = await svc.layouts.retrieve('brand');
   * ```
   */
  retrieve(layoutId: string, options?: RequestOptions): APIPromise<Layout> {
    return layoutsRetrieve(this.#core, layoutId, options);
  }

  /**
   * Renames a layout and sets its email body (`PUT /v2/layouts/{layoutId}`); the body must be an
   * HTML document or block JSON holding the `content` variable; `controlValues: null` clears it.
   *
   * @example
   * ```ts
   * await svc.layouts.update('brand', {
   *   name: 'Brand',
   *   controlValues: { email: { body: '<html><body>{{content}}</body></html>', editorType: 'html' } },
   * });
   * ```
   */
  update(layoutId: string, body: LayoutUpdateBody, options?: RequestOptions): APIPromise<Layout> {
    return layoutsUpdate(this.#core, layoutId, body, options);
  }

  /**
   * Deletes a layout (`DELETE /v2/layouts/{layoutId}`); steps that named it lose their
   * `layoutId`.
   *
   * @throws {@link ConflictError} for the environment's default layout.
   *
   * @example
   * ```ts
   * await svc.layouts.delete('seasonal');
   * ```
   */
  delete(layoutId: string, options?: RequestOptions): APIPromise<NoContent> {
    return layoutsDelete(this.#core, layoutId, options);
  }

  /**
   * Copies a layout with its body (`POST /v2/layouts/{layoutId}/duplicate`).
   *
   * @example
   * ```ts
   * const copy = await svc.layouts.duplicate('brand', { name: 'Brand v2', layoutId: 'brand-v2' });
   * ```
   */
  duplicate(
    layoutId: string,
    body: LayoutDuplicateBody,
    options?: RequestOptions,
  ): APIPromise<Layout> {
    return layoutsDuplicate(this.#core, layoutId, body, options);
  }

  /**
   * Renders a layout with a placeholder in its content slot (`POST /v2/layouts/{layoutId}/preview`).
   *
   * @example
   * ```ts
   * const { result } = await svc.layouts.preview('brand', { previewPayload: { subscriber: { firstName: 'Ada' } } });
   * console.log(result.preview?.body);
   * ```
   */
  preview(
    layoutId: string,
    body: LayoutPreviewBody = {},
    options?: RequestOptions,
  ): APIPromise<LayoutPreviewResponse> {
    return layoutsPreview(this.#core, layoutId, body, options);
  }

  /**
   * The workflows whose steps use a layout (`GET /v2/layouts/{layoutId}/usage`).
   *
   * @example
   * ```ts
   * const { workflows } = await svc.layouts.usage('brand');
   * ```
   */
  usage(layoutId: string, options?: RequestOptions): APIPromise<LayoutUsage> {
    return layoutsUsage(this.#core, layoutId, options);
  }
}
