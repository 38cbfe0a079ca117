/**
 * The handlers of the `layouts` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/layouts';
import {
  createLayout,
  deleteLayout,
  duplicateLayout,
  layoutUsage,
  listLayouts,
  parseLayoutSearch,
  retrieveLayout,
  updateLayout,
} from '../resources/layouts';
import { previewLayout } from '../run/layout-preview';
import { defineOperation } from './operation';

export const layoutsCreate = defineOperation(routes.layoutsCreateRoute, (scope, { body }) =>
  createLayout(scope, body),
);

export const layoutsList = defineOperation(routes.layoutsListRoute, (scope, { query }) =>
  listLayouts(scope, parseLayoutSearch(query)),
);

export const layoutsRetrieve = defineOperation(routes.layoutsRetrieveRoute, (scope, { params }) =>
  retrieveLayout(scope, params.layoutId),
);

export const layoutsUpdate = defineOperation(routes.layoutsUpdateRoute, (scope, { params, body }) =>
  updateLayout(scope, params.layoutId, body),
);

export const layoutsDelete = defineOperation(routes.layoutsDeleteRoute, (scope, { params }) =>
  deleteLayout(scope, params.layoutId),
);

export const layoutsDuplicate = defineOperation(
  routes.layoutsDuplicateRoute,
  (scope, { params, body }) => duplicateLayout(scope, params.layoutId, body),
);

export const layoutsPreview = defineOperation(
  routes.layoutsPreviewRoute,
  (scope, { params, body }) => previewLayout(scope, params.layoutId, body),
);

export const layoutsUsage = defineOperation(routes.layoutsUsageRoute, (scope, { params }) =>
  layoutUsage(scope, params.layoutId),
);
