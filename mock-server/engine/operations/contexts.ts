/**
 * The handlers of the `contexts` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/contexts';
import {
  createContext,
  deleteContext,
  listContexts,
  retrieveContext,
  updateContext,
} from '../resources/contexts';
import { parseContextSearch } from '../wire/context-query';
import { defineOperation } from './operation';

export const contextsCreate = defineOperation(routes.contextsCreateRoute, (scope, { body }) =>
  createContext(scope, body),
);

export const contextsList = defineOperation(routes.contextsListRoute, (scope, { query }) =>
  listContexts(scope, parseContextSearch(query)),
);

export const contextsRetrieve = defineOperation(routes.contextsRetrieveRoute, (scope, { params }) =>
  retrieveContext(scope, params.type, params.id),
);

export const contextsUpdate = defineOperation(
  routes.contextsUpdateRoute,
  (scope, { params, body }) => updateContext(scope, params.type, params.id, body),
);

export const contextsDelete = defineOperation(routes.contextsDeleteRoute, (scope, { params }) =>
  deleteContext(scope, params.type, params.id),
);
