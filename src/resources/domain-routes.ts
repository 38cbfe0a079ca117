import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  domainsRoutesCreate,
  domainsRoutesDelete,
  domainsRoutesList,
  domainsRoutesRetrieve,
  domainsRoutesTest,
  domainsRoutesUpdate,
} from '../funcs/domains';
import type { NoContent } from '../schemas/common';
import type {
  DomainRoute,
  DomainRouteCreateBody,
  DomainRouteListQuery,
  DomainRouteTestBody,
  DomainRouteTestResult,
  DomainRouteUpdateBody,
} from '../schemas/domain';

/**
 * The `svc.domains.routes` namespace: where the mail of each address of a domain goes.
 *
 * @example
 * ```ts
 * await svc.domains.routes.create('acme.dev', { address: 'support', type: 'webhook' });
 * ```
 */
export class DomainRoutes {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists a domain's routes (`GET /v1/domains/{domain}/routes`), newest first and
   * cursor-paginated; `agentId` (an agent's identifier) narrows to that agent's routes.
   *
   * @example
   * ```ts
   * for await (const route of svc.domains.routes.list('acme.dev')) console.log(route.address);
   * ```
   */
  list(
    domain: string,
    query?: DomainRouteListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<DomainRoute, DomainRouteListQuery>, DomainRoute> {
    return domainsRoutesList(this.#core, domain, query, options);
  }

  /**
   * Routes an address of the domain (`POST /v1/domains/{domain}/routes`) to an agent (by its
   * identifier) or to the environment's webhooks; `*` takes every address without its own route.
   *
   * @throws {@link ConflictError} when the address has a route.
   *
   * @example
   * ```ts
   * await svc.domains.routes.create('acme.dev', { address: 'support', type: 'agent', agentId: 'support-bot' });
   * ```
   */
  create(
    domain: string,
    body: DomainRouteCreateBody,
    options?: RequestOptions,
  ): APIPromise<DomainRoute> {
    return domainsRoutesCreate(this.#core, domain, body, options);
  }

  /**
   * The route of one address (`GET /v1/domains/{domain}/routes/{address}`).
   *
   * @throws {@link NotFoundError} when the address has no route.
   *
   * @example
   * ```ts
   * const route = await svc.domains.routes.retrieve('acme.dev', 'support');
   * ```
   */
  retrieve(domain: string, address: string, options?: RequestOptions): APIPromise<DomainRoute> {
    return domainsRoutesRetrieve(this.#core, domain, address, options);
  }

  /**
   * Changes a route's destination or metadata (`PATCH /v1/domains/{domain}/routes/{address}`);
   * the address itself stays.
   *
   * @example
   * ```ts
   * await svc.domains.routes.update('acme.dev', 'support', { type: 'webhook' });
   * ```
   */
  update(
    domain: string,
    address: string,
    body: DomainRouteUpdateBody,
    options?: RequestOptions,
  ): APIPromise<DomainRoute> {
    return domainsRoutesUpdate(this.#core, domain, address, body, options);
  }

  /**
   * Deletes a route (`DELETE /v1/domains/{domain}/routes/{address}`).
   *
   * @example
   * ```ts
   * await svc.domains.routes.delete('acme.dev', 'support');
   * ```
   */
  delete(domain: string, address: string, options?: RequestOptions): APIPromise<NoContent> {
    return domainsRoutesDelete(this.#core, domain, address, options);
  }

  /**
   * Sends a synthetic inbound email through the route that takes the address
   * (`POST /v1/domains/{domain}/routes/{address}/test`); `dryRun` answers the payload instead.
   *
   * @example
   * ```ts
   * const result = await svc.domains.routes.test('acme.dev', 'support', {
   *   from: { address: 'ada@example.com' },
   *   subject: 'Order 42',
   *   dryRun: true,
   * });
   * ```
   */
  test(
    domain: string,
    address: string,
    body: DomainRouteTestBody,
    options?: RequestOptions,
  ): APIPromise<DomainRouteTestResult> {
    return domainsRoutesTest(this.#core, domain, address, body, options);
  }
}
