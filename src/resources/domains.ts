import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  domainsCreate,
  domainsDelete,
  domainsDiagnose,
  domainsList,
  domainsRetrieve,
  domainsUpdate,
  domainsVerify,
} from '../funcs/domains';
import type { NoContent } from '../schemas/common';
import type {
  Domain,
  DomainCreateBody,
  DomainDiagnosis,
  DomainListQuery,
  DomainUpdateBody,
} from '../schemas/domain';
import { DomainAutoConfigure } from './domain-auto-configure';
import { DomainRoutes } from './domain-routes';

/**
 * The `svc.domains` namespace: inbound-email domains, their DNS checks and their routes.
 *
 * @example
 * ```ts
 * const domain = await svc.domains.create({ name: 'acme.dev' });
 * console.log(domain.expectedDnsRecords);
 * await svc.domains.verify('acme.dev');
 * ```
 */
export class Domains {
  readonly #core: SvcCore;
  /** DNS auto-configuration (Domain Connect). */
  readonly autoConfigure: DomainAutoConfigure;
  /** Where each address's mail goes. */
  readonly routes: DomainRoutes;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.autoConfigure = new DomainAutoConfigure(core);
    this.routes = new DomainRoutes(core);
  }

  /**
   * Registers an inbound-email domain (`POST /v1/domains`); the answer lists the DNS records to
   * add before it receives mail.
   *
   * @throws {@link ConflictError} when the name is taken.
   *
   * @example
   * ```ts
   * const domain = await svc.domains.create({ name: 'acme.dev', data: { team: 'support' } });
   * ```
   */
  create(body: DomainCreateBody, options?: RequestOptions): APIPromise<Domain> {
    return domainsCreate(this.#core, body, options);
  }

  /**
   * Lists the environment's domains (`GET /v1/domains`), newest first and cursor-paginated;
   * `name` matches part of the name.
   *
   * @example
   * ```ts
   * for await (const domain of svc.domains.list({ name: 'acme' })) console.log(domain.status);
   * ```
   */
  list(
    query?: DomainListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Domain, DomainListQuery>, Domain> {
    return domainsList(this.#core, query, options);
  }

  /**
   * Retrieves a domain by name (`GET /v1/domains/{domain}`), with its expected DNS records.
   *
   * @throws {@link NotFoundError} when the environment has no such domain.
   *
   * @example
   * ```ts
   * const domain = await svc.domains.retrieve('acme.dev');
   * ```
   */
  retrieve(domain: string, options?: RequestOptions): APIPromise<Domain> {
    return domainsRetrieve(this.#core, domain, options);
  }

  /**
   * Replaces a domain's metadata (`PATCH /v1/domains/{domain}`); without `data` nothing changes.
   *
   * @example
   * ```ts
   * await svc.domains.update('acme.dev', { data: { team: 'sales' } });
   * ```
   */
  update(domain: string, body: DomainUpdateBody, options?: RequestOptions): APIPromise<Domain> {
    return domainsUpdate(this.#core, domain, body, options);
  }

  /**
   * Deletes a domain and its routes (`DELETE /v1/domains/{domain}`).
   *
   * @example
   * ```ts
   * await svc.domains.delete('acme.dev');
   * ```
   */
  delete(domain: string, options?: RequestOptions): APIPromise<NoContent> {
    return domainsDelete(this.#core, domain, options);
  }

  /**
   * Looks up the domain's MX record and updates its status (`POST /v1/domains/{domain}/verify`).
   *
   * @example
   * ```ts
   * const { status } = await svc.domains.verify('acme.dev'); // 'verified' once the MX is there
   * ```
   */
  verify(domain: string, options?: RequestOptions): APIPromise<Domain> {
    return domainsVerify(this.#core, domain, options);
  }

  /**
   * Checks the domain's inbound DNS (`POST /v1/domains/{domain}/diagnose`): MX presence, target
   * and priority, an apex CNAME, blocklists; each issue with its fix.
   *
   * @example
   * ```ts
   * const { ok, issues } = await svc.domains.diagnose('acme.dev');
   * ```
   */
  diagnose(domain: string, options?: RequestOptions): APIPromise<DomainDiagnosis> {
    return domainsDiagnose(this.#core, domain, options);
  }
}
