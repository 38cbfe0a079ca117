/**
 * Routes of the `integrations` namespace.
 *
 * @module
 */
import {
  ActiveIntegrationList,
  Integration,
  IntegrationCreateBody,
  IntegrationList,
  IntegrationUpdateBody,
} from '../schemas/integration';
import type { Route } from './route';

/** `POST /v1/integrations`: creates an integration. */
export const integrationsCreateRoute = {
  operation: 'integrations.create',
  method: 'POST',
  path: '/v1/integrations',
  status: 201,
  category: 'global',
  body: IntegrationCreateBody,
  response: Integration,
} as const satisfies Route;

/** `GET /v1/integrations`: every integration of the organization. */
export const integrationsListRoute = {
  operation: 'integrations.list',
  method: 'GET',
  path: '/v1/integrations',
  status: 200,
  category: 'global',
  response: IntegrationList,
} as const satisfies Route;

/** `POST /v1/integrations/{integrationId}/set-primary`: makes it its channel's primary. */
export const integrationsSetPrimaryRoute = {
  operation: 'integrations.setPrimary',
  method: 'POST',
  path: '/v1/integrations/:integrationId/set-primary',
  // The spec says 200; the service answers Nest's POST default 201 (docs/engine-differences.md).
  status: 200,
  category: 'global',
  response: Integration,
} as const satisfies Route;

/** `PUT /v1/integrations/{integrationId}`: changes an integration. */
export const integrationsUpdateRoute = {
  operation: 'integrations.update',
  method: 'PUT',
  path: '/v1/integrations/:integrationId',
  status: 200,
  category: 'global',
  body: IntegrationUpdateBody,
  response: Integration,
} as const satisfies Route;

/** `DELETE /v1/integrations/{integrationId}`: deletes an integration; answers the remaining ones. */
export const integrationsDeleteRoute = {
  operation: 'integrations.delete',
  method: 'DELETE',
  path: '/v1/integrations/:integrationId',
  status: 200,
  category: 'global',
  response: IntegrationList,
} as const satisfies Route;

/** `GET /v1/integrations/active`: the organization's active integrations, each `selected` or not. */
export const integrationsListActiveRoute = {
  operation: 'integrations.listActive',
  method: 'GET',
  path: '/v1/integrations/active',
  status: 200,
  category: 'global',
  response: ActiveIntegrationList,
} as const satisfies Route;
