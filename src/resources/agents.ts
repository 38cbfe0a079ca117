import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  agentsCreate,
  agentsDelete,
  agentsList,
  agentsRetrieve,
  agentsSendReply,
  agentsUpdate,
  agentsUpdateBridge,
} from '../funcs/agents';
import type {
  Agent,
  AgentBridgeBody,
  AgentCreateBody,
  AgentListQuery,
  AgentReplyBody,
  AgentReplyResult,
  AgentUpdateBody,
} from '../schemas/agent';
import type { NoContent } from '../schemas/common';
import { AgentIntegrations } from './agent-integrations';

/**
 * The `svc.agents` namespace: conversational agents, their bridge and their channels.
 *
 * @example
 * ```ts
 * await svc.agents.create({ name: 'Support bot', identifier: 'support-bot' });
 * await svc.agents.updateBridge('support-bot', { bridgeUrl: 'https://app.acme.dev/api/agent' });
 * ```
 */
export class Agents {
  readonly #core: SvcCore;
  /** The integrations an agent answers on. */
  readonly integrations: AgentIntegrations;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
    this.integrations = new AgentIntegrations(core);
  }

  /**
   * Creates an agent (`POST /v1/agents`).
   *
   * @throws {@link ConflictError} when the identifier is taken in the environment.
   *
   * @example
   * ```ts
   * const agent = await svc.agents.create({ name: 'Support bot', identifier: 'support-bot' });
   * ```
   */
  create(body: AgentCreateBody, options?: RequestOptions): APIPromise<Agent> {
    return agentsCreate(this.#core, body, options);
  }

  /**
   * Lists the environment's agents (`GET /v1/agents`), newest first and cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const agent of svc.agents.list()) console.log(agent.identifier);
   * ```
   */
  list(
    query?: AgentListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Agent, AgentListQuery>, Agent> {
    return agentsList(this.#core, query, options);
  }

  /**
   * Retrieves an agent by identifier (`GET /v1/agents/{identifier}`), with its integrations.
   *
   * @throws {@link NotFoundError} when the environment has no such agent.
   *
   * @example
   * ```ts
   * const agent = await svc.agents.retrieve('support-bot');
   * ```
   */
  retrieve(identifier: string, options?: RequestOptions): APIPromise<Agent> {
    return agentsRetrieve(this.#core, identifier, options);
  }

  /**
   * Changes an agent's name, description, activity, behavior or bridge
   * (`PATCH /v1/agents/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.agents.update('support-bot', { active: false });
   * ```
   */
  update(identifier: string, body: AgentUpdateBody, options?: RequestOptions): APIPromise<Agent> {
    return agentsUpdate(this.#core, identifier, body, options);
  }

  /**
   * Deletes an agent and its integration links (`DELETE /v1/agents/{identifier}`).
   *
   * @example
   * ```ts
   * await svc.agents.delete('support-bot');
   * ```
   */
  delete(identifier: string, options?: RequestOptions): APIPromise<NoContent> {
    return agentsDelete(this.#core, identifier, options);
  }

  /**
   * Sets the agent's bridge URLs (`PUT /v1/agents/{identifier}/bridge`).
   *
   * @example
   * ```ts
   * await svc.agents.updateBridge('support-bot', { devBridgeUrl: 'http://localhost:4000/api/agent', devBridgeActive: true });
   * ```
   */
  updateBridge(
    identifier: string,
    body: AgentBridgeBody,
    options?: RequestOptions,
  ): APIPromise<Agent> {
    return agentsUpdateBridge(this.#core, identifier, body, options);
  }

  /**
   * Sends what the agent does on a conversation (`POST /v1/agents/{agentId}/reply`): a reply, an
   * edit, a resolve, signals or reactions; answers the delivered message, or `null`.
   *
   * @example
   * ```ts
   * const sent = await svc.agents.sendReply('support-bot', {
   *   conversationId: 'c-1',
   *   integrationIdentifier: 'slack-support',
   *   reply: { markdown: 'Your order ships today.' },
   * });
   * ```
   */
  sendReply(
    agentId: string,
    body: AgentReplyBody,
    options?: RequestOptions,
  ): APIPromise<AgentReplyResult> {
    return agentsSendReply(this.#core, agentId, body, options);
  }
}
