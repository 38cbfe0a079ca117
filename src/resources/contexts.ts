import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  contextsCreate,
  contextsDelete,
  contextsList,
  contextsRetrieve,
  contextsUpdate,
} from '../funcs/contexts';
import type { NoContent } from '../schemas/common';
import type {
  Context,
  ContextCreateBody,
  ContextListQuery,
  ContextUpdateBody,
} from '../schemas/context';

/**
 * The `svc.contexts` namespace: named scopes (`tenant:acme`) with their data, which triggers,
 * preferences and subscriptions can carry.
 *
 * @example
 * ```ts
 * await svc.contexts.create({ type: 'tenant', id: 'acme', data: { plan: 'pro' } });
 * await svc.events.trigger({ name: 'welcome', to: 'user-1', context: { tenant: 'acme' } });
 * ```
 */
export class Contexts {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Creates a context (`POST /v2/contexts`).
   *
   * @throws {@link ConflictError} when a context of that type and id exists.
   *
   * @example
   * ```ts
   * const acme = await svc.contexts.create({ type: 'tenant', id: 'acme', data: { plan: 'pro' } });
   * ```
   */
  create(body: ContextCreateBody, options?: RequestOptions): APIPromise<Context> {
    return contextsCreate(this.#core, body, options);
  }

  /**
   * Lists contexts (`GET /v2/contexts`), newest first and cursor-paginated: `await` it for the
   * first page, or walk every context with `for await`; `search` matches part of `type:id`.
   *
   * @example
   * ```ts
   * for await (const context of svc.contexts.list({ search: 'acme' })) console.log(context.id);
   * ```
   */
  list(
    query?: ContextListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Context, ContextListQuery>, Context> {
    return contextsList(this.#core, query, options);
  }

  /**
   * Retrieves a context by type and id (`GET /v2/contexts/{type}/{id}`).
   *
   * @throws {@link NotFoundError} when there is none.
   *
   * @example
   * ```ts
   * const acme = await svc.contexts.retrieve('tenant', 'acme');
   * ```
   */
  retrieve(type: string, id: string, options?: RequestOptions): APIPromise<Context> {
    return contextsRetrieve(this.#core, type, id, options);
  }

  /**
   * Replaces a context's data (`PATCH /v2/contexts/{type}/{id}`).
   *
   * @example
   * ```ts
   * await svc.contexts.update('tenant', 'acme', { data: { plan: 'enterprise' } });
   * ```
   */
  update(
    type: string,
    id: string,
    body: ContextUpdateBody,
    options?: RequestOptions,
  ): APIPromise<Context> {
    return contextsUpdate(this.#core, type, id, body, options);
  }

  /**
   * Deletes a context (`DELETE /v2/contexts/{type}/{id}`); what carries its key keeps it.
   *
   * @example
   * ```ts
   * await svc.contexts.delete('tenant', 'acme');
   * ```
   */
  delete(type: string, id: string, options?: RequestOptions): APIPromise<NoContent> {
    return contextsDelete(this.#core, type, id, options);
  }
}
