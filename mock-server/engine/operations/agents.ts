/**
 * The handlers of the `agents` routes, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/agents';
import {
  addAgentIntegration,
  listAgentIntegrations,
  removeAgentIntegration,
  updateAgentIntegration,
} from '../resources/agent-integrations';
import { sendAgentReply } from '../resources/agent-reply';
import {
  createAgent,
  deleteAgent,
  listAgents,
  retrieveAgent,
  updateAgent,
  updateAgentBridge,
} from '../resources/agents';
import { parseAgentIntegrationSearch, parseAgentSearch } from '../wire/agent-query';
import { defineOperation } from './operation';

export const agentsCreate = defineOperation(routes.agentsCreateRoute, (scope, { body }) =>
  createAgent(scope, body),
);

export const agentsList = defineOperation(routes.agentsListRoute, (scope, { query }) =>
  listAgents(scope, parseAgentSearch(query)),
);

export const agentsRetrieve = defineOperation(routes.agentsRetrieveRoute, (scope, { params }) =>
  retrieveAgent(scope, params.identifier),
);

export const agentsUpdate = defineOperation(routes.agentsUpdateRoute, (scope, { params, body }) =>
  updateAgent(scope, params.identifier, body),
);

export const agentsDelete = defineOperation(routes.agentsDeleteRoute, (scope, { params }) =>
  deleteAgent(scope, params.identifier),
);

export const agentsUpdateBridge = defineOperation(
  routes.agentsUpdateBridgeRoute,
  (scope, { params, body }) => updateAgentBridge(scope, params.identifier, body),
);

export const agentsSendReply = defineOperation(
  routes.agentsSendReplyRoute,
  (scope, { params, body }) => sendAgentReply(scope, params.agentId, body),
);

export const agentsIntegrationsCreate = defineOperation(
  routes.agentsIntegrationsCreateRoute,
  (scope, { params, body }) => addAgentIntegration(scope, params.identifier, body),
);

export const agentsIntegrationsList = defineOperation(
  routes.agentsIntegrationsListRoute,
  (scope, { params, query }) =>
    listAgentIntegrations(scope, params.identifier, parseAgentIntegrationSearch(query)),
);

export const agentsIntegrationsUpdate = defineOperation(
  routes.agentsIntegrationsUpdateRoute,
  (scope, { params, body }) =>
    updateAgentIntegration(scope, params.identifier, params.agentIntegrationId, body),
);

export const agentsIntegrationsDelete = defineOperation(
  routes.agentsIntegrationsDeleteRoute,
  (scope, { params }) =>
    removeAgentIntegration(scope, params.identifier, params.agentIntegrationId),
);
