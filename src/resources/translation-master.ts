import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  translationsMasterImport,
  translationsMasterRetrieve,
  translationsMasterUpload,
} from '../funcs/translations';
import type {
  MasterJson,
  MasterJsonImportBody,
  MasterJsonImportResult,
  MasterJsonQuery,
  MasterJsonUploadBody,
} from '../schemas/translation';

/**
 * The `svc.translations.master` namespace: one locale's translations of every resource, as one
 * JSON (`{ workflows: { [workflowId]: content }, layouts: {...} }`), to export and import.
 *
 * @example
 * ```ts
 * const spanish = await svc.translations.master.retrieve({ locale: 'es_ES' });
 * await svc.translations.master.import({ locale: 'es_ES', masterJson: spanish });
 * ```
 */
export class TranslationMaster {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Every translation of a locale, by resource (`GET /v2/translations/master-json`); the
   * default locale (`en_US`) when none is given.
   *
   * @example
   * ```ts
   * const { workflows } = await svc.translations.master.retrieve({ locale: 'es_ES' });
   * ```
   */
  retrieve(query?: MasterJsonQuery, options?: RequestOptions): APIPromise<MasterJson> {
    return translationsMasterRetrieve(this.#core, query, options);
  }

  /**
   * Imports one locale's translations of many resources (`POST /v2/translations/master-json`):
   * each resource's content replaces what it had; resources not found are listed in `failed`.
   *
   * @example
   * ```ts
   * const result = await svc.translations.master.import({
   *   locale: 'es_ES',
   *   masterJson: { workflows: { welcome: { greeting: 'Hola' } } },
   * });
   * console.log(result.successful); // ['welcome']
   * ```
   */
  import(body: MasterJsonImportBody, options?: RequestOptions): APIPromise<MasterJsonImportResult> {
    return translationsMasterImport(this.#core, body, options);
  }

  /**
   * Imports a master JSON file named by its locale (`es_ES.json`), sent as
   * `multipart/form-data` (`POST /v2/translations/master-json/upload`).
   *
   * @example
   * ```ts
   * const json = JSON.stringify({ workflows: { welcome: { greeting: 'Hola' } } });
   * await svc.translations.master.upload({ file: new File([json], 'es_ES.json') });
   * ```
   */
  upload(body: MasterJsonUploadBody, options?: RequestOptions): APIPromise<MasterJsonImportResult> {
    return translationsMasterUpload(this.#core, body, options);
  }
}
