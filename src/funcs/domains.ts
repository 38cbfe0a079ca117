import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  domainsAutoConfigureRetrieveRoute,
  domainsAutoConfigureStartRoute,
  domainsCreateRoute,
  domainsDeleteRoute,
  domainsDiagnoseRoute,
  domainsListRoute,
  domainsRetrieveRoute,
  domainsRoutesCreateRoute,
  domainsRoutesDeleteRoute,
  domainsRoutesListRoute,
  domainsRoutesRetrieveRoute,
  domainsRoutesTestRoute,
  domainsRoutesUpdateRoute,
  domainsUpdateRoute,
  domainsVerifyRoute,
} from '../routes/domains';

/** {@inheritDoc DomainAutoConfigure.retrieve} */
export const domainsAutoConfigureRetrieve = (
  ...args: OperationArgs<typeof domainsAutoConfigureRetrieveRoute>
) => call(domainsAutoConfigureRetrieveRoute, args);

/** {@inheritDoc DomainAutoConfigure.start} */
export const domainsAutoConfigureStart = (
  ...args: OperationArgs<typeof domainsAutoConfigureStartRoute>
) => call(domainsAutoConfigureStartRoute, args);

/** {@inheritDoc Domains.create} */
export const domainsCreate = (...args: OperationArgs<typeof domainsCreateRoute>) =>
  call(domainsCreateRoute, args);

/** {@inheritDoc Domains.delete} */
export const domainsDelete = (...args: OperationArgs<typeof domainsDeleteRoute>) =>
  call(domainsDeleteRoute, args);

/** {@inheritDoc Domains.diagnose} */
export const domainsDiagnose = (...args: OperationArgs<typeof domainsDiagnoseRoute>) =>
  call(domainsDiagnoseRoute, args);

/** {@inheritDoc Domains.list} */
export const domainsList = (...args: OperationArgs<typeof domainsListRoute>) =>
  cursorPages(domainsListRoute, args);

/** {@inheritDoc Domains.retrieve} */
export const domainsRetrieve = (...args: OperationArgs<typeof domainsRetrieveRoute>) =>
  call(domainsRetrieveRoute, args);

/** {@inheritDoc DomainRoutes.create} */
export const domainsRoutesCreate = (...args: OperationArgs<typeof domainsRoutesCreateRoute>) =>
  call(domainsRoutesCreateRoute, args);

/** {@inheritDoc DomainRoutes.delete} */
export const domainsRoutesDelete = (...args: OperationArgs<typeof domainsRoutesDeleteRoute>) =>
  call(domainsRoutesDeleteRoute, args);

/** {@inheritDoc DomainRoutes.list} */
export const domainsRoutesList = (...args: OperationArgs<typeof domainsRoutesListRoute>) =>
  cursorPages(domainsRoutesListRoute, args);

/** {@inheritDoc DomainRoutes.retrieve} */
export const domainsRoutesRetrieve = (...args: OperationArgs<typeof domainsRoutesRetrieveRoute>) =>
  call(domainsRoutesRetrieveRoute, args);

/** {@inheritDoc DomainRoutes.test} */
export const domainsRoutesTest = (...args: OperationArgs<typeof domainsRoutesTestRoute>) =>
  call(domainsRoutesTestRoute, args);

/** {@inheritDoc DomainRoutes.update} */
export const domainsRoutesUpdate = (...args: OperationArgs<typeof domainsRoutesUpdateRoute>) =>
  call(domainsRoutesUpdateRoute, args);

/** {@inheritDoc Domains.update} */
export const domainsUpdate = (...args: OperationArgs<typeof domainsUpdateRoute>) =>
  call(domainsUpdateRoute, args);

/** {@inheritDoc Domains.verify} */
export const domainsVerify = (...args: OperationArgs<typeof domainsVerifyRoute>) =>
  call(domainsVerifyRoute, args);
