/**
 * Agents of an environment (`/v1/agents`): records with the service's identifier, conflict and
 * 404 rules, their bridge URLs and their listing (docs/behaviour/agents.md).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { Agent, AgentIntegrationSummary } from '../../../src/schemas/agent';
import { SLUG_IDENTIFIER_PATTERN } from '../../../src/schemas/workflow-upsert';
import type { EngineScope } from '../scope';
import type { AgentRecord } from '../store/state';
import { tables } from '../store/tables';
import type { CursorOptions, CursorPage } from '../wire/cursor-page';
import { recordPage } from '../wire/record-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { recordAgentActivity } from './agent-activity';

/** Most agents an environment keeps (an engine cap; docs/behaviour/agents.md#caps). */
export const MAX_AGENTS_PER_ENVIRONMENT = 100;
/** The longest name (the service's `maxLength`). */
export const AGENT_NAME_MAX_LENGTH = 60;
/** The longest identifier, description and URL the engine keeps. */
const TEXT_MAX_LENGTH = 2_048;

/**
 * An agent's integration, as the agent lists it.
 *
 * @example
 * ```ts
 * const summary: AgentIntegrationSummaryDto = { integrationId: 'i', providerId: 'slack', name: 'Slack', identifier: 'slack', channel: 'chat', active: true };
 * ```
 */
export type AgentIntegrationSummaryDto = AgentIntegrationSummary;

/**
 * An agent in its wire shape.
 *
 * @example
 * ```ts
 * const agent: AgentDto = engine.operations['agents.retrieve'](engine.scope('Development'), {
 *   params: { identifier: 'support-bot' },
 * });
 * ```
 */
export type AgentDto = Agent;

/**
 * Filters and order of an agents listing (already defaulted).
 *
 * @example
 * ```ts
 * const search: AgentSearch = { limit: 10, includeCursor: false, orderBy: '_id', orderDirection: 'DESC' };
 * ```
 */
export interface AgentSearch extends CursorOptions {
  orderBy: string;
  orderDirection: 'ASC' | 'DESC';
  identifier?: string | undefined;
}

/** The integrations linked to an agent, as summaries. */
function summaries(scope: EngineScope, agent: AgentRecord): AgentIntegrationSummaryDto[] {
  const out: AgentIntegrationSummaryDto[] = [];
  for (const link of tables.agentIntegrations.values(scope.data)) {
    if (link._agentId !== agent._id) continue;
    const integration = tables.integrations.find(
      scope.data,
      (item) => item._id === link._integrationId,
    );
    if (!integration || integration.deleted) continue;
    out.push({
      integrationId: integration._id,
      providerId: integration.providerId,
      name: integration.name,
      identifier: integration.identifier,
      channel: integration.channel,
      active: integration.active,
    });
  }
  return out;
}

/**
 * An agent in its wire shape.
 *
 * @example
 * ```ts
 * const dto = agentDto(engine.scope('Development'), agentOrThrow(engine.scope('Development'), 'support-bot'));
 * ```
 */
export function agentDto(scope: EngineScope, agent: AgentRecord): AgentDto {
  return {
    _id: agent._id,
    name: agent.name,
    identifier: agent.identifier,
    ...(agent.description === undefined ? {} : { description: agent.description }),
    ...(agent.behavior === undefined ? {} : { behavior: structuredClone(agent.behavior) }),
    active: agent.active,
    ...(agent.bridgeUrl === undefined ? {} : { bridgeUrl: agent.bridgeUrl }),
    ...(agent.devBridgeUrl === undefined ? {} : { devBridgeUrl: agent.devBridgeUrl }),
    ...(agent.devBridgeActive === undefined ? {} : { devBridgeActive: agent.devBridgeActive }),
    runtime: agent.runtime,
    visibility: 'public',
    ...(agent.managedRuntime === undefined
      ? {}
      : { managedRuntime: structuredClone(agent.managedRuntime) }),
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
    integrations: summaries(scope, agent),
  };
}

/**
 * The environment's agent with `identifier`, or the service's 404.
 *
 * @example
 * ```ts
 * const agent = agentOrThrow(engine.scope('Development'), 'support-bot');
 * ```
 */
export function agentOrThrow(scope: EngineScope, identifier: string): AgentRecord {
  const agent = tables.agents.get(scope.data, identifier);
  if (!agent) throw ServiceError.http(404, `Agent with identifier "${identifier}" was not found.`);
  return agent;
}

const text = () => z.string().check(z.maxLength(TEXT_MAX_LENGTH));
const MESSAGES = {
  name: `name must be shorter than or equal to ${AGENT_NAME_MAX_LENGTH} characters`,
};

const Behavior = z.strictObject({
  acknowledgeOnReceived: z.optional(z.boolean()),
  reactionOnResolved: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  subscriberAccess: z.optional(z.enum(['open', 'restricted'])),
});

const ManagedRuntime = z.object({
  providerId: z.enum(['anthropic', 'novu-anthropic', 'anthropic-aws']),
  integrationId: text(),
  externalAgentId: z.optional(text()),
  externalEnvironmentId: z.optional(text()),
  model: z.optional(text()),
  systemPrompt: z.optional(z.string().check(z.maxLength(32_000))),
});

const CreateShape = z.object({
  name: z.string().check(z.maxLength(AGENT_NAME_MAX_LENGTH)),
  identifier: text(),
  description: z.optional(text()),
  active: z.optional(z.boolean()),
  runtime: z.optional(z.enum(['self-hosted', 'managed'])),
  managedRuntime: z.optional(ManagedRuntime),
});

const BridgeShape = z.object({
  bridgeUrl: z.optional(text()),
  devBridgeUrl: z.optional(text()),
  devBridgeActive: z.optional(z.boolean()),
});

const UpdateShape = z.object({
  name: z.optional(z.string().check(z.maxLength(AGENT_NAME_MAX_LENGTH))),
  description: z.optional(text()),
  active: z.optional(z.boolean()),
  behavior: z.optional(Behavior),
  ...BridgeShape.shape,
});

function urlProblems(input: {
  bridgeUrl?: string | undefined;
  devBridgeUrl?: string | undefined;
}): string[] {
  const problems: string[] = [];
  for (const field of ['bridgeUrl', 'devBridgeUrl'] as const) {
    const value = input[field];
    if (value === undefined || value === '') continue;
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      problems.push(`${field} must be a URL address`);
    }
  }
  return problems;
}

/** `POST /v1/agents`: a new agent, active unless told; 409 when the identifier is taken. */
export function createAgent(scope: EngineScope, body: unknown): AgentDto {
  const input = validateBody(CreateShape, body, MESSAGES);
  const problems: string[] = [];
  if (input.name === '') problems.push('name should not be empty');
  if (input.identifier === '') problems.push('identifier should not be empty');
  if (!SLUG_IDENTIFIER_PATTERN.test(input.identifier)) {
    problems.push(
      'identifier must be a valid slug format (letters, numbers, hyphens, dot and underscores only)',
    );
  }
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const runtime = input.runtime ?? (input.managedRuntime ? 'managed' : 'self-hosted');
  if (runtime === 'managed' && !input.managedRuntime) {
    throw ServiceError.http(400, 'managedRuntime is required when runtime is "managed".');
  }
  if (tables.agents.has(scope.data, input.identifier)) {
    throw ServiceError.http(
      409,
      `An agent with identifier "${input.identifier}" already exists in this environment.`,
    );
  }
  if (tables.agents.size(scope.data) >= MAX_AGENTS_PER_ENVIRONMENT) {
    throw ServiceError.http(
      400,
      `Agent limit exceeded. An environment holds at most ${MAX_AGENTS_PER_ENVIRONMENT} agents.`,
      { currentCount: tables.agents.size(scope.data), limit: MAX_AGENTS_PER_ENVIRONMENT },
    );
  }
  const now = scope.iso();
  const _id = scope.ids.objectId();
  const managed = input.managedRuntime;
  if (
    managed &&
    !tables.integrations.some(scope.data, (item) => item._id === managed.integrationId)
  ) {
    throw ServiceError.http(404, `Integration "${managed.integrationId}" was not found.`);
  }
  const agent: AgentRecord = {
    _id,
    identifier: input.identifier,
    name: input.name,
    ...(input.description === undefined ? {} : { description: input.description }),
    active: input.active ?? true,
    behavior: {
      acknowledgeOnReceived: true,
      subscriberAccess: runtime === 'managed' ? 'open' : 'restricted',
    },
    runtime,
    ...(managed
      ? {
          managedRuntime: {
            providerId: managed.providerId,
            integrationId: managed.integrationId,
            externalAgentId: managed.externalAgentId ?? `agent_${_id}`,
            ...(managed.externalEnvironmentId === undefined
              ? {}
              : { externalEnvironmentId: managed.externalEnvironmentId }),
            ...(managed.systemPrompt === undefined ? {} : { systemPrompt: managed.systemPrompt }),
          },
        }
      : {}),
    createdAt: now,
    updatedAt: now,
  };
  tables.agents.set(scope.data, agent.identifier, agent);
  return agentDto(scope, agent);
}

/** `GET /v1/agents/{identifier}`. */
export function retrieveAgent(scope: EngineScope, identifier: string): AgentDto {
  return agentDto(scope, agentOrThrow(scope, identifier));
}

/** `PATCH /v1/agents/{identifier}`: the fields given, `behavior` merged over the stored one. */
export function updateAgent(scope: EngineScope, identifier: string, body: unknown): AgentDto {
  const input = validateBody(UpdateShape, body, MESSAGES);
  const problems = urlProblems(input);
  if (input.name === '') problems.push('name should not be empty');
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const agent = agentOrThrow(scope, identifier);
  const now = scope.iso();
  tables.agents.update(scope.data, agent, () => {
    if (input.name !== undefined) agent.name = input.name;
    if (input.description !== undefined) agent.description = input.description;
    if (input.active !== undefined) agent.active = input.active;
    if (input.behavior !== undefined) agent.behavior = { ...agent.behavior, ...input.behavior };
    setBridge(agent, input);
    agent.updatedAt = now;
  });
  return agentDto(scope, agent);
}

function setBridge(agent: AgentRecord, input: z.infer<typeof BridgeShape>): void {
  if (input.bridgeUrl !== undefined) agent.bridgeUrl = input.bridgeUrl;
  if (input.devBridgeUrl !== undefined) agent.devBridgeUrl = input.devBridgeUrl;
  if (input.devBridgeActive !== undefined) agent.devBridgeActive = input.devBridgeActive;
}

/**
 * `PUT /v1/agents/{identifier}/bridge`: the bridge URLs given; kept in the agent's activity too.
 * The engine calls no bridge (docs/behaviour/agents.md#bridge).
 */
export function updateAgentBridge(scope: EngineScope, identifier: string, body: unknown) {
  const input = validateBody(BridgeShape, body);
  const problems = urlProblems(input);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const agent = agentOrThrow(scope, identifier);
  const now = scope.iso();
  tables.agents.update(scope.data, agent, () => {
    setBridge(agent, input);
    agent.updatedAt = now;
  });
  recordAgentActivity(scope, 'bridge', agent.identifier, { ...input });
  return agentDto(scope, agent);
}

/** `DELETE /v1/agents/{identifier}`: the agent and its integration links. */
export function deleteAgent(scope: EngineScope, identifier: string): undefined {
  const agent = agentOrThrow(scope, identifier);
  tables.agents.delete(scope.data, identifier);
  for (const [key, link] of [...tables.agentIntegrations.entries(scope.data)]) {
    if (link._agentId === agent._id) tables.agentIntegrations.delete(scope.data, key);
  }
  return undefined;
}

/**
 * `GET /v1/agents`: newest first unless `orderDirection=ASC`, by `orderBy` (default `_id`);
 * `identifier` a part of the identifier, in any case.
 */
export function listAgents(scope: EngineScope, search: AgentSearch): CursorPage<AgentDto> {
  const needle = search.identifier?.toLowerCase();
  const page = recordPage(
    () => tables.agents.values(scope.data),
    search,
    (agent) => needle === undefined || agent.identifier.toLowerCase().includes(needle),
  );
  return { ...page, data: page.data.map((agent) => agentDto(scope, agent)) };
}
