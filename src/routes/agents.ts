import {
  Agent,
  AgentBridgeBody,
  AgentCreateBody,
  AgentIntegration,
  AgentIntegrationCreateBody,
  AgentIntegrationListQuery,
  AgentIntegrationListResponse,
  AgentIntegrationUpdateBody,
  AgentListQuery,
  AgentListResponse,
  AgentReplyBody,
  AgentReplyResult,
  AgentUpdateBody,
} from '../schemas/agent';
import { NoContent } from '../schemas/common';
import type { Route } from './route';

/** `POST /v1/agents`: creates an agent; 409 when the identifier is taken. */
export const agentsCreateRoute = {
  operation: 'agents.create',
  method: 'POST',
  path: '/v1/agents',
  status: 201,
  category: 'configuration',
  body: AgentCreateBody,
  response: Agent,
} as const satisfies Route;

/** `GET /v1/agents`: a cursor page of the environment's agents, newest first. */
export const agentsListRoute = {
  operation: 'agents.list',
  method: 'GET',
  path: '/v1/agents',
  status: 200,
  category: 'configuration',
  query: AgentListQuery,
  response: AgentListResponse,
} as const satisfies Route;

/** `GET /v1/agents/{identifier}`: one agent by identifier, with its integrations. */
export const agentsRetrieveRoute = {
  operation: 'agents.retrieve',
  method: 'GET',
  path: '/v1/agents/:identifier',
  status: 200,
  category: 'configuration',
  response: Agent,
} as const satisfies Route;

/** `PATCH /v1/agents/{identifier}`: changes an agent's fields. */
export const agentsUpdateRoute = {
  operation: 'agents.update',
  method: 'PATCH',
  path: '/v1/agents/:identifier',
  status: 200,
  category: 'configuration',
  body: AgentUpdateBody,
  response: Agent,
} as const satisfies Route;

/** `DELETE /v1/agents/{identifier}`: deletes an agent and its integration links; 204 No Content. */
export const agentsDeleteRoute = {
  operation: 'agents.delete',
  method: 'DELETE',
  path: '/v1/agents/:identifier',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `PUT /v1/agents/{identifier}/bridge`: sets an agent's bridge URLs. */
export const agentsUpdateBridgeRoute = {
  operation: 'agents.updateBridge',
  method: 'PUT',
  path: '/v1/agents/:identifier/bridge',
  status: 200,
  category: 'configuration',
  body: AgentBridgeBody,
  response: Agent,
} as const satisfies Route;

/** `POST /v1/agents/{agentId}/reply`: an agent's reply on a conversation, kept for the inspector. */
export const agentsSendReplyRoute = {
  operation: 'agents.sendReply',
  method: 'POST',
  path: '/v1/agents/:agentId/reply',
  status: 200,
  category: 'configuration',
  body: AgentReplyBody,
  response: AgentReplyResult,
} as const satisfies Route;

/** `POST /v1/agents/{identifier}/integrations`: links an integration to an agent; 409 when linked. */
export const agentsIntegrationsCreateRoute = {
  operation: 'agents.integrations.create',
  method: 'POST',
  path: '/v1/agents/:identifier/integrations',
  status: 201,
  category: 'configuration',
  body: AgentIntegrationCreateBody,
  response: AgentIntegration,
} as const satisfies Route;

/** `GET /v1/agents/{identifier}/integrations`: a cursor page of an agent's integration links. */
export const agentsIntegrationsListRoute = {
  operation: 'agents.integrations.list',
  method: 'GET',
  path: '/v1/agents/:identifier/integrations',
  status: 200,
  category: 'configuration',
  query: AgentIntegrationListQuery,
  response: AgentIntegrationListResponse,
} as const satisfies Route;

/** `PATCH /v1/agents/{identifier}/integrations/{agentIntegrationId}`: points a link at another integration. */
export const agentsIntegrationsUpdateRoute = {
  operation: 'agents.integrations.update',
  method: 'PATCH',
  path: '/v1/agents/:identifier/integrations/:agentIntegrationId',
  status: 200,
  category: 'configuration',
  body: AgentIntegrationUpdateBody,
  response: AgentIntegration,
} as const satisfies Route;

/** `DELETE /v1/agents/{identifier}/integrations/{agentIntegrationId}`: removes a link; 204 No Content. */
export const agentsIntegrationsDeleteRoute = {
  operation: 'agents.integrations.delete',
  method: 'DELETE',
  path: '/v1/agents/:identifier/integrations/:agentIntegrationId',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;
