import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { domainsAutoConfigureRetrieve, domainsAutoConfigureStart } from '../funcs/domains';
import type {
  DomainAutoConfigureStart,
  DomainAutoConfigureStartBody,
  DomainAutoConfigureStatus,
} from '../schemas/domain';

/**
 * The `svc.domains.autoConfigure` namespace: DNS auto-configuration (Domain Connect) of a domain.
 *
 * @example
 * ```ts
 * const status = await svc.domains.autoConfigure.retrieve('acme.dev');
 * if (status.available) await svc.domains.autoConfigure.start('acme.dev', {});
 * ```
 */
export class DomainAutoConfigure {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Whether the domain's DNS provider can apply the records itself
   * (`GET /v1/domains/{domain}/auto-configure`); when not, `manualRecords` lists them.
   *
   * @throws {@link NotFoundError} when the environment has no such domain.
   *
   * @example
   * ```ts
   * const { available, manualRecords } = await svc.domains.autoConfigure.retrieve('acme.dev');
   * ```
   */
  retrieve(domain: string, options?: RequestOptions): APIPromise<DomainAutoConfigureStatus> {
    return domainsAutoConfigureRetrieve(this.#core, domain, options);
  }

  /**
   * The URL that applies the records at the DNS provider
   * (`POST /v1/domains/{domain}/auto-configure/start`).
   *
   * @throws {@link BadRequestError} when auto-configuration is not available for the domain.
   *
   * @example
   * ```ts
   * const { applyUrl } = await svc.domains.autoConfigure.start('acme.dev', {
   *   redirectUri: 'https://app.acme.dev/settings/domains',
   * });
   * ```
   */
  start(
    domain: string,
    body: DomainAutoConfigureStartBody,
    options?: RequestOptions,
  ): APIPromise<DomainAutoConfigureStart> {
    return domainsAutoConfigureStart(this.#core, domain, body, options);
  }
}
