/**
 * What each operation of the route table does on the engine: read the inputs the route gives
 * (path parameters, query, JSON body) and call one engine operation. The success status and
 * everything cross-cutting come from the route table and the pipeline.
 *
 * @module
 */
import type { OperationName } from '../../src/routes/index';
import type { EngineOperations, RequestContext } from '../engine/engine';
import { parseDeleteChannel, parseMessageSearch } from '../engine/wire/message-query';
import { parseNotificationSearch } from '../engine/wire/notification-query';
import { parseCriticality } from '../engine/wire/preference-query';
import {
  parseSubscriberSearch,
  parseSubscriptionSearch,
  parseWorkflowSearch,
  queryFlag,
} from '../engine/wire/query';
import { parseTopicSearch, parseTopicSubscriptionSearch } from '../engine/wire/topic-query';

/**
 * What a binding gets.
 *
 * @example
 * ```ts
 * const input: BindingInput = { operations, context, params: { subscriberId: 'u1' }, query, body: undefined };
 * ```
 */
export interface BindingInput {
  operations: EngineOperations;
  context: RequestContext;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The parsed JSON body; `undefined` when there is none. */
  body: unknown;
}

/**
 * One operation's call: returns the body to answer, already in the service's envelope.
 *
 * @example
 * ```ts
 * const retrieve: Binding = ({ operations, context, params }) => ({
 *   data: operations.retrieveSubscriber(context, params['subscriberId'] ?? ''),
 * });
 * ```
 */
export type Binding = (input: BindingInput) => unknown;

/**
 * A binding's answer with another success status than the route's (an upsert answers 201 when it
 * created, 200 when it updated).
 *
 * @example
 * ```ts
 * return new StatusAnswer(200, topic);
 * ```
 */
export class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

const param = (params: Readonly<Record<string, string>>, name: string) => params[name] ?? '';

/**
 * The binding of every operation of the route table.
 *
 * @example
 * ```ts
 * BINDINGS['subscribers.retrieve']({ operations, context, params: { subscriberId: 'u1' }, query, body: undefined });
 * ```
 */
export const BINDINGS: { readonly [K in OperationName]: Binding } = {
  'subscribers.search': ({ operations, context, query }) =>
    operations.searchSubscribers(context, parseSubscriberSearch(query)),
  'subscribers.retrieve': ({ operations, context, params }) => ({
    data: operations.retrieveSubscriber(context, param(params, 'subscriberId')),
  }),
  'subscribers.update': ({ operations, context, params, body }) => ({
    data: operations.updateSubscriber(context, param(params, 'subscriberId'), body),
  }),
  'subscribers.subscriptions.list': ({ operations, context, params, query }) =>
    operations.listSubscriptions(
      context,
      param(params, 'subscriberId'),
      parseSubscriptionSearch(query),
    ),
  'subscribers.credentials.upsert': ({ operations, context, params, body }) => ({
    data: operations.upsertCredentials(context, param(params, 'subscriberId'), body),
  }),
  'subscribers.messages.markAs': ({ operations, context, params, body }) => ({
    data: operations.markMessagesAs(context, param(params, 'subscriberId'), body),
  }),
  'subscribers.create': ({ operations, context, query, body }) => ({
    data: operations.createSubscriber(context, body, {
      failIfExists: queryFlag(query, 'failIfExists'),
    }),
  }),
  'subscribers.delete': ({ operations, context, params }) => ({
    data: operations.deleteSubscriber(context, param(params, 'subscriberId')),
  }),
  'subscribers.createBulk': ({ operations, context, body }) => ({
    data: operations.bulkCreateSubscribers(context, body),
  }),
  'subscribers.credentials.update': ({ operations, context, params, body }) => ({
    data: operations.updateCredentials(context, param(params, 'subscriberId'), body),
  }),
  'subscribers.credentials.delete': ({ operations, context, params }) => {
    operations.deleteCredentials(
      context,
      param(params, 'subscriberId'),
      param(params, 'providerId'),
    );
    return undefined;
  },
  'subscribers.preferences.list': ({ operations, context, params, query }) => ({
    data: operations.listPreferences(
      context,
      param(params, 'subscriberId'),
      parseCriticality(query),
    ),
  }),
  'subscribers.preferences.update': ({ operations, context, params, body }) => ({
    data: operations.updatePreferences(context, param(params, 'subscriberId'), body),
  }),
  'topics.create': ({ operations, context, query, body }) => {
    const { topic, created } = operations.upsertTopic(context, body, {
      failIfExists: queryFlag(query, 'failIfExists'),
    });
    return created ? { data: topic } : new StatusAnswer(200, { data: topic });
  },
  // Cursor pages have `data` and no `_id`, so the service does not wrap them again.
  'topics.list': ({ operations, context, query }) =>
    operations.listTopics(context, parseTopicSearch(query)),
  'topics.retrieve': ({ operations, context, params }) => ({
    data: operations.retrieveTopic(context, param(params, 'topicKey')),
  }),
  'topics.update': ({ operations, context, params, body }) => ({
    data: operations.updateTopic(context, param(params, 'topicKey'), body),
  }),
  'topics.delete': ({ operations, context, params }) => ({
    data: operations.deleteTopic(context, param(params, 'topicKey')),
  }),
  'topics.subscriptions.list': ({ operations, context, params, query }) =>
    operations.listTopicSubscriptions(
      context,
      param(params, 'topicKey'),
      parseTopicSubscriptionSearch(query),
    ),
  'topics.subscriptions.create': ({ operations, context, params, body }) =>
    operations.createTopicSubscriptions(context, param(params, 'topicKey'), body),
  'topics.subscriptions.delete': ({ operations, context, params, body }) =>
    operations.deleteTopicSubscriptions(context, param(params, 'topicKey'), body),
  'integrations.create': ({ operations, context, body }) => ({
    data: operations.createIntegration(context, body),
  }),
  'integrations.list': ({ operations, context }) => ({
    data: operations.listIntegrations(context),
  }),
  'integrations.setPrimary': ({ operations, context, params }) => ({
    data: operations.setPrimaryIntegration(context, param(params, 'integrationId')),
  }),
  'workflows.list': ({ operations, context, query }) => ({
    data: operations.listWorkflows(context, parseWorkflowSearch(query)),
  }),
  'workflows.sync': ({ operations, context, params, body }) => ({
    data: operations.syncWorkflow(context, param(params, 'workflowId'), body),
  }),
  'events.trigger': ({ operations, context, body }) => ({
    data: operations.triggerEvent(context, body),
  }),
  // The page shape has `data` and no `_id`, so the service does not wrap it again.
  'notifications.list': ({ operations, context, query }) =>
    operations.listNotifications(context, parseNotificationSearch(query)),
  'notifications.retrieve': ({ operations, context, params }) => ({
    data: operations.retrieveNotification(context, param(params, 'notificationId')),
  }),
  // Beyond the interface, part 2: bulk and broadcast triggers, cancel, workflows, messages.
  'events.triggerBulk': ({ operations, context, body }) => ({
    data: operations.triggerBulk(context, body),
  }),
  'events.broadcast': ({ operations, context, body }) => ({
    data: operations.broadcastEvent(context, body),
  }),
  'events.cancel': ({ operations, context, params }) => ({
    data: operations.cancelEvent(context, param(params, 'transactionId')),
  }),
  // The page shape has `data`, so the service does not wrap it again.
  'messages.list': ({ operations, context, query }) =>
    operations.listMessages(context, parseMessageSearch(query)),
  'messages.delete': ({ operations, context, params }) => ({
    data: operations.deleteMessage(context, param(params, 'messageId')),
  }),
  'messages.deleteByTransactionId': ({ operations, context, params, query }) => {
    operations.deleteMessagesByTransaction(
      context,
      param(params, 'transactionId'),
      parseDeleteChannel(query),
    );
    return undefined;
  },
  'workflows.retrieve': ({ operations, context, params }) => ({
    data: operations.retrieveWorkflow(context, param(params, 'workflowId')),
  }),
  'workflows.patch': ({ operations, context, params, body }) => ({
    data: operations.patchWorkflow(context, param(params, 'workflowId'), body),
  }),
  'workflows.delete': ({ operations, context, params }) => {
    operations.deleteWorkflow(context, param(params, 'workflowId'));
    return undefined;
  },
  'workflows.create': ({ operations, context, body }) => ({
    data: operations.createWorkflow(context, body),
  }),
  'workflows.update': ({ operations, context, params, body }) => ({
    data: operations.updateWorkflow(context, param(params, 'workflowId'), body),
  }),
};
