import { NoContent } from '../schemas/common';
import {
  EnvironmentVariable,
  EnvironmentVariableCreateBody,
  EnvironmentVariableList,
  EnvironmentVariableListQuery,
  EnvironmentVariableUpdateBody,
  EnvironmentVariableUsage,
} from '../schemas/environment-variable';
import type { Route } from './route';

/** `POST /v1/environment-variables`: creates a variable; 409 when its key exists. */
export const environmentVariablesCreateRoute = {
  operation: 'environmentVariables.create',
  method: 'POST',
  path: '/v1/environment-variables',
  status: 200,
  category: 'configuration',
  body: EnvironmentVariableCreateBody,
  response: EnvironmentVariable,
} as const satisfies Route;

/** `GET /v1/environment-variables`: every variable of the organization, newest first. */
export const environmentVariablesListRoute = {
  operation: 'environmentVariables.list',
  method: 'GET',
  path: '/v1/environment-variables',
  status: 200,
  category: 'configuration',
  query: EnvironmentVariableListQuery,
  response: EnvironmentVariableList,
} as const satisfies Route;

/** `GET /v1/environment-variables/{variableKey}`: one variable. */
export const environmentVariablesRetrieveRoute = {
  operation: 'environmentVariables.retrieve',
  method: 'GET',
  path: '/v1/environment-variables/:variableKey',
  status: 200,
  category: 'configuration',
  response: EnvironmentVariable,
} as const satisfies Route;

/** `PATCH /v1/environment-variables/{variableKey}`: changes a variable, values merged by environment. */
export const environmentVariablesUpdateRoute = {
  operation: 'environmentVariables.update',
  method: 'PATCH',
  path: '/v1/environment-variables/:variableKey',
  status: 200,
  category: 'configuration',
  body: EnvironmentVariableUpdateBody,
  response: EnvironmentVariable,
} as const satisfies Route;

/** `DELETE /v1/environment-variables/{variableKey}`: deletes a variable; 204 No Content. */
export const environmentVariablesDeleteRoute = {
  operation: 'environmentVariables.delete',
  method: 'DELETE',
  path: '/v1/environment-variables/:variableKey',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `GET /v1/environment-variables/{variableKey}/usage`: the workflows that read `env.KEY`. */
export const environmentVariablesUsageRoute = {
  operation: 'environmentVariables.usage',
  method: 'GET',
  path: '/v1/environment-variables/:variableKey/usage',
  status: 200,
  category: 'configuration',
  response: EnvironmentVariableUsage,
} as const satisfies Route;
