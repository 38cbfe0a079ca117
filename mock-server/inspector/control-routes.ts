/**
 * The control routes the inspector reads the engine through (`/__svc/inspector/...`). Writes
 * reuse the default control routes (clock, settle, faults, snapshots) and, for in-app messages,
 * the engine operation the API uses, through the engine's one port (journaled like a request).
 * See docs/inspector.md.
 *
 * @module
 */
import * as z from 'zod/mini';
import { type ControlRoute, parseControlBody } from '../control/control-router';
import { agentActivity } from '../engine/resources/agent-activity';
import { agentDto } from '../engine/resources/agents';
import { tables } from '../engine/store/tables';
import { activity, activityFilter } from './views/activity';
import { environmentSummary, requestedScope } from './views/environment';
import { inbox, messageFilter, messages } from './views/messages';
import { clockState, environmentState } from './views/state';

const MarkBody = z.object({
  messageId: z.union([z.string(), z.array(z.string())]),
  markAs: z.enum(['read', 'unread', 'seen', 'unseen']),
});

/**
 * The inspector's control routes; every one takes `?environment=` (a name or `_id`, default
 * Development).
 *
 * @example
 * ```ts
 * inspectorControlRoutes.map((route) => `${route.method} /__svc${route.path}`); // the route index
 * ```
 */
export const inspectorControlRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/inspector/environments',
    description: 'The environments, API keys masked (GET /__svc/environments reveals them)',
    run: ({ context }) => context.engine.environments.map(environmentSummary),
  },
  {
    method: 'GET',
    path: '/inspector/activity',
    description:
      'Triggers by transaction, newest first, with body, answer, notifications, jobs and execution details; query workflowId, subscriberId, channel, status, transactionId, limit, before (the cursor of the last group: the next, older page)',
    run: ({ url, context }) =>
      activity(context.engine, requestedScope(context.engine, url), activityFilter(url)),
  },
  {
    method: 'GET',
    path: '/inspector/messages',
    description:
      'Stored messages, newest first, as the recipient gets them; query channel, subscriberId, transactionId, limit',
    run: ({ url, context }) => messages(requestedScope(context.engine, url), messageFilter(url)),
  },
  {
    method: 'GET',
    path: '/inspector/inbox/:subscriberId',
    description: "A subscriber's in-app messages with read, seen and archived state",
    run: ({ url, params, context }) =>
      inbox(requestedScope(context.engine, url), params['subscriberId'] ?? ''),
  },
  {
    method: 'POST',
    path: '/inspector/inbox/:subscriberId/mark',
    description:
      'Marks in-app messages { messageId, markAs: read | unread | seen | unseen } through the API operation',
    // Through the engine's one port: journaled like a request, so no snapshot is needed.
    changesEngine: false,
    run: async ({ url, params, body, context }) => {
      const marked = context.engine.operations['subscribers.messages.markAs'](
        requestedScope(context.engine, url),
        {
          params: { subscriberId: params['subscriberId'] ?? '' },
          body: parseControlBody(MarkBody, body),
        },
      );
      await context.engine.durability.synced();
      return marked;
    },
  },
  {
    method: 'GET',
    path: '/inspector/state',
    description:
      'Subscribers with credentials and topics, topics, workflows with steps and issues, integrations',
    run: ({ url, context }) =>
      environmentState(context.engine, requestedScope(context.engine, url)),
  },
  {
    method: 'GET',
    path: '/inspector/agents',
    description:
      'Agents with their integrations and bridge URLs, and what they did (replies, bridge changes), newest first',
    run: ({ url, context }) => {
      const scope = requestedScope(context.engine, url);
      return {
        agents: [...tables.agents.values(scope.data)].map((agent) => agentDto(scope, agent)),
        activity: agentActivity(scope),
      };
    },
  },
  {
    method: 'GET',
    path: '/inspector/clock',
    description: 'The clock and the pending delays and digests, with when they fire',
    run: ({ context }) => clockState(context.engine),
  },
];
