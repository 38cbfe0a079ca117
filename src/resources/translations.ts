import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  translationsCreate,
  translationsDelete,
  translationsRetrieve,
  translationsUpload,
} from '../funcs/translations';
import type { NoContent } from '../schemas/common';
import type {
  Translation,
  TranslationCreateBody,
  TranslationResourceType,
  TranslationsUploadBody,
  TranslationsUploadResult,
} from '../schemas/translation';
import { TranslationGroups } from './translation-groups';
import { TranslationMaster } from './translation-master';

/**
 * The `svc.translations` namespace: per-locale texts of a workflow (or layout), which its steps
 * use as `{{t.key}}` when the workflow has `isTranslationEnabled`; each subscriber gets its own
 * locale's, else the default locale's (`en_US`).
 *
 * @example
 * ```ts
 * await svc.translations.create({
 *   resourceId: 'welcome',
 *   resourceType: 'workflow',
 *   locale: 'es_ES',
 *   content: { greeting: 'Hola {{subscriber.firstName}}' },
 * });
 * ```
 */
export class Translations {
  readonly #core: SvcCore;
  /** A resource's translations in every locale: retrieve, delete. */
  readonly groups: TranslationGroups;
  /** One locale's translations of every resource: retrieve, import, upload. */
  readonly master: TranslationMaster;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.groups = new TranslationGroups(core);
    this.master = new TranslationMaster(core);
  }

  /**
   * Creates a locale's translations of a resource, or replaces them whole
   * (`POST /v2/translations`).
   *
   * @throws {@link NotFoundError} when the resource does not exist.
   *
   * @example
   * ```ts
   * const spanish = await svc.translations.create({
   *   resourceId: 'welcome',
   *   resourceType: 'workflow',
   *   locale: 'es_ES',
   *   content: { greeting: 'Hola' },
   * });
   * ```
   */
  create(body: TranslationCreateBody, options?: RequestOptions): APIPromise<Translation> {
    return translationsCreate(this.#core, body, options);
  }

  /**
   * One locale's translations of a resource
   * (`GET /v2/translations/{resourceType}/{resourceId}/{locale}`).
   *
   * @throws {@link NotFoundError} when there are none.
   *
   * @example
   * ```ts
   * const { content } = await svc.translations.retrieve('workflow', 'welcome', 'es_ES');
   * ```
   */
  retrieve(
    resourceType: TranslationResourceType,
    resourceId: string,
    locale: string,
    options?: RequestOptions,
  ): APIPromise<Translation> {
    return translationsRetrieve(this.#core, resourceType, resourceId, locale, options);
  }

  /**
   * Deletes one locale's translations of a resource
   * (`DELETE /v2/translations/{resourceType}/{resourceId}/{locale}`).
   *
   * @throws {@link NotFoundError} when there are none.
   *
   * @example
   * ```ts
   * await svc.translations.delete('workflow', 'welcome', 'es_ES');
   * ```
   */
  delete(
    resourceType: TranslationResourceType,
    resourceId: string,
    locale: string,
    options?: RequestOptions,
  ): APIPromise<NoContent> {
    return translationsDelete(this.#core, resourceType, resourceId, locale, options);
  }

  /**
   * Uploads translation files named by locale (`en_US.json`, `es_ES.json`) for one resource,
   * sent as `multipart/form-data` (`POST /v2/translations/upload`); `File`s or named `Blob`s,
   * in Node and browsers alike.
   *
   * @example
   * ```ts
   * const result = await svc.translations.upload({
   *   resourceId: 'welcome',
   *   resourceType: 'workflow',
   *   files: [
   *     new File([JSON.stringify({ greeting: 'Hello' })], 'en_US.json'),
   *     { fileName: 'es_ES.json', content: new Blob([JSON.stringify({ greeting: 'Hola' })]) },
   *   ],
   * });
   * console.log(result.successfulUploads); // 2
   * ```
   */
  upload(
    body: TranslationsUploadBody,
    options?: RequestOptions,
  ): APIPromise<TranslationsUploadResult> {
    return translationsUpload(this.#core, body, options);
  }
}
