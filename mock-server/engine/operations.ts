/**
 * The engine's operation table: one function per route, each taking the caller's context, over
 * the state and rules of the resource and run modules. `createMockEngine` builds it once.
 *
 * @module
 */

import type { RequestContext } from './engine';
import type { EventFeed } from './event-feed';
import {
  createIntegration,
  type IntegrationDto,
  listIntegrations,
  setPrimaryIntegration,
} from './resources/integrations';
import {
  deleteMessage,
  deleteMessagesByTransaction,
  listMessages,
  type MessagePage,
} from './resources/message-list';
import { type MessageDto, markMessagesAs } from './resources/messages';
import {
  type ActivityDto,
  type ActivityPage,
  listNotifications,
  retrieveNotification,
} from './resources/notifications';
import {
  type Criticality,
  listPreferences,
  type SubscriberPreferencesDto,
  updatePreferences,
} from './resources/preferences';
import { deleteCredentials } from './resources/subscriber-credentials';
import {
  type BulkCreateResult,
  bulkCreateSubscribers,
  createSubscriber,
  deleteSubscriber,
} from './resources/subscriber-lifecycle';
import {
  retrieveSubscriber,
  type SubscriberDto,
  type SubscriberSearch,
  searchSubscribers,
  updateSubscriber,
  upsertCredentials,
} from './resources/subscribers';
import {
  deleteTopic,
  listTopics,
  retrieveTopic,
  type TopicDto,
  type TopicSearch,
  updateTopic,
  upsertTopic,
} from './resources/topic-management';
import {
  createTopicSubscriptions,
  deleteTopicSubscriptions,
  listTopicSubscriptions,
  type SubscriptionsResultDto,
  type TopicSubscriptionSearch,
} from './resources/topic-subscriptions';
import {
  listSubscriptions,
  type SubscriptionSearch,
  type TopicSubscriptionDto,
} from './resources/topics';
import { deleteWorkflow, patchWorkflow, retrieveWorkflow } from './resources/workflow-changes';
import { createWorkflow, updateWorkflow } from './resources/workflow-upsert';
import {
  listWorkflows,
  syncWorkflow,
  type WorkflowListItemDto,
  type WorkflowResponseDto,
  type WorkflowSearch,
} from './resources/workflows';
import { broadcastEvent } from './run/broadcast';
import { type BulkEventErrorDto, triggerBulk } from './run/bulk-trigger';
import { cancelTransaction } from './run/cancel';
import { type TriggerResultDto, triggerEvent } from './run/trigger';
import type { EngineScope } from './scope';
import type { IdGenerator } from './store/ids';
import { journaled } from './store/journal';
import type { SchedulingClock } from './store/scheduler';
import type { EnvironmentData, SubscriberRecord } from './store/state';
import type { CursorPage } from './wire/cursor-page';
import { checkJsonDepth } from './wire/json-depth';
import type { MessageSearch } from './wire/message-query';
import type { NotificationSearch } from './wire/notification-query';
import { ServiceError } from './wire/service-error';

/**
 * Operations of the engine, one per endpoint; each takes the caller's context.
 *
 * @example
 * ```ts
 * const context = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
 * const subscriber = engine.operations.retrieveSubscriber(context, 'user-1');
 * ```
 */
export interface EngineOperations {
  /** `GET /v2/subscribers/{subscriberId}`. */
  retrieveSubscriber(context: RequestContext, subscriberId: string): SubscriberDto;
  /** `PATCH /v2/subscribers/{subscriberId}`. */
  updateSubscriber(context: RequestContext, subscriberId: string, body: unknown): SubscriberDto;
  /** `GET /v2/subscribers`. */
  searchSubscribers(context: RequestContext, search: SubscriberSearch): CursorPage<SubscriberDto>;
  /** `PATCH /v1/subscribers/{subscriberId}/credentials`. */
  upsertCredentials(context: RequestContext, subscriberId: string, body: unknown): SubscriberRecord;
  /** `GET /v2/subscribers/{subscriberId}/subscriptions`. */
  listSubscriptions(
    context: RequestContext,
    subscriberId: string,
    search: SubscriptionSearch,
  ): CursorPage<TopicSubscriptionDto>;
  /** `POST /v2/subscribers` (an upsert unless `failIfExists`). */
  createSubscriber(
    context: RequestContext,
    body: unknown,
    options: { failIfExists: boolean },
  ): SubscriberDto;
  /** `DELETE /v2/subscribers/{subscriberId}`. */
  deleteSubscriber(
    context: RequestContext,
    subscriberId: string,
  ): { acknowledged: true; status: 'deleted' };
  /** `POST /v1/subscribers/bulk`. */
  bulkCreateSubscribers(context: RequestContext, body: unknown): BulkCreateResult;
  /** `PUT /v1/subscribers/{subscriberId}/credentials`. */
  updateCredentials(context: RequestContext, subscriberId: string, body: unknown): SubscriberRecord;
  /** `DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`. */
  deleteCredentials(context: RequestContext, subscriberId: string, providerId: string): void;
  /** `GET /v2/subscribers/{subscriberId}/preferences`. */
  listPreferences(
    context: RequestContext,
    subscriberId: string,
    criticality: Criticality,
  ): SubscriberPreferencesDto;
  /** `PATCH /v2/subscribers/{subscriberId}/preferences`. */
  updatePreferences(
    context: RequestContext,
    subscriberId: string,
    body: unknown,
  ): SubscriberPreferencesDto;
  /** `POST /v2/topics` (an upsert: `created` tells 201 from 200). */
  upsertTopic(
    context: RequestContext,
    body: unknown,
    options: { failIfExists: boolean },
  ): { topic: TopicDto; created: boolean };
  /** `GET /v2/topics`. */
  listTopics(context: RequestContext, search: TopicSearch): CursorPage<TopicDto>;
  /** `GET /v2/topics/{topicKey}`. */
  retrieveTopic(context: RequestContext, topicKey: string): TopicDto;
  /** `PATCH /v2/topics/{topicKey}`. */
  updateTopic(context: RequestContext, topicKey: string, body: unknown): TopicDto;
  /** `DELETE /v2/topics/{topicKey}`. */
  deleteTopic(context: RequestContext, topicKey: string): { acknowledged: true };
  /** `GET /v2/topics/{topicKey}/subscriptions`. */
  listTopicSubscriptions(
    context: RequestContext,
    topicKey: string,
    search: TopicSubscriptionSearch,
  ): CursorPage<TopicSubscriptionDto>;
  /** `POST /v2/topics/{topicKey}/subscriptions`. */
  createTopicSubscriptions(
    context: RequestContext,
    topicKey: string,
    body: unknown,
  ): SubscriptionsResultDto;
  /** `DELETE /v2/topics/{topicKey}/subscriptions`. */
  deleteTopicSubscriptions(
    context: RequestContext,
    topicKey: string,
    body: unknown,
  ): SubscriptionsResultDto;
  /** `POST /v1/integrations`. */
  createIntegration(context: RequestContext, body: unknown): IntegrationDto;
  /** `GET /v1/integrations`. */
  listIntegrations(context: RequestContext): IntegrationDto[];
  /** `POST /v1/integrations/{integrationId}/set-primary`. */
  setPrimaryIntegration(context: RequestContext, integrationId: string): IntegrationDto;
  /** `POST /v1/subscribers/{subscriberId}/messages/mark-as`. */
  markMessagesAs(context: RequestContext, subscriberId: string, body: unknown): MessageDto[];
  /** `GET /v2/workflows`. */
  listWorkflows(
    context: RequestContext,
    search: WorkflowSearch,
  ): { workflows: WorkflowListItemDto[]; totalCount: number };
  /** `PUT /v2/workflows/{workflowId}/sync`. */
  syncWorkflow(context: RequestContext, workflowId: string, body: unknown): WorkflowResponseDto;
  /** `POST /v1/events/trigger`: answers at once; the run executes before it returns. */
  triggerEvent(context: RequestContext, body: unknown): TriggerResultDto;
  /** `GET /v1/notifications`. */
  listNotifications(context: RequestContext, search: NotificationSearch): ActivityPage;
  /** `GET /v1/notifications/{notificationId}`. */
  retrieveNotification(context: RequestContext, notificationId: string): ActivityDto;
  // Beyond the interface, part 2: bulk and broadcast triggers, cancel, workflows, messages.
  /** `POST /v1/events/trigger/bulk`: each event as a single trigger, answers in order. */
  triggerBulk(context: RequestContext, body: unknown): (TriggerResultDto | BulkEventErrorDto)[];
  /** `POST /v1/events/trigger/broadcast`: a trigger to every subscriber of the environment. */
  broadcastEvent(context: RequestContext, body: unknown): TriggerResultDto;
  /** `DELETE /v1/events/trigger/{transactionId}`: whether waiting work was canceled. */
  cancelEvent(context: RequestContext, transactionId: string): boolean;
  /** `GET /v1/messages`. */
  listMessages(context: RequestContext, search: MessageSearch): MessagePage;
  /** `DELETE /v1/messages/{messageId}`. */
  deleteMessage(
    context: RequestContext,
    messageId: string,
  ): { acknowledged: true; status: 'deleted' };
  /** `DELETE /v1/messages/transaction/{transactionId}`: answers nothing (204). */
  deleteMessagesByTransaction(
    context: RequestContext,
    transactionId: string,
    channel: string | undefined,
  ): void;
  /** `GET /v2/workflows/{workflowId}`. */
  retrieveWorkflow(context: RequestContext, workflowId: string): WorkflowResponseDto;
  /** `PATCH /v2/workflows/{workflowId}`. */
  patchWorkflow(context: RequestContext, workflowId: string, body: unknown): WorkflowResponseDto;
  /** `DELETE /v2/workflows/{workflowId}`: answers nothing (204). */
  deleteWorkflow(context: RequestContext, workflowId: string): void;
  /** `POST /v2/workflows`: the created workflow. */
  createWorkflow(context: RequestContext, body: unknown): WorkflowResponseDto;
  /** `PUT /v2/workflows/{workflowId}`: the workflow with its fields and steps replaced. */
  updateWorkflow(context: RequestContext, workflowId: string, body: unknown): WorkflowResponseDto;
}

/** The most arguments an operation takes (the context and two more): see `createOperations`. */
const MAX_OPERATION_ARGUMENTS = 3;

/**
 * What the operation table needs from the engine that owns it.
 *
 * @example
 * ```ts
 * const operations = createOperations({ clock, ids, events, scopeOf, organizationData, resyncClock });
 * ```
 *
 * @internal
 */
export interface OperationDeps {
  clock: SchedulingClock;
  ids: IdGenerator;
  events: EventFeed;
  /** The scope of a request's environment. */
  scopeOf(context: RequestContext): EngineScope;
  /** Every environment's data of an organization (integrations are organization-wide). */
  organizationData(organizationId: string): EnvironmentData[];
  /** Re-registers the state's pending tasks with the clock (after a cancel). */
  resyncClock(): void;
  /**
   * Runs after an operation's writes were undone (store/journal.ts): drops the derived indexes
   * and re-registers the state's pending tasks with the clock.
   */
  afterRollback(): void;
}

/**
 * Builds the operation table of an engine.
 *
 * @example
 * ```ts
 * const operations = createOperations(deps);
 * operations.retrieveSubscriber(context, 'user-1');
 * ```
 *
 * @internal
 */
export function createOperations(deps: OperationDeps): EngineOperations {
  const { clock, ids, events, scopeOf, organizationData, resyncClock, afterRollback } = deps;
  /** A request body, refused before anything runs when it nests too deep (docs/http-server.md). */
  const bodyOf = (body: unknown): unknown => {
    checkJsonDepth(body, 'The request body');
    return body;
  };

  // A trigger as the event feed tells it (docs/inspector.md): received, then answered.
  function observedTrigger(
    context: RequestContext,
    body: unknown,
    run: () => TriggerResultDto,
  ): TriggerResultDto {
    const triggerId = events.triggerReceived(context.environment._id, body);
    let result: TriggerResultDto;
    try {
      result = run();
    } catch (error) {
      const known = error instanceof ServiceError ? error : undefined;
      events.triggerAnswered(triggerId, known?.status ?? 500, {
        message: error instanceof Error ? error.message : String(error),
        ...known?.extra,
      });
      throw error;
    }
    events.triggerAnswered(triggerId, 201, result);
    clock.runDue();
    return result;
  }

  const runTrigger = (context: RequestContext, body: unknown) =>
    observedTrigger(context, body, () => triggerEvent(scopeOf(context), bodyOf(body)));

  const operations: EngineOperations = {
    retrieveSubscriber: (context, subscriberId) => retrieveSubscriber(context.data, subscriberId),
    updateSubscriber: (context, subscriberId, body) =>
      updateSubscriber(context.data, subscriberId, bodyOf(body), clock.iso()),
    searchSubscribers: (context, search) => searchSubscribers(context.data, search),
    upsertCredentials: (context, subscriberId, body) =>
      upsertCredentials(
        context.data,
        context.environment._id,
        subscriberId,
        bodyOf(body),
        clock.iso(),
      ),
    listSubscriptions: (context, subscriberId, search) =>
      listSubscriptions(context.data, subscriberId, search),
    // Beyond the interface, part 1.
    createSubscriber: (context, body, createOptions) =>
      createSubscriber(scopeOf(context), bodyOf(body), createOptions),
    deleteSubscriber: (context, subscriberId) => deleteSubscriber(context.data, subscriberId),
    bulkCreateSubscribers: (context, body) => bulkCreateSubscribers(scopeOf(context), bodyOf(body)),
    updateCredentials: (context, subscriberId, body) =>
      upsertCredentials(
        context.data,
        context.environment._id,
        subscriberId,
        bodyOf(body),
        clock.iso(),
      ),
    deleteCredentials: (context, subscriberId, providerId) =>
      deleteCredentials(context.data, subscriberId, providerId, clock.iso()),
    listPreferences: (context, subscriberId, criticality) =>
      listPreferences(context.data, subscriberId, criticality),
    updatePreferences: (context, subscriberId, body) =>
      updatePreferences(context.data, ids, subscriberId, bodyOf(body), clock.iso()),
    upsertTopic: (context, body, upsertOptions) =>
      upsertTopic(context.data, ids, bodyOf(body), upsertOptions, clock.iso()),
    listTopics: (context, search) => listTopics(context.data, search),
    retrieveTopic: (context, topicKey) => retrieveTopic(context.data, topicKey),
    updateTopic: (context, topicKey, body) =>
      updateTopic(context.data, topicKey, bodyOf(body), clock.iso()),
    deleteTopic: (context, topicKey) => deleteTopic(context.data, topicKey),
    listTopicSubscriptions: (context, topicKey, search) =>
      listTopicSubscriptions(context.data, topicKey, search),
    createTopicSubscriptions: (context, topicKey, body) =>
      createTopicSubscriptions(context.data, ids, topicKey, bodyOf(body), clock.iso()),
    deleteTopicSubscriptions: (context, topicKey, body) =>
      deleteTopicSubscriptions(context.data, topicKey, bodyOf(body)),
    createIntegration: (context, body) => createIntegration(scopeOf(context), bodyOf(body)),
    listIntegrations: (context) =>
      listIntegrations(organizationData(context.environment._organizationId)),
    setPrimaryIntegration: (context, integrationId) =>
      setPrimaryIntegration(
        organizationData(context.environment._organizationId),
        integrationId,
        clock.iso(),
      ),
    markMessagesAs(context, subscriberId, body) {
      const updated = markMessagesAs(context.data, subscriberId, bodyOf(body), clock.iso());
      if (events.observed && updated.length > 0) {
        events.emit({
          type: 'messages-marked',
          environmentId: context.environment._id,
          subscriberId,
          messageIds: updated.map((message) => message._id),
          markAs: String((body as { markAs?: unknown }).markAs),
        });
      }
      return updated;
    },
    listWorkflows: (context, search) => listWorkflows(context.data, search),
    syncWorkflow: (context, workflowId, body) =>
      syncWorkflow(scopeOf(context), workflowId, bodyOf(body)),
    triggerEvent: (context, body) => runTrigger(context, body),
    listNotifications: (context, search) => listNotifications(context.data, search),
    retrieveNotification: (context, notificationId) =>
      retrieveNotification(context.data, notificationId),
    // Beyond the interface, part 2.
    // Each event is all or nothing by itself: one that fails answers its error, the rest stay.
    triggerBulk: (context, body) =>
      triggerBulk(bodyOf(body), (event) =>
        journaled(() => runTrigger(context, event), afterRollback),
      ),
    broadcastEvent: (context, body) =>
      observedTrigger(context, body, () =>
        broadcastEvent(context.data, bodyOf(body), (event) =>
          triggerEvent(scopeOf(context), event),
        ),
      ),
    cancelEvent(context, transactionId) {
      const canceled = cancelTransaction(scopeOf(context), transactionId);
      if (canceled) resyncClock();
      return canceled;
    },
    listMessages: (context, search) => listMessages(context.data, search),
    deleteMessage: (context, messageId) => deleteMessage(context.data, messageId),
    deleteMessagesByTransaction: (context, transactionId, channel) =>
      deleteMessagesByTransaction(context.data, transactionId, channel),
    retrieveWorkflow: (context, workflowId) => retrieveWorkflow(context.data, workflowId),
    patchWorkflow: (context, workflowId, body) =>
      patchWorkflow(context.data, workflowId, bodyOf(body), clock.iso()),
    deleteWorkflow: (context, workflowId) => deleteWorkflow(context.data, workflowId),
    createWorkflow: (context, body) => createWorkflow(scopeOf(context), bodyOf(body)),
    updateWorkflow: (context, workflowId, body) =>
      updateWorkflow(scopeOf(context), workflowId, bodyOf(body)),
  };
  // Every operation is all or nothing (docs/http-server.md#a-failed-request-changes-no-state):
  // a throw anywhere in it, expected (4xx) or not (500), undoes its journaled writes. The
  // wrapper passes three arguments by name (a rest/spread wrapper cost the trigger ~5%).
  const atomic = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => {
      if (operation.length > MAX_OPERATION_ARGUMENTS) {
        throw new Error(`Operation ${name} takes more than ${MAX_OPERATION_ARGUMENTS} arguments`);
      }
      const run = operation as (first: unknown, second: unknown, third: unknown) => unknown;
      return [
        name,
        (first: unknown, second: unknown, third: unknown) =>
          journaled(() => run(first, second, third), afterRollback),
      ];
    }),
  );
  return atomic as unknown as EngineOperations;
}
