import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { CursorPage, PagePromise } from '../core/pagination';
import {
  agentsIntegrationsCreate,
  agentsIntegrationsDelete,
  agentsIntegrationsList,
  agentsIntegrationsUpdate,
} from '../funcs/agents';
import type {
  AgentIntegration,
  AgentIntegrationCreateBody,
  AgentIntegrationListQuery,
  AgentIntegrationUpdateBody,
} from '../schemas/agent';
import type { NoContent } from '../schemas/common';

/**
 * The `svc.agents.integrations` namespace: the integrations (channels) an agent answers on.
 *
 * @example
 * ```ts
 * await svc.agents.integrations.create('support-bot', { integrationIdentifier: 'slack-support' });
 * ```
 */
export class AgentIntegrations {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Links an integration to the agent (`POST /v1/agents/{identifier}/integrations`).
   *
   * @throws {@link ConflictError} when it is linked already.
   *
   * @example
   * ```ts
   * const link = await svc.agents.integrations.create('support-bot', { integrationIdentifier: 'slack-support' });
   * ```
   */
  create(
    identifier: string,
    body: AgentIntegrationCreateBody,
    options?: RequestOptions,
  ): APIPromise<AgentIntegration> {
    return agentsIntegrationsCreate(this.#core, identifier, body, options);
  }

  /**
   * Lists the agent's integration links (`GET /v1/agents/{identifier}/integrations`),
   * cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const link of svc.agents.integrations.list('support-bot')) console.log(link.integration.identifier);
   * ```
   */
  list(
    identifier: string,
    query?: AgentIntegrationListQuery,
    options?: RequestOptions,
  ): PagePromise<CursorPage<AgentIntegration, AgentIntegrationListQuery>, AgentIntegration> {
    return agentsIntegrationsList(this.#core, identifier, query, options);
  }

  /**
   * Points a link at another integration
   * (`PATCH /v1/agents/{identifier}/integrations/{agentIntegrationId}`).
   *
   * @example
   * ```ts
   * await svc.agents.integrations.update('support-bot', link._id, { integrationIdentifier: 'slack-sales' });
   * ```
   */
  update(
    identifier: string,
    agentIntegrationId: string,
    body: AgentIntegrationUpdateBody,
    options?: RequestOptions,
  ): APIPromise<AgentIntegration> {
    return agentsIntegrationsUpdate(this.#core, identifier, agentIntegrationId, body, options);
  }

  /**
   * Removes a link (`DELETE /v1/agents/{identifier}/integrations/{agentIntegrationId}`).
   *
   * @example
   * ```ts
   * await svc.agents.integrations.delete('support-bot', link._id);
   * ```
   */
  delete(
    identifier: string,
    agentIntegrationId: string,
    options?: RequestOptions,
  ): APIPromise<NoContent> {
    return agentsIntegrationsDelete(this.#core, identifier, agentIntegrationId, options);
  }
}
