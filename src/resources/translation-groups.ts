import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { translationsGroupsDelete, translationsGroupsRetrieve } from '../funcs/translations';
import type { NoContent } from '../schemas/common';
import type { TranslationGroup, TranslationResourceType } from '../schemas/translation';

/**
 * The `svc.translations.groups` namespace: a resource's translations in every locale.
 *
 * @example
 * ```ts
 * const group = await svc.translations.groups.retrieve('workflow', 'welcome');
 * console.log(group.locales); // ['en_US', 'es_ES']
 * ```
 */
export class TranslationGroups {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Which locales a resource has translations in
   * (`GET /v2/translations/group/{resourceType}/{resourceId}`).
   *
   * @throws {@link NotFoundError} when the resource has none.
   *
   * @example
   * ```ts
   * const { locales } = await svc.translations.groups.retrieve('workflow', 'welcome');
   * ```
   */
  retrieve(
    resourceType: TranslationResourceType,
    resourceId: string,
    options?: RequestOptions,
  ): APIPromise<TranslationGroup> {
    return translationsGroupsRetrieve(this.#core, resourceType, resourceId, options);
  }

  /**
   * Deletes a resource's translations in every locale
   * (`DELETE /v2/translations/{resourceType}/{resourceId}`).
   *
   * @throws {@link NotFoundError} when the resource has none.
   *
   * @example
   * ```ts
   * await svc.translations.groups.delete('workflow', 'welcome');
   * ```
   */
  delete(
    resourceType: TranslationResourceType,
    resourceId: string,
    options?: RequestOptions,
  ): APIPromise<NoContent> {
    return translationsGroupsDelete(this.#core, resourceType, resourceId, options);
  }
}
