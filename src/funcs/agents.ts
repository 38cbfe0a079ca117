import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  agentsCreateRoute,
  agentsDeleteRoute,
  agentsIntegrationsCreateRoute,
  agentsIntegrationsDeleteRoute,
  agentsIntegrationsListRoute,
  agentsIntegrationsUpdateRoute,
  agentsListRoute,
  agentsRetrieveRoute,
  agentsSendReplyRoute,
  agentsUpdateBridgeRoute,
  agentsUpdateRoute,
} from '../routes/agents';

/** {@inheritDoc Agents.create} */
export const agentsCreate = (...args: OperationArgs<typeof agentsCreateRoute>) =>
  call(agentsCreateRoute, args);

/** {@inheritDoc Agents.delete} */
export const agentsDelete = (...args: OperationArgs<typeof agentsDeleteRoute>) =>
  call(agentsDeleteRoute, args);

/** {@inheritDoc AgentIntegrations.create} */
export const agentsIntegrationsCreate = (
  ...args: OperationArgs<typeof agentsIntegrationsCreateRoute>
) => call(agentsIntegrationsCreateRoute, args);

/** {@inheritDoc AgentIntegrations.delete} */
export const agentsIntegrationsDelete = (
  ...args: OperationArgs<typeof agentsIntegrationsDeleteRoute>
) => call(agentsIntegrationsDeleteRoute, args);

/** {@inheritDoc AgentIntegrations.list} */
export const agentsIntegrationsList = (
  ...args: OperationArgs<typeof agentsIntegrationsListRoute>
) => cursorPages(agentsIntegrationsListRoute, args);

/** {@inheritDoc AgentIntegrations.update} */
export const agentsIntegrationsUpdate = (
  ...args: OperationArgs<typeof agentsIntegrationsUpdateRoute>
) => call(agentsIntegrationsUpdateRoute, args);

/** {@inheritDoc Agents.list} */
export const agentsList = (...args: OperationArgs<typeof agentsListRoute>) =>
  cursorPages(agentsListRoute, args);

/** {@inheritDoc Agents.retrieve} */
export const agentsRetrieve = (...args: OperationArgs<typeof agentsRetrieveRoute>) =>
  call(agentsRetrieveRoute, args);

/** {@inheritDoc Agents.sendReply} */
export const agentsSendReply = (...args: OperationArgs<typeof agentsSendReplyRoute>) =>
  call(agentsSendReplyRoute, args);

/** {@inheritDoc Agents.update} */
export const agentsUpdate = (...args: OperationArgs<typeof agentsUpdateRoute>) =>
  call(agentsUpdateRoute, args);

/** {@inheritDoc Agents.updateBridge} */
export const agentsUpdateBridge = (...args: OperationArgs<typeof agentsUpdateBridgeRoute>) =>
  call(agentsUpdateBridgeRoute, args);
