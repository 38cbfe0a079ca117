/**
 * The handlers of the `environmentVariables` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/environment-variables';
import {
  createEnvironmentVariable,
  deleteEnvironmentVariable,
  environmentVariableUsage,
  listEnvironmentVariables,
  retrieveEnvironmentVariable,
  updateEnvironmentVariable,
} from '../resources/environment-variables';
import { queryString } from '../wire/query';
import { defineOperation } from './operation';

export const environmentVariablesCreate = defineOperation(
  routes.environmentVariablesCreateRoute,
  (scope, { body }) => createEnvironmentVariable(scope, body),
);

export const environmentVariablesList = defineOperation(
  routes.environmentVariablesListRoute,
  (scope, { query }) => listEnvironmentVariables(scope, queryString(query, 'search')),
);

export const environmentVariablesRetrieve = defineOperation(
  routes.environmentVariablesRetrieveRoute,
  (scope, { params }) => retrieveEnvironmentVariable(scope, params.variableKey),
);

export const environmentVariablesUpdate = defineOperation(
  routes.environmentVariablesUpdateRoute,
  (scope, { params, body }) => updateEnvironmentVariable(scope, params.variableKey, body),
);

export const environmentVariablesDelete = defineOperation(
  routes.environmentVariablesDeleteRoute,
  (scope, { params }) => deleteEnvironmentVariable(scope, params.variableKey),
);

export const environmentVariablesUsage = defineOperation(
  routes.environmentVariablesUsageRoute,
  (scope, { params }) => environmentVariableUsage(scope, params.variableKey),
);
