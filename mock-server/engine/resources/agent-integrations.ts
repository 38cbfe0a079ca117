/**
 * Links between agents and integrations (`/v1/agents/{identifier}/integrations`), with the
 * service's 404 and 409 texts (docs/behaviour/agents.md#integrations).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { AgentIntegration } from '../../../src/schemas/agent';
import type { EngineScope } from '../scope';
import type { AgentIntegrationRecord, AgentRecord, IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { agentOrThrow } from './agents';

/** Most integrations one agent is linked to (an engine cap). */
export const MAX_INTEGRATIONS_PER_AGENT = 20;

/**
 * A link in its wire shape.
 *
 * @example
 * ```ts
 * const link: AgentIntegrationDto = engine.operations['agents.integrations.create'](engine.scope('Development'), {
 *   params: { identifier: 'support-bot' },
 *   body: { integrationIdentifier: 'slack-support' },
 * });
 * ```
 */
export type AgentIntegrationDto = AgentIntegration;

/**
 * Filters of a links listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: AgentIntegrationSearch = { limit: 10, includeCursor: false, orderDirection: 'DESC' };
 * ```
 */
export interface AgentIntegrationSearch extends CursorOptions {
  orderDirection: 'ASC' | 'DESC';
  integrationIdentifier?: string | undefined;
}

function integrationById(scope: EngineScope, id: string): IntegrationRecord | undefined {
  return tables.integrations.find(scope.data, (item) => item._id === id && !item.deleted);
}

function toDto(scope: EngineScope, link: AgentIntegrationRecord): AgentIntegrationDto {
  const integration = integrationById(scope, link._integrationId);
  return {
    _id: link._id,
    _agentId: link._agentId,
    integration: {
      _id: link._integrationId,
      identifier: integration?.identifier ?? '',
      name: integration?.name ?? '',
      providerId: integration?.providerId ?? '',
      channel: integration?.channel ?? 'chat',
      active: integration?.active ?? false,
    },
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    connectedAt: null,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
  };
}

function integrationByIdentifier(scope: EngineScope, identifier: string): IntegrationRecord {
  const integration = tables.integrations
    .withIdentifier(scope.data, identifier)
    .find((item) => !item.deleted);
  if (!integration) {
    throw ServiceError.http(404, `Integration with identifier "${identifier}" was not found.`);
  }
  return integration;
}

const linksOf = (scope: EngineScope, agent: AgentRecord) =>
  [...tables.agentIntegrations.values(scope.data)].filter((link) => link._agentId === agent._id);

function assertUnlinked(scope: EngineScope, agent: AgentRecord, integrationId: string): void {
  if (linksOf(scope, agent).some((link) => link._integrationId === integrationId)) {
    throw ServiceError.http(409, 'This integration is already linked to the agent.');
  }
}

const CreateShape = z.object({
  integrationIdentifier: z.optional(z.string()),
  providerId: z.optional(z.string()),
});
const UpdateShape = z.object({ integrationIdentifier: z.string() });

/**
 * `POST /v1/agents/{identifier}/integrations`: by `integrationIdentifier`, else the environment's
 * first integration of `providerId`; 409 when linked.
 */
export function addAgentIntegration(scope: EngineScope, identifier: string, body: unknown) {
  const input = validateBody(CreateShape, body);
  if (!input.integrationIdentifier && !input.providerId) {
    throw ServiceError.dtoValidation(['integrationIdentifier or providerId must be provided']);
  }
  const agent = agentOrThrow(scope, identifier);
  let integration: IntegrationRecord | undefined;
  if (input.integrationIdentifier) {
    integration = integrationByIdentifier(scope, input.integrationIdentifier);
  } else {
    integration = tables.integrations.find(
      scope.data,
      (item) => item.providerId === input.providerId && !item.deleted,
    );
    if (!integration) {
      throw ServiceError.http(
        404,
        `Integration with provider "${input.providerId}" was not found.`,
      );
    }
  }
  assertUnlinked(scope, agent, integration._id);
  if (linksOf(scope, agent).length >= MAX_INTEGRATIONS_PER_AGENT) {
    throw ServiceError.http(
      400,
      `Integration limit exceeded. An agent is linked to at most ${MAX_INTEGRATIONS_PER_AGENT} integrations.`,
    );
  }
  const now = scope.iso();
  const link: AgentIntegrationRecord = {
    _id: scope.ids.objectId(),
    _agentId: agent._id,
    _integrationId: integration._id,
    createdAt: now,
    updatedAt: now,
  };
  tables.agentIntegrations.set(scope.data, link._id, link);
  return toDto(scope, link);
}

function linkOrThrow(scope: EngineScope, agent: AgentRecord, id: string): AgentIntegrationRecord {
  const link = tables.agentIntegrations.get(scope.data, id);
  if (!link || link._agentId !== agent._id) {
    throw ServiceError.http(404, `Agent integration "${id}" was not found.`);
  }
  return link;
}

/** `PATCH /v1/agents/{identifier}/integrations/{agentIntegrationId}`: another integration. */
export function updateAgentIntegration(
  scope: EngineScope,
  identifier: string,
  id: string,
  body: unknown,
): AgentIntegrationDto {
  const input = validateBody(UpdateShape, body);
  if (input.integrationIdentifier === '') {
    throw ServiceError.dtoValidation(['integrationIdentifier should not be empty']);
  }
  const agent = agentOrThrow(scope, identifier);
  const link = linkOrThrow(scope, agent, id);
  const integration = integrationByIdentifier(scope, input.integrationIdentifier);
  if (integration._id === link._integrationId) return toDto(scope, link);
  assertUnlinked(scope, agent, integration._id);
  const now = scope.iso();
  tables.agentIntegrations.update(scope.data, link, () => {
    link._integrationId = integration._id;
    link.updatedAt = now;
  });
  return toDto(scope, link);
}

/** `DELETE /v1/agents/{identifier}/integrations/{agentIntegrationId}`. */
export function removeAgentIntegration(scope: EngineScope, identifier: string, id: string) {
  const agent = agentOrThrow(scope, identifier);
  linkOrThrow(scope, agent, id);
  tables.agentIntegrations.delete(scope.data, id);
  return undefined;
}

/** `GET /v1/agents/{identifier}/integrations`: newest first; `integrationIdentifier` exact. */
export function listAgentIntegrations(
  scope: EngineScope,
  identifier: string,
  search: AgentIntegrationSearch,
): CursorPage<AgentIntegrationDto> {
  const wanted = search.integrationIdentifier;
  const page = recordPage(
    () => linksOf(scope, agentOrThrow(scope, identifier)),
    search,
    (link) =>
      wanted === undefined || integrationById(scope, link._integrationId)?.identifier === wanted,
  );
  return { ...page, data: page.data.map((link) => toDto(scope, link)) };
}
