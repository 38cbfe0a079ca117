import type { EngineScope } from '../scope';
/**
 * Notifications (triggered events): the Activity shape, `GET /v1/notifications/{id}` (docs/behaviour/notifications.md#retrieve) and
 * the newest-first page list `GET /v1/notifications` (docs/behaviour/notifications.md#list).
 *
 * @module
 */

import { isObjectId } from '../store/ids';
import {
  type EnvironmentData,
  executionDetail,
  type JobRecord,
  type NotificationRecord,
  type SubscriberRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { workflowByObjectId } from '../store/workflow-index';
import type { NotificationSearch } from '../wire/notification-query';
import { ServiceError } from '../wire/service-error';
import { subscriberByObjectId } from './subscribers';

/**
 * A notification in the wire shape (the spec's Activity notification).
 *
 * @example
 * ```ts
 * const activity: ActivityDto = engine.operations['notifications.retrieve'](engine.scope('Development'), {
 *   params: { notificationId },
 * });
 * activity.jobs.map((job) => job.status);
 * ```
 */
export type ActivityDto = ReturnType<typeof toActivityDto>;

/**
 * A page of `GET /v1/notifications`.
 *
 * @example
 * ```ts
 * const page: ActivityPage = engine.operations['notifications.list'](engine.scope('Development'), {
 *   query: { page: 0, limit: 10 },
 * });
 * page.hasMore;
 * ```
 */
export interface ActivityPage {
  page: number;
  hasMore: boolean;
  pageSize: number;
  data: ActivityDto[];
}

/** The fields that hold a value (the service leaves empty ones out of the activity). */
const present = <T extends object>(value: T) =>
  // `Object.fromEntries` answers a string-keyed record: the cast restores the keys it kept.
  Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as { [K in keyof T]?: NonNullable<T[K]> };

function jobDto(job: JobRecord, templateId: string) {
  const { step } = job;
  return {
    _id: job._id,
    type: job.type,
    status: job.status,
    providerId: job.providerId,
    ...(job.digest === undefined ? {} : { digest: structuredClone(job.digest) }),
    payload: structuredClone(job.payload),
    overrides: structuredClone(job.overrides),
    step: {
      _id: step._id,
      _templateId: templateId,
      stepId: step.stepId,
      name: step.name,
      type: step.type,
      active: step.active,
      shouldStopOnFail: step.shouldStopOnFail,
      filters: structuredClone(step.filters),
      controlVariables: structuredClone(step.controlValues),
      ...(step.metadata === undefined ? {} : { metadata: structuredClone(step.metadata) }),
    },
    updatedAt: job.updatedAt,
    executionDetails: job.executionDetails.map(executionDetail),
  };
}

/**
 * A stored notification in the wire shape, with its subscriber, workflow and jobs (oldest
 * first, execution details oldest first).
 */
export function toActivityDto(data: EnvironmentData, record: NotificationRecord) {
  const subscriber: SubscriberRecord | undefined = subscriberByObjectId(data, record._subscriberId);
  const workflow = workflowByObjectId(data, record._templateId);
  return {
    _id: record._id,
    _environmentId: record._environmentId,
    _organizationId: record._organizationId,
    _subscriberId: record._subscriberId,
    _templateId: record._templateId,
    ...(record._digestedNotificationId === undefined
      ? {}
      : { _digestedNotificationId: record._digestedNotificationId }),
    transactionId: record.transactionId,
    channels: [...record.channels],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(subscriber === undefined
      ? {}
      : {
          subscriber: {
            _id: subscriber._id,
            subscriberId: subscriber.subscriberId,
            ...present({
              email: subscriber.email,
              firstName: subscriber.firstName,
              lastName: subscriber.lastName,
              phone: subscriber.phone,
            }),
          },
        }),
    ...(workflow === undefined
      ? {}
      : {
          template: {
            _id: workflow._id,
            name: workflow.name,
            origin: workflow.origin,
            triggers: [
              {
                type: 'event',
                identifier: workflow.workflowId,
                variables: [],
                subscriberVariables: [],
              },
            ],
          },
        }),
    jobs: record.jobs.map((job) => jobDto(job, record._templateId)),
    payload: structuredClone(record.payload),
    to: structuredClone(record.to),
    controls: structuredClone(record.controls),
    tags: [...record.tags],
    topics: record.topics.map((topic) => ({ ...topic })),
    severity: record.severity,
    critical: record.critical,
    contextKeys: [...record.contextKeys],
  };
}

/**
 * `GET /v1/notifications/{notificationId}` (docs/behaviour/notifications.md#retrieve): 422 for a malformed id, 404 when unknown.
 */
export function retrieveNotification(scope: EngineScope, notificationId: string): ActivityDto {
  const { data } = scope;
  if (!isObjectId(notificationId)) {
    throw ServiceError.commandValidation('GetActivityCommand', {
      notificationId: { messages: ['notificationId must be a mongodb id'], value: notificationId },
    });
  }
  const record = tables.notifications.get(data, notificationId.toLowerCase());
  if (!record) throw ServiceError.http(404, 'Notification not found');
  return toActivityDto(data, record);
}

/** The notification's context keys are exactly `wanted` (order does not matter). */
function sameKeys(keys: readonly string[], wanted: ReadonlySet<string>): boolean {
  const own = new Set(keys);
  return own.size === wanted.size && [...own].every((key) => wanted.has(key));
}

/** The subscriber `_id`s the `emails` / `subscriberIds` / `search` filters allow. */
function allowedSubscribers(data: EnvironmentData, search: NotificationSearch) {
  if (search.emails === undefined && search.subscriberIds === undefined && !search.search) {
    return undefined;
  }
  const ids = new Set(search.subscriberIds ?? []);
  const emails = new Set(search.emails ?? []);
  const text = search.search?.toLowerCase();
  const allowed = new Set<string>();
  for (const subscriber of tables.subscribers.values(data)) {
    const email = subscriber.email ?? undefined;
    if (
      ids.has(subscriber.subscriberId) ||
      (email !== undefined && emails.has(email)) ||
      (text !== undefined &&
        text !== '' &&
        (subscriber.subscriberId === search.search || email?.toLowerCase().includes(text)))
    ) {
      allowed.add(subscriber._id);
    }
  }
  return allowed;
}

/**
 * `GET /v1/notifications` (docs/behaviour/notifications.md#list): filters, newest first, `skip = page × limit`, and `hasMore`
 * as the service computes it (the page is full).
 */
export function listNotifications(scope: EngineScope, search: NotificationSearch): ActivityPage {
  const { data } = scope;
  const subscribers = allowedSubscribers(data, search);
  if (subscribers !== undefined && subscribers.size === 0) {
    return { page: 0, hasMore: false, pageSize: search.limit, data: [] };
  }
  const channels = search.channels;
  const templates = search.templates === undefined ? undefined : new Set(search.templates);
  const severity = search.severity === undefined ? undefined : new Set(search.severity);
  const transactionIds =
    search.transactionIds === undefined ? undefined : new Set(search.transactionIds);
  const contextKeys = search.contextKeys === undefined ? undefined : new Set(search.contextKeys);
  const matches = (record: NotificationRecord): boolean => {
    if (subscribers !== undefined && !subscribers.has(record._subscriberId)) return false;
    if (channels !== undefined && !channels.some((channel) => record.channels.includes(channel))) {
      return false;
    }
    if (templates !== undefined && !templates.has(record._templateId)) return false;
    if (severity !== undefined && !severity.has(record.severity ?? 'none')) return false;
    if (transactionIds !== undefined && !transactionIds.has(record.transactionId)) return false;
    if (
      search.topicKey !== undefined &&
      !record.topics.some((topic) => topic.topicKey === search.topicKey)
    ) {
      return false;
    }
    if (
      search.subscriptionId !== undefined &&
      !(record.subscriptions ?? []).includes(search.subscriptionId)
    ) {
      return false;
    }
    if (contextKeys !== undefined && !sameKeys(record.contextKeys, contextKeys)) return false;
    return true;
  };
  const { before, after } = search;
  // Stored in creation order: walking from the end is newest first and stops at a full page, or
  // at the first notification older than `after`.
  const { rows: found } = tables.notifications.page(data, {
    lastFirst: true,
    offset: search.page * search.limit,
    limit: search.limit,
    fullPageMeansMore: true,
    until:
      after === undefined
        ? undefined
        : (record) => {
            const createdAt = Date.parse(record.createdAt);
            return (before === undefined || createdAt <= before) && createdAt < after;
          },
    match: (record) =>
      (before === undefined || Date.parse(record.createdAt) <= before) && matches(record),
  });
  return {
    page: search.page,
    hasMore: found.length === search.limit,
    pageSize: search.limit,
    data: found.map((record) => toActivityDto(data, record)),
  };
}
