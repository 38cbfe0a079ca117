/**
 * `POST /v1/agents/{agentId}/reply`: what an agent does on a conversation, checked with the
 * service's rules and kept in the agent's activity for the inspector; nothing is delivered
 * (docs/behaviour/agents.md#reply).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { EngineScope } from '../scope';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { recordAgentActivity } from './agent-activity';

/**
 * The message a reply or an edit delivered.
 *
 * @example
 * ```ts
 * const sent: SentMessageDto = { messageId: '665f1c2e8b7a3d9f0c1b2a3d', platformThreadId: 'c-1' };
 * ```
 */
export interface SentMessageDto {
  messageId: string;
  platformThreadId: string;
}

const Content = z.record(z.string(), z.unknown());
const ReplyShape = z.object({
  conversationId: z.string(),
  integrationIdentifier: z.string(),
  reply: z.optional(Content),
  edit: z.optional(z.object({ messageId: z.string(), content: Content })),
  resolve: z.optional(Content),
  signals: z.optional(z.array(Content).check(z.maxLength(50))),
  addReactions: z.optional(z.array(Content).check(z.maxLength(50))),
});

const CONTENT_KINDS = ['markdown', 'card', 'toolApprovalCard'];

function contentProblem(field: string, content: Record<string, unknown>): string | undefined {
  const kinds = CONTENT_KINDS.filter((kind) => content[kind] !== undefined);
  if (kinds.length === 1) return undefined;
  return `${field} must have exactly one of markdown, card or toolApprovalCard`;
}

/**
 * Checks and keeps an agent's turn on a conversation; answers the message a reply or an edit
 * delivered, else `null`.
 *
 * @example
 * ```ts
 * sendAgentReply(engine.scope('Development'), 'support-bot', {
 *   conversationId: 'c-1',
 *   integrationIdentifier: 'slack-support',
 *   reply: { markdown: 'Done!' },
 * });
 * ```
 */
export function sendAgentReply(
  scope: EngineScope,
  agentIdentifier: string,
  body: unknown,
): SentMessageDto | null {
  const input = validateBody(ReplyShape, body);
  const problems = [
    input.conversationId === '' ? 'conversationId should not be empty' : undefined,
    input.integrationIdentifier === '' ? 'integrationIdentifier should not be empty' : undefined,
    input.reply ? contentProblem('reply', input.reply) : undefined,
    input.edit ? contentProblem('edit.content', input.edit.content) : undefined,
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  if (input.reply && input.edit) {
    throw ServiceError.http(400, 'Only one of reply or edit can be provided');
  }
  if (input.edit && (input.resolve || input.signals?.length || input.addReactions?.length)) {
    throw ServiceError.http(400, 'edit cannot be combined with resolve, signals, or addReactions');
  }
  if (
    !input.reply &&
    !input.edit &&
    !input.resolve &&
    !input.signals?.length &&
    !input.addReactions?.length
  ) {
    throw ServiceError.http(
      400,
      'At least one of reply, edit, resolve, signals, or addReactions must be provided',
    );
  }
  const agent = tables.agents.get(scope.data, agentIdentifier);
  if (!agent) throw ServiceError.http(404, 'Agent not found');
  const integration = tables.integrations
    .withIdentifier(scope.data, input.integrationIdentifier)
    .find((item) => !item.deleted);
  const linked =
    integration !== undefined &&
    [...tables.agentIntegrations.values(scope.data)].some(
      (link) => link._agentId === agent._id && link._integrationId === integration._id,
    );
  if (!linked) {
    throw ServiceError.http(
      404,
      `Integration "${input.integrationIdentifier}" is not linked to agent "${agentIdentifier}".`,
    );
  }
  let sent: SentMessageDto | null = null;
  if (input.reply) {
    sent = { messageId: scope.ids.objectId(), platformThreadId: input.conversationId };
  } else if (input.edit) {
    sent = { messageId: input.edit.messageId, platformThreadId: input.conversationId };
  }
  recordAgentActivity(scope, 'reply', agent.identifier, {
    ...(body as Record<string, unknown>),
    sent,
  });
  return sent;
}
