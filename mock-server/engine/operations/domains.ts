/**
 * The handlers of the `domains` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/domains';
import {
  autoConfigureStatus,
  diagnoseDomain,
  startAutoConfigure,
} from '../resources/domain-checks';
import { testDomainRoute } from '../resources/domain-route-test';
import {
  createDomainRoute,
  deleteDomainRoute,
  listDomainRoutes,
  retrieveDomainRoute,
  updateDomainRoute,
} from '../resources/domain-routes';
import {
  createDomain,
  deleteDomain,
  listDomains,
  retrieveDomain,
  updateDomain,
  verifyDomain,
} from '../resources/domains';
import { parseDomainRouteSearch, parseDomainSearch } from '../wire/domain-query';
import { defineOperation } from './operation';

export const domainsCreate = defineOperation(routes.domainsCreateRoute, (scope, { body }) =>
  createDomain(scope, body),
);

export const domainsList = defineOperation(routes.domainsListRoute, (scope, { query }) =>
  listDomains(scope, parseDomainSearch(query)),
);

export const domainsRetrieve = defineOperation(routes.domainsRetrieveRoute, (scope, { params }) =>
  retrieveDomain(scope, params.domain),
);

export const domainsUpdate = defineOperation(routes.domainsUpdateRoute, (scope, { params, body }) =>
  updateDomain(scope, params.domain, body),
);

export const domainsDelete = defineOperation(routes.domainsDeleteRoute, (scope, { params }) =>
  deleteDomain(scope, params.domain),
);

export const domainsVerify = defineOperation(routes.domainsVerifyRoute, (scope, { params }) =>
  verifyDomain(scope, params.domain),
);

export const domainsDiagnose = defineOperation(routes.domainsDiagnoseRoute, (scope, { params }) =>
  diagnoseDomain(scope, params.domain),
);

export const domainsAutoConfigureRetrieve = defineOperation(
  routes.domainsAutoConfigureRetrieveRoute,
  (scope, { params }) => autoConfigureStatus(scope, params.domain),
);

export const domainsAutoConfigureStart = defineOperation(
  routes.domainsAutoConfigureStartRoute,
  (scope, { params, body }) => startAutoConfigure(scope, params.domain, body),
);

export const domainsRoutesList = defineOperation(
  routes.domainsRoutesListRoute,
  (scope, { params, query }) =>
    listDomainRoutes(scope, params.domain, parseDomainRouteSearch(query)),
);

export const domainsRoutesCreate = defineOperation(
  routes.domainsRoutesCreateRoute,
  (scope, { params, body }) => createDomainRoute(scope, params.domain, body),
);

export const domainsRoutesRetrieve = defineOperation(
  routes.domainsRoutesRetrieveRoute,
  (scope, { params }) => retrieveDomainRoute(scope, params.domain, params.address),
);

export const domainsRoutesUpdate = defineOperation(
  routes.domainsRoutesUpdateRoute,
  (scope, { params, body }) => updateDomainRoute(scope, params.domain, params.address, body),
);

export const domainsRoutesDelete = defineOperation(
  routes.domainsRoutesDeleteRoute,
  (scope, { params }) => deleteDomainRoute(scope, params.domain, params.address),
);

export const domainsRoutesTest = defineOperation(
  routes.domainsRoutesTestRoute,
  (scope, { params, body }) => testDomainRoute(scope, params.domain, params.address, body),
);
