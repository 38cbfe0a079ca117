import {
  Environment,
  EnvironmentCreateBody,
  EnvironmentDeleted,
  EnvironmentDiff,
  EnvironmentDiffBody,
  EnvironmentList,
  EnvironmentPublishBody,
  EnvironmentPublishResult,
  EnvironmentTagList,
  EnvironmentUpdateBody,
} from '../schemas/environment';
import type { Route } from './route';

/** `POST /v1/environments`: a new environment with its own key and identifier, seeded with nothing. */
export const environmentsCreateRoute = {
  operation: 'environments.create',
  method: 'POST',
  path: '/v1/environments',
  status: 201,
  category: 'configuration',
  body: EnvironmentCreateBody,
  response: Environment,
} as const satisfies Route;

/** `GET /v1/environments`: the organization's environments, the caller's own key only. */
export const environmentsListRoute = {
  operation: 'environments.list',
  method: 'GET',
  path: '/v1/environments',
  status: 200,
  category: 'configuration',
  response: EnvironmentList,
} as const satisfies Route;

/** `PUT /v1/environments/{environmentId}`: renames or recolors the caller's own environment. */
export const environmentsUpdateRoute = {
  operation: 'environments.update',
  method: 'PUT',
  path: '/v1/environments/:environmentId',
  status: 200,
  category: 'configuration',
  body: EnvironmentUpdateBody,
  response: Environment,
} as const satisfies Route;

/** `DELETE /v1/environments/{environmentId}`: deletes a custom environment (its own key). */
export const environmentsDeleteRoute = {
  operation: 'environments.delete',
  method: 'DELETE',
  path: '/v1/environments/:environmentId',
  status: 200,
  category: 'configuration',
  response: EnvironmentDeleted,
} as const satisfies Route;

/** `GET /v2/environments/{environmentId}/tags`: the tags its workflows use. */
export const environmentsGetTagsRoute = {
  operation: 'environments.getTags',
  method: 'GET',
  path: '/v2/environments/:environmentId/tags',
  status: 200,
  category: 'configuration',
  response: EnvironmentTagList,
} as const satisfies Route;

/** `POST /v2/environments/{targetEnvironmentId}/diff`: what a publish would change there. */
export const environmentsDiffRoute = {
  operation: 'environments.diff',
  method: 'POST',
  path: '/v2/environments/:targetEnvironmentId/diff',
  status: 200,
  category: 'configuration',
  body: EnvironmentDiffBody,
  response: EnvironmentDiff,
} as const satisfies Route;

/** `POST /v2/environments/{targetEnvironmentId}/publish`: applies the diff to the target. */
export const environmentsPublishRoute = {
  operation: 'environments.publish',
  method: 'POST',
  path: '/v2/environments/:targetEnvironmentId/publish',
  status: 200,
  category: 'configuration',
  body: EnvironmentPublishBody,
  response: EnvironmentPublishResult,
} as const satisfies Route;
