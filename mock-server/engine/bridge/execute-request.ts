/**
 * The body of a step's `action=execute` request, as the service's worker builds it: the
 * trigger's payload, the step's stored control values, the subscriber, and one `state` entry per
 * earlier job of the run in the shape the framework hydrates (`{ stepId, outputs, state }`).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type {
  JobRecord,
  NotificationRecord,
  PendingBridgeCallRecord,
  SubscriberRecord,
  WorkflowRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { workflowByObjectId } from '../store/workflow-index';
import type { BridgeCall } from './bridge-client';

/** Attempts of a step's execute: the service's default retries limit. */
export const EXECUTE_ATTEMPTS = 3;

/** The subscriber as the framework's event carries it. */
function subscriberOf(subscriber: SubscriberRecord): Record<string, unknown> {
  return {
    subscriberId: subscriber.subscriberId,
    firstName: subscriber.firstName ?? null,
    lastName: subscriber.lastName ?? null,
    email: subscriber.email ?? null,
    phone: subscriber.phone ?? null,
    avatar: subscriber.avatar ?? null,
    locale: subscriber.locale ?? null,
    data: subscriber.data ?? {},
  };
}

function inAppOutputs(scope: EngineScope, notification: NotificationRecord, job: JobRecord) {
  const messages = tables.messages.values(scope.data);
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?._jobId === job._id && message._notificationId === notification._id) {
      return {
        seen: message.seen,
        read: message.read,
        lastSeenDate: message.lastSeenDate ?? null,
        lastReadDate: message.lastReadDate ?? null,
      };
    }
  }
  return { seen: false, read: false, lastSeenDate: null, lastReadDate: null };
}

/** What an earlier job gives the later steps (the service's `getEventState` by job type). */
function outputsOf(
  scope: EngineScope,
  notification: NotificationRecord,
  job: JobRecord,
): Record<string, unknown> {
  switch (job.type) {
    case 'delay':
      return { duration: Math.max(0, scope.now() - Date.parse(job.createdAt)) };
    case 'digest':
      return {
        events: job.bridge?.events ?? [
          { id: job._id, time: job.createdAt, payload: notification.payload },
        ],
      };
    case 'custom':
      return job.bridge?.outputs ?? {};
    case 'in_app':
      return inAppOutputs(scope, notification, job);
    default:
      return {};
  }
}

/** The run's state before job `index`: one entry per earlier job. */
export function executeState(
  scope: EngineScope,
  notification: NotificationRecord,
  index: number,
): Record<string, unknown>[] {
  return notification.jobs.slice(0, index).map((job) => ({
    stepId: job.step.stepId,
    outputs: outputsOf(scope, notification, job),
    state: { status: job.status, ...(job.error === undefined ? {} : { error: job.error }) },
  }));
}

/** The trigger's payload as the bridge gets it: without the service's internal keys. */
function bridgePayload(payload: Record<string, unknown>): Record<string, unknown> {
  const { __source: _source, ...rest } = payload;
  return rest;
}

/** Where a pending call points: its run, job, workflow and subscriber, if all still exist. */
export interface BridgeCallTarget {
  notification: NotificationRecord;
  job: JobRecord;
  workflow: WorkflowRecord;
  subscriber: SubscriberRecord;
}

/** Finds what a pending call is for; `undefined` when the run, job, workflow or subscriber is gone. */
export function bridgeCallTarget(
  scope: EngineScope,
  record: PendingBridgeCallRecord,
): BridgeCallTarget | undefined {
  const notification = tables.notifications.get(scope.data, record.notificationId);
  const job = notification?.jobs[record.jobIndex];
  if (notification === undefined || job === undefined) return undefined;
  const workflow = workflowByObjectId(scope.data, notification._templateId);
  const subscriberId = tables.subscribers.subscriberIdOf(scope.data, notification._subscriberId);
  const subscriber =
    subscriberId === undefined ? undefined : tables.subscribers.get(scope.data, subscriberId);
  if (workflow === undefined || subscriber === undefined) return undefined;
  return { notification, job, workflow, subscriber };
}

/**
 * The execute call of a pending step, or `undefined` when the environment has no bridge URL.
 *
 * @example
 * ```ts
 * const call = executeCall(scope, target, record);
 * if (call) await callBridge(scope.bridge, call);
 * ```
 */
export function executeCall(
  scope: EngineScope,
  target: BridgeCallTarget,
  record: PendingBridgeCallRecord,
): BridgeCall | undefined {
  const bridgeUrl = scope.environment.bridgeUrl;
  if (bridgeUrl === undefined) return undefined;
  const { notification, job, workflow, subscriber } = target;
  const controls = structuredClone(job.step.controlValues);
  const payload = bridgePayload(notification.payload);
  return {
    bridgeUrl,
    action: 'execute',
    workflowId: workflow.workflowId,
    stepId: job.step.stepId,
    secretKey: scope.environment.apiKey,
    attempts: EXECUTE_ATTEMPTS,
    body: {
      workflowId: workflow.workflowId,
      stepId: job.step.stepId,
      action: 'execute',
      subscriber: subscriberOf(subscriber),
      payload,
      controls,
      state: executeState(scope, notification, record.jobIndex),
    },
  };
}
