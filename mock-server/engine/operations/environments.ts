/**
 * The handlers of the `environments` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/environments';
import { diffEnvironment, publishEnvironment } from '../resources/environment-publish';
import {
  createEnvironment,
  deleteEnvironment,
  environmentTags,
  listEnvironments,
  updateEnvironment,
} from '../resources/environments';
import { defineOperation } from './operation';

export const environmentsCreate = defineOperation(
  routes.environmentsCreateRoute,
  (scope, { body }) => createEnvironment(scope, body),
);

export const environmentsList = defineOperation(routes.environmentsListRoute, (scope) =>
  listEnvironments(scope),
);

export const environmentsUpdate = defineOperation(
  routes.environmentsUpdateRoute,
  (scope, { params, body }) => updateEnvironment(scope, params.environmentId, body),
);

export const environmentsDelete = defineOperation(
  routes.environmentsDeleteRoute,
  (scope, { params }) => deleteEnvironment(scope, params.environmentId),
);

export const environmentsGetTags = defineOperation(
  routes.environmentsGetTagsRoute,
  (scope, { params }) => environmentTags(scope, params.environmentId),
);

export const environmentsDiff = defineOperation(
  routes.environmentsDiffRoute,
  (scope, { params, body }) => diffEnvironment(scope, params.targetEnvironmentId, body),
);

export const environmentsPublish = defineOperation(
  routes.environmentsPublishRoute,
  (scope, { params, body }) => publishEnvironment(scope, params.targetEnvironmentId, body),
);
