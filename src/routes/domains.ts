import { NoContent } from '../schemas/common';
import {
  Domain,
  DomainAutoConfigureStart,
  DomainAutoConfigureStartBody,
  DomainAutoConfigureStatus,
  DomainCreateBody,
  DomainDiagnosis,
  DomainListQuery,
  DomainListResponse,
  DomainRoute,
  DomainRouteCreateBody,
  DomainRouteListQuery,
  DomainRouteListResponse,
  DomainRouteTestBody,
  DomainRouteTestResult,
  DomainRouteUpdateBody,
  DomainUpdateBody,
} from '../schemas/domain';
import type { Route } from './route';

/** `POST /v1/domains`: creates an inbound-email domain; 409 when the name is taken. */
export const domainsCreateRoute = {
  operation: 'domains.create',
  method: 'POST',
  path: '/v1/domains',
  status: 201,
  category: 'configuration',
  body: DomainCreateBody,
  response: Domain,
} as const satisfies Route;

/** `GET /v1/domains`: a cursor page of the environment's domains, newest first. */
export const domainsListRoute = {
  operation: 'domains.list',
  method: 'GET',
  path: '/v1/domains',
  status: 200,
  category: 'configuration',
  query: DomainListQuery,
  response: DomainListResponse,
} as const satisfies Route;

/** `GET /v1/domains/{domain}`: one domain by name, with its expected DNS records. */
export const domainsRetrieveRoute = {
  operation: 'domains.retrieve',
  method: 'GET',
  path: '/v1/domains/:domain',
  status: 200,
  category: 'configuration',
  response: Domain,
} as const satisfies Route;

/** `PATCH /v1/domains/{domain}`: replaces a domain's metadata. */
export const domainsUpdateRoute = {
  operation: 'domains.update',
  method: 'PATCH',
  path: '/v1/domains/:domain',
  status: 200,
  category: 'configuration',
  body: DomainUpdateBody,
  response: Domain,
} as const satisfies Route;

/** `DELETE /v1/domains/{domain}`: deletes a domain and its routes; 204 No Content. */
export const domainsDeleteRoute = {
  operation: 'domains.delete',
  method: 'DELETE',
  path: '/v1/domains/:domain',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `POST /v1/domains/{domain}/verify`: looks up the domain's MX record and updates its status. */
export const domainsVerifyRoute = {
  operation: 'domains.verify',
  method: 'POST',
  path: '/v1/domains/:domain/verify',
  status: 200,
  category: 'configuration',
  response: Domain,
} as const satisfies Route;

/** `POST /v1/domains/{domain}/diagnose`: checks the domain's inbound DNS and lists the issues. */
export const domainsDiagnoseRoute = {
  operation: 'domains.diagnose',
  method: 'POST',
  path: '/v1/domains/:domain/diagnose',
  status: 200,
  category: 'configuration',
  response: DomainDiagnosis,
} as const satisfies Route;

/** `GET /v1/domains/{domain}/auto-configure`: whether the DNS provider can apply the records itself. */
export const domainsAutoConfigureRetrieveRoute = {
  operation: 'domains.autoConfigure.retrieve',
  method: 'GET',
  path: '/v1/domains/:domain/auto-configure',
  status: 200,
  category: 'configuration',
  response: DomainAutoConfigureStatus,
} as const satisfies Route;

/** `POST /v1/domains/{domain}/auto-configure/start`: the URL that applies the records at the DNS provider. */
export const domainsAutoConfigureStartRoute = {
  operation: 'domains.autoConfigure.start',
  method: 'POST',
  path: '/v1/domains/:domain/auto-configure/start',
  status: 201,
  category: 'configuration',
  body: DomainAutoConfigureStartBody,
  response: DomainAutoConfigureStart,
} as const satisfies Route;

/** `GET /v1/domains/{domain}/routes`: a cursor page of a domain's routes. */
export const domainsRoutesListRoute = {
  operation: 'domains.routes.list',
  method: 'GET',
  path: '/v1/domains/:domain/routes',
  status: 200,
  category: 'configuration',
  query: DomainRouteListQuery,
  response: DomainRouteListResponse,
} as const satisfies Route;

/** `POST /v1/domains/{domain}/routes`: routes an address of the domain to an agent or the webhooks; 409 when the address has one. */
export const domainsRoutesCreateRoute = {
  operation: 'domains.routes.create',
  method: 'POST',
  path: '/v1/domains/:domain/routes',
  status: 201,
  category: 'configuration',
  body: DomainRouteCreateBody,
  response: DomainRoute,
} as const satisfies Route;

/** `GET /v1/domains/{domain}/routes/{address}`: the route of one address (`*` for the wildcard). */
export const domainsRoutesRetrieveRoute = {
  operation: 'domains.routes.retrieve',
  method: 'GET',
  path: '/v1/domains/:domain/routes/:address',
  status: 200,
  category: 'configuration',
  response: DomainRoute,
} as const satisfies Route;

/** `PATCH /v1/domains/{domain}/routes/{address}`: changes a route's destination or metadata. */
export const domainsRoutesUpdateRoute = {
  operation: 'domains.routes.update',
  method: 'PATCH',
  path: '/v1/domains/:domain/routes/:address',
  status: 200,
  category: 'configuration',
  body: DomainRouteUpdateBody,
  response: DomainRoute,
} as const satisfies Route;

/** `DELETE /v1/domains/{domain}/routes/{address}`: deletes a route; 204 No Content. */
export const domainsRoutesDeleteRoute = {
  operation: 'domains.routes.delete',
  method: 'DELETE',
  path: '/v1/domains/:domain/routes/:address',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `POST /v1/domains/{domain}/routes/{address}/test`: sends a synthetic inbound email through the route. */
export const domainsRoutesTestRoute = {
  operation: 'domains.routes.test',
  method: 'POST',
  path: '/v1/domains/:domain/routes/:address/test',
  status: 200,
  category: 'configuration',
  body: DomainRouteTestBody,
  response: DomainRouteTestResult,
} as const satisfies Route;
