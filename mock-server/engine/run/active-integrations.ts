/**
 * `GET /v1/integrations/active` (docs/behaviour/integrations.md#active): the organization's
 * active integrations, each `selected` when the integration selection of its environment picks it
 * for its channel.
 *
 * @module
 */

import type { IntegrationDto } from '../resources/integrations';
import type { EngineScope } from '../scope';
import type { IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import { selectIntegration } from './channels/delivery';

/**
 * An active integration with whether its environment delivers its channel through it.
 *
 * @example
 * ```ts
 * const active: ActiveIntegrationDto[] = engine.operations['integrations.listActive'](
 *   engine.scope('Development'),
 * );
 * ```
 */
export type ActiveIntegrationDto = IntegrationDto & { selected: boolean };

/** Every active integration of the organization, in environment then insertion order. */
export function listActiveIntegrations(scope: EngineScope): ActiveIntegrationDto[] {
  return scope.organizationData().flatMap((data) => {
    const active = tables.integrations.where(
      data,
      (integration: IntegrationRecord) => integration.active && !integration.deleted,
    );
    return active.map((integration) => ({
      ...structuredClone(integration),
      selected: selectIntegration(data, integration.channel, {})?._id === integration._id,
    }));
  });
}
