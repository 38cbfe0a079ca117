/**
 * Integrations changed and deleted: `PUT` and `DELETE /v1/integrations/{integrationId}`
 * (docs/behaviour/integrations.md#update and #delete).
 *
 * @module
 */

import { IntegrationUpdateBody } from '../../../src/schemas/integration';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { type IntegrationDto, listIntegrations } from './integrations';

/** The channels whose integrations have a primary and a priority order. */
const WITH_PRIMARY = new Set(['email', 'sms']);

/** The organization's integration with this `_id`, and the environment data that holds it. */
function findOwned(
  scope: EngineScope,
  integrationId: string,
  notFound: string,
): { owner: EnvironmentData; integration: IntegrationRecord } {
  const id = isObjectId(integrationId) ? integrationId.toLowerCase() : undefined;
  for (const owner of scope.organizationData()) {
    const integration = tables.integrations.find(
      owner,
      (candidate) => candidate._id === id && !candidate.deleted,
    );
    if (integration) return { owner, integration };
  }
  throw ServiceError.http(404, notFound);
}

/** The active integrations of the channel in the integration's environment, highest priority first. */
function activeOfChannel(owner: EnvironmentData, target: IntegrationRecord): IntegrationRecord[] {
  return tables.integrations
    .where(
      owner,
      (candidate) =>
        !candidate.deleted &&
        candidate.active &&
        candidate !== target &&
        candidate._environmentId === target._environmentId &&
        candidate.channel === target.channel,
    )
    .sort((a, b) => b.priority - a.priority);
}

/** Numbers the active integrations of a channel from the top down (the service's recalculation). */
function renumber(owner: EnvironmentData, active: IntegrationRecord[], at: string): void {
  active.forEach((integration, index) => {
    const priority = active.length - index;
    if (integration.priority === priority) return;
    tables.integrations.edit(owner, integration);
    integration.priority = priority;
    integration.updatedAt = at;
  });
}

/**
 * `PUT /v1/integrations/{integrationId}` (docs/behaviour/integrations.md#update): sets the given
 * fields (`credentials`, `conditions` and `configurations` replace the stored ones); 404 for an
 * integration the organization does not hold, 409 for an identifier in use, 400 when nothing is
 * given. Activating an email or SMS integration puts it above the others (below an active
 * primary, which moves up); deactivating it drops its primary and priority.
 */
export function updateIntegration(
  scope: EngineScope,
  integrationId: string,
  body: unknown,
): IntegrationDto {
  const input = validateBody(IntegrationUpdateBody, body);
  const { owner, integration } = findOwned(
    scope,
    integrationId,
    `Entity with id ${integrationId} not found`,
  );
  const at = scope.iso();
  if (input._environmentId !== undefined && input._environmentId !== scope.environment._id) {
    throw ServiceError.http(
      403,
      'API key authentication is scoped to a single environment and cannot target a different `_environmentId`.',
    );
  }
  const identifierChanged =
    input.identifier !== undefined &&
    input.identifier !== '' &&
    input.identifier !== integration.identifier;
  if (
    identifierChanged &&
    scope
      .organizationData()
      .some((data) =>
        tables.integrations
          .withIdentifier(data, input.identifier as string)
          .some((other) => !other.deleted),
      )
  ) {
    throw ServiceError.http(409, 'Integration with identifier already exists');
  }
  const changes: Partial<IntegrationRecord> = {};
  if (input.name) changes.name = input.name;
  if (identifierChanged) changes.identifier = input.identifier as string;
  if (input.active !== undefined) changes.active = input.active;
  if (input.credentials) changes.credentials = structuredClone(input.credentials);
  if (input.configurations) changes.configurations = structuredClone(input.configurations);
  if (input.conditions) {
    changes.conditions = structuredClone(input.conditions) as IntegrationRecord['conditions'];
  }
  if (Object.keys(changes).length === 0 && input._environmentId === undefined) {
    throw ServiceError.http(400, 'No properties found for update');
  }
  const activeChanged = input.active !== undefined && input.active !== integration.active;
  if (activeChanged && WITH_PRIMARY.has(integration.channel)) {
    const others = activeOfChannel(owner, integration);
    if (input.active) {
      const highest = others[0];
      if (highest?.primary) {
        changes.priority = highest.priority;
        tables.integrations.edit(owner, highest);
        highest.priority += 1;
        highest.updatedAt = at;
      } else {
        changes.priority = highest ? highest.priority + 1 : 1;
      }
    } else {
      renumber(owner, others, at);
      changes.priority = 0;
      changes.primary = false;
    }
  }
  if ((changes.conditions?.length ?? 0) > 0 && integration.primary) changes.primary = false;
  tables.integrations.edit(owner, integration);
  Object.assign(integration, changes, { updatedAt: at });
  return structuredClone(integration);
}

/**
 * `DELETE /v1/integrations/{integrationId}` (docs/behaviour/integrations.md#delete): the
 * integration is deleted (kept, flagged, out of every list and selection); the other active
 * integrations of its channel are renumbered; answers the organization's integrations left.
 */
export function deleteIntegration(scope: EngineScope, integrationId: string): IntegrationDto[] {
  const { owner, integration } = findOwned(
    scope,
    integrationId,
    `Integration with id ${integrationId} not found`,
  );
  const at = scope.iso();
  tables.integrations.edit(owner, integration);
  Object.assign(integration, { deleted: true, active: false, primary: false, updatedAt: at });
  if (WITH_PRIMARY.has(integration.channel)) {
    renumber(owner, activeOfChannel(owner, integration), at);
  }
  return listIntegrations(scope);
}
