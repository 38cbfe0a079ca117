import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';
import { type CursorPageResponse, cursorPage } from './pagination';

/** How an agent behaves on a conversation. */
export const AgentBehavior = z.looseObject({
  /** Acknowledge incoming messages (typing indicator, or an "eyes" reaction); default true. */
  acknowledgeOnReceived: z.optional(z.boolean()),
  /** Emoji name reacted on resolved conversations (e.g. `check`); `null` disables it. */
  reactionOnResolved: z.optional(z.nullable(z.string())),
  /** Whether senders not yet linked to a subscriber are accepted (`open`) or rejected (`restricted`). */
  subscriberAccess: z.optional(z.enum(['open', 'restricted'])),
});
export interface AgentBehavior extends WireShape<typeof AgentBehavior> {}

/** An integration linked to an agent, as an agent lists it. */
export const AgentIntegrationSummary = z.looseObject({
  /** Integration document id. */
  integrationId: z.string(),
  /** Provider of the integration (e.g. `slack`). */
  providerId: z.string(),
  /** Display name of the integration. */
  name: z.string(),
  /** Identifier of the integration in the integration store. */
  identifier: z.string(),
  /** Channel type of the integration (`in_app`, `email`, `sms`, `chat` or `push`). */
  channel: z.optional(z.string()),
  /** Whether the integration is active. */
  active: z.boolean(),
});
export interface AgentIntegrationSummary extends WireShape<typeof AgentIntegrationSummary> {}

/** An agent of the environment. */
export const Agent = z.looseObject({
  /** Agent document id. */
  _id: z.string(),
  /** Display name of the agent (at most 60 characters). */
  name: z.string(),
  /** Unique slug of the agent in its environment, used in the agent routes. */
  identifier: z.string(),
  /** Free-text description of the agent. */
  description: z.optional(z.string()),
  /** How the agent behaves on a conversation. */
  behavior: z.optional(AgentBehavior),
  /** Whether the agent is active. */
  active: z.boolean(),
  /** The production bridge URL. */
  bridgeUrl: z.optional(z.string()),
  /** The development bridge URL. */
  devBridgeUrl: z.optional(z.string()),
  /** Whether the development bridge override is active. */
  devBridgeActive: z.optional(z.boolean()),
  /** Whether the agent brain is self-hosted (bridge) or managed by a third-party provider. */
  runtime: z.optional(z.enum(['self-hosted', 'managed'])),
  /** Discovery scope of the agent; always `public` today. */
  visibility: z.optional(z.string()),
  /** Provider and external identifiers, present when `runtime` is `managed`. */
  managedRuntime: z.optional(z.record(z.string(), z.unknown())),
  /** Id of the environment the agent belongs to. */
  _environmentId: z.string(),
  /** Id of the organization the agent belongs to. */
  _organizationId: z.string(),
  /** When the agent was created. */
  createdAt: Timestamp,
  /** When the agent was last updated. */
  updatedAt: Timestamp,
  /** Integrations linked to the agent. */
  integrations: z.optional(z.array(AgentIntegrationSummary)),
});
export interface Agent extends WireShape<typeof Agent> {}

/** Body of `POST /v1/agents`. */
export const AgentCreateBody = z.object({
  /** At most 60 characters. */
  name: z.string(),
  /** Letters and digits, with `-`, `_` or `.` between them. */
  identifier: z.string(),
  description: z.optional(z.string()),
  /** Default true. */
  active: z.optional(z.boolean()),
  runtime: z.optional(z.enum(['self-hosted', 'managed'])),
  managedRuntime: z.optional(z.record(z.string(), z.unknown())),
});
export type AgentCreateBody = z.input<typeof AgentCreateBody>;

/** Body of `PATCH /v1/agents/{identifier}`. */
export const AgentUpdateBody = z.object({
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  active: z.optional(z.boolean()),
  behavior: z.optional(AgentBehavior),
  bridgeUrl: z.optional(z.string()),
  devBridgeUrl: z.optional(z.string()),
  devBridgeActive: z.optional(z.boolean()),
});
export type AgentUpdateBody = z.input<typeof AgentUpdateBody>;

/** Body of `PUT /v1/agents/{identifier}/bridge`. */
export const AgentBridgeBody = z.object({
  bridgeUrl: z.optional(z.string()),
  devBridgeUrl: z.optional(z.string()),
  devBridgeActive: z.optional(z.boolean()),
});
export type AgentBridgeBody = z.input<typeof AgentBridgeBody>;

/** Query of `GET /v1/agents`: the cursor options and `identifier` (part of it). */
export const AgentListQuery = z.object({ ...CURSOR_QUERY, identifier: z.optional(z.string()) });
export type AgentListQuery = z.infer<typeof AgentListQuery>;

/** Response of `GET /v1/agents` (cursor page). */
export const AgentListResponse = cursorPage(Agent);
/** Response of `GET /v1/agents`: a cursor page of agents. */
export interface AgentListResponse extends CursorPageResponse<Agent> {}

/** A link between an agent and an integration. */
export const AgentIntegration = z.looseObject({
  /** Agent–integration link document id. */
  _id: z.string(),
  /** Id of the linked agent. */
  _agentId: z.string(),
  /** The linked integration. */
  integration: z.looseObject({
    /** Integration document id. */
    _id: z.string(),
    /** Identifier of the integration in the integration store (not its document id). */
    identifier: z.string(),
    /** Display name of the integration. */
    name: z.string(),
    /** Provider of the integration (e.g. `slack`). */
    providerId: z.string(),
    /** Channel type of the integration (`in_app`, `email`, `sms`, `chat` or `push`). */
    channel: z.optional(z.string()),
    /** Whether the integration is active. */
    active: z.boolean(),
  }),
  /** Id of the environment the link belongs to. */
  _environmentId: z.string(),
  /** Id of the organization the link belongs to. */
  _organizationId: z.string(),
  /** When the link received its first inbound webhook delivery; `null` until then. */
  connectedAt: z.optional(z.nullable(z.string())),
  /** When the link was created. */
  createdAt: Timestamp,
  /** When the link was last updated. */
  updatedAt: Timestamp,
});
export interface AgentIntegration extends WireShape<typeof AgentIntegration> {}

/**
 * Body of `POST /v1/agents/{identifier}/integrations`: the integration by identifier, or a
 * provider whose integration to link.
 */
export const AgentIntegrationCreateBody = z.object({
  integrationIdentifier: z.optional(z.string()),
  providerId: z.optional(z.string()),
});
export type AgentIntegrationCreateBody = z.input<typeof AgentIntegrationCreateBody>;

/** Body of `PATCH /v1/agents/{identifier}/integrations/{agentIntegrationId}`. */
export const AgentIntegrationUpdateBody = z.object({ integrationIdentifier: z.string() });
export type AgentIntegrationUpdateBody = z.input<typeof AgentIntegrationUpdateBody>;

/** Query of `GET /v1/agents/{identifier}/integrations`. */
export const AgentIntegrationListQuery = z.object({
  ...CURSOR_QUERY,
  integrationIdentifier: z.optional(z.string()),
});
export type AgentIntegrationListQuery = z.infer<typeof AgentIntegrationListQuery>;

/** Response of `GET /v1/agents/{identifier}/integrations` (cursor page). */
export const AgentIntegrationListResponse = cursorPage(AgentIntegration);
/** Response of `GET /v1/agents/{identifier}/integrations`: a cursor page of links. */
export interface AgentIntegrationListResponse extends CursorPageResponse<AgentIntegration> {}

/**
 * Body of `POST /v1/agents/{agentId}/reply`: what the agent does on a conversation (a reply, an
 * edit, a resolve, signals, reactions).
 */
export const AgentReplyBody = z.looseObject({
  conversationId: z.string(),
  integrationIdentifier: z.string(),
  reply: z.optional(z.record(z.string(), z.unknown())),
  edit: z.optional(z.record(z.string(), z.unknown())),
  resolve: z.optional(z.record(z.string(), z.unknown())),
  signals: z.optional(z.array(z.record(z.string(), z.unknown()))),
  addReactions: z.optional(z.array(z.record(z.string(), z.unknown()))),
});
export type AgentReplyBody = z.input<typeof AgentReplyBody>;

/**
 * Response of `POST /v1/agents/{agentId}/reply`: the delivered message, or `null` without a reply
 * or edit.
 */
export const AgentReplyResult = z.nullable(
  z.looseObject({ messageId: z.string(), platformThreadId: z.string() }),
);
export type AgentReplyResult = z.infer<typeof AgentReplyResult>;
