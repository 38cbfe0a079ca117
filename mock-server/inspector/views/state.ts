/**
 * The inspector's state: an environment's subscribers with their channel credentials and topics,
 * its topics, its workflows with steps and issues, its integrations with primary flags, and the
 * clock with the work waiting for it.
 *
 * @module
 */
import type { EngineScope, MockEngine } from '../../engine/engine';
import { listWorkflows } from '../../engine/resources/workflows';
import type { NotificationRecord, SubscriberRecord } from '../../engine/store/state';
import { tables } from '../../engine/store/tables';

/** Most subscribers one state answer lists (the total is given too). */
const SUBSCRIBER_LIMIT = 200;

function subscriberView(context: EngineScope, subscriber: SubscriberRecord) {
  const subscriptions = tables.subscriptions.of(context.data, subscriber._id);
  return {
    subscriberId: subscriber.subscriberId,
    firstName: subscriber.firstName ?? null,
    lastName: subscriber.lastName ?? null,
    email: subscriber.email ?? null,
    phone: subscriber.phone ?? null,
    locale: subscriber.locale ?? null,
    timezone: subscriber.timezone ?? null,
    data: structuredClone(subscriber.data ?? null),
    channels: subscriber.channels.map((channel) => ({
      providerId: channel.providerId,
      integrationIdentifier: channel.integrationIdentifier ?? null,
      credentials: structuredClone(channel.credentials),
    })),
    topics: subscriptions.map((subscription) => subscription.topicKey),
  };
}

/**
 * What an environment holds, as the inspector's State tab shows it. Integration credentials are
 * listed by name only (their values are secrets).
 */
export function environmentState(engine: MockEngine, context: EngineScope) {
  const { data } = context;
  const live = tables.subscribers
    .order(data)
    .map((id) => tables.subscribers.byObjectId(data, id))
    .filter((subscriber): subscriber is SubscriberRecord => !!subscriber && !subscriber.deleted);
  const listed = listWorkflows(context, {
    limit: Math.max(1, tables.workflows.size(data)),
    offset: 0,
    orderBy: 'createdAt',
    orderDirection: 'ASC',
  });
  const items = new Map(listed.workflows.map((item) => [item._id, item]));
  return {
    /** Where the environment's code-first workflows run (`POST /v1/bridge/sync`), if anywhere. */
    bridgeUrl: context.environment.bridgeUrl ?? null,
    subscribers: {
      total: live.length,
      items: live.slice(0, SUBSCRIBER_LIMIT).map((record) => subscriberView(context, record)),
    },
    topics: [...tables.topics.values(data)].map((topic) => ({
      key: topic.key,
      name: topic.name ?? null,
      subscribers: tables.subscriptions.where(data, (item) => item.topicKey === topic.key).length,
    })),
    workflows: tables.workflows.values(data).map((workflow) => {
      const item = items.get(workflow._id);
      return {
        workflowId: workflow.workflowId,
        name: workflow.name,
        /** `external` for a code-first workflow synced from its app's bridge. */
        origin: workflow.origin,
        active: workflow.active,
        status: item?.status ?? workflow.status,
        tags: [...workflow.tags],
        lastTriggeredAt: workflow.lastTriggeredAt,
        steps: workflow.steps.map((step, index) => ({
          stepId: step.stepId,
          name: step.name,
          type: step.type,
          active: step.active,
          issues: structuredClone(item?.steps[index]?.issues ?? null),
        })),
      };
    }),
    integrations: engine.operations['integrations.list'](context)
      .filter((integration) => integration._environmentId === context.environment._id)
      .map((integration) => ({
        _id: integration._id,
        identifier: integration.identifier,
        name: integration.name,
        providerId: integration.providerId,
        channel: integration.channel,
        active: integration.active,
        primary: integration.primary,
        credentialNames: Object.keys(integration.credentials),
      })),
  };
}

const TASK_LABEL = /^(resume-delay|close-digest) ([0-9a-f]{24})$/;

function findNotification(engine: MockEngine, notificationId: string) {
  for (const environment of engine.environments) {
    const { data } = engine.scope(environment._id);
    const record: NotificationRecord | undefined = tables.notifications.get(data, notificationId);
    if (record) {
      const subscriberId = tables.subscribers.subscriberIdOf(data, record._subscriberId) ?? null;
      const workflow = tables.workflows.byObjectId(data, record._templateId);
      return { environment, record, subscriberId, workflowId: workflow?.workflowId ?? null };
    }
  }
  return undefined;
}

/**
 * The clock and the work waiting for it, soonest first: each delay or digest with when it fires
 * and the run it belongs to.
 */
export function clockState(engine: MockEngine) {
  return {
    now: engine.clock.iso(),
    epochMs: engine.clock.now(),
    pending: engine.clock.pending().map((task) => {
      const [, kind, notificationId] = TASK_LABEL.exec(task.label ?? '') ?? [];
      const found =
        notificationId === undefined ? undefined : findNotification(engine, notificationId);
      return {
        at: new Date(task.at).toISOString(),
        kind: kind ?? task.label ?? 'task',
        notificationId: notificationId ?? null,
        environment: found?.environment.name ?? null,
        transactionId: found?.record.transactionId ?? null,
        subscriberId: found?.subscriberId ?? null,
        workflowId: found?.workflowId ?? null,
      };
    }),
  };
}
