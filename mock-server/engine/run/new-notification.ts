/**
 * One recipient's notification of a trigger: the record with its jobs, made and run at once when
 * the trigger reaches the recipient (inside the trigger, or in a later chunk of its fan-out:
 * run/fan-out.ts).
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import { isCritical } from '../resources/preferences';
import type { EngineScope } from '../scope';
import { EMPTY_LIST, EMPTY_OBJECT, sharedTags } from '../store/shared';
import type {
  JobRecord,
  NotificationRecord,
  SubscriberRecord,
  WorkflowRecord,
  WorkflowStepRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { runJobs } from './execution';

/**
 * A subscriber a trigger reaches, with how: the definition it was named with (`to`) or the
 * topics and subscriptions that reached it.
 *
 * @example
 * ```ts
 * const recipient: Recipient = { subscriber, to: { subscriberId: 'ada' }, topics: [], subscriptions: [] };
 * ```
 */
export interface Recipient {
  subscriber: SubscriberRecord;
  to: Record<string, unknown>;
  topics: { _topicId: string; topicKey: string }[];
  /** The identifiers of the topic subscriptions that reached the subscriber. */
  subscriptions: string[];
}

/**
 * What a trigger gives every notification it makes.
 *
 * @example
 * ```ts
 * const event: NotificationEvent = { transactionId: 'txn-1', payload: {}, overrides: {}, contextKeys: [] };
 * ```
 */
export interface NotificationEvent {
  transactionId: string;
  payload: JsonObject;
  overrides: JsonObject;
  actorId?: string | undefined;
  tenantId?: string | undefined;
  contextKeys: string[];
}

// A notification's channels, one array per workflow steps array (steps are replaced on a change,
// never changed in place), shared by the notifications of that workflow version.
const channelLists = new WeakMap<readonly WorkflowStepRecord[], string[]>();

function channelsOf(steps: readonly WorkflowStepRecord[]): string[] {
  let channels = channelLists.get(steps);
  if (channels === undefined) {
    channels = [...new Set(steps.filter((step) => step.active).map((step) => step.type))];
    channelLists.set(steps, channels);
  }
  return channels;
}

/** The notification with its optional fields in their places (after `contextKeys`, `overrides`). */
function withOptionalFields(
  fixed: NotificationRecord,
  subscriptions: string[],
  actorId: string | undefined,
  tenantId: string | undefined,
): NotificationRecord {
  const { controls, overrides, jobs, createdAt, updatedAt, ...head } = fixed;
  return {
    ...head,
    ...(subscriptions.length === 0 ? {} : { subscriptions }),
    controls,
    overrides,
    ...(actorId === undefined ? {} : { actorId }),
    ...(tenantId === undefined ? {} : { tenantId }),
    jobs,
    createdAt,
    updatedAt,
  };
}

/** Creates the notification of one recipient of a trigger (its jobs pending, not run yet). */
function createNotification(
  scope: EngineScope,
  workflow: WorkflowRecord,
  recipient: Recipient,
  event: NotificationEvent,
): NotificationRecord {
  const at = scope.iso();
  const activeSteps = workflow.steps.filter((step) => step.active);
  const severity = event.overrides['severity'];
  // One literal with every field in the object (a spread mid-literal leaves slack behind); the
  // optional fields, when there are any, go in their places by `withOptionalFields`.
  const fixed: NotificationRecord = {
    _id: scope.ids.objectId(),
    _environmentId: scope.environment._id,
    _organizationId: scope.environment._organizationId,
    _subscriberId: recipient.subscriber._id,
    _templateId: workflow._id,
    transactionId: event.transactionId,
    channels: channelsOf(workflow.steps),
    payload: event.payload,
    to: recipient.to,
    tags: sharedTags(workflow.tags),
    topics: recipient.topics.length === 0 ? EMPTY_LIST : recipient.topics,
    severity:
      severity === 'high' || severity === 'medium' || severity === 'low' || severity === 'none'
        ? severity
        : workflow.severity,
    // Read-only preferences make a workflow critical, as the service's preference merge reads them.
    critical: isCritical(workflow),
    contextKeys: event.contextKeys.length === 0 ? EMPTY_LIST : [...event.contextKeys],
    controls: EMPTY_OBJECT,
    overrides: event.overrides,
    jobs: [],
    createdAt: at,
    updatedAt: at,
  };
  const notification =
    recipient.subscriptions.length === 0 &&
    event.actorId === undefined &&
    event.tenantId === undefined
      ? fixed
      : withOptionalFields(fixed, recipient.subscriptions, event.actorId, event.tenantId);
  notification.jobs = activeSteps.map(
    (step): JobRecord => ({
      _id: scope.ids.objectId(),
      type: step.type,
      status: 'pending',
      // Stored steps are never changed in place (sync and seed replace them), so jobs share them.
      step,
      providerId: step.type === 'in_app' ? 'svc' : '',
      payload: event.payload,
      overrides: event.overrides,
      executionDetails: [],
      createdAt: at,
      updatedAt: at,
    }),
  );
  tables.notifications.push(scope.data, notification);
  return notification;
}

/**
 * Reaches one recipient: creates its notification and runs its jobs from the first step.
 *
 * @example
 * ```ts
 * deliverTo(scope, workflow, recipient, { transactionId, payload, overrides, contextKeys: [] });
 * ```
 */
export function deliverTo(
  scope: EngineScope,
  workflow: WorkflowRecord,
  recipient: Recipient,
  event: NotificationEvent,
): void {
  runJobs(scope, createNotification(scope, workflow, recipient, event), 0);
}
