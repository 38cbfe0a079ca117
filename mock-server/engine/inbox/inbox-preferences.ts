/**
 * The Inbox's preferences: the subscriber's global level and one per workflow, read and changed
 * through the same stored preferences as `/v2/subscribers/{id}/preferences`, so a switch in the
 * Inbox stops the next delivery and shows in the admin API.
 *
 * @module
 */

import { CHANNEL_TYPES, type ChannelType } from '../../../src/schemas/common';
import { SEVERITIES, type Severity } from '../../../src/schemas/workflow-common';
import {
  effectivePreference,
  isCritical,
  storedSchedule,
  updatePreferences,
  workflowSummary,
} from '../resources/preferences';
import type { SubscriptionPreferenceDto } from '../resources/subscription-preferences';
import { findWorkflow } from '../resources/workflows';
import type { EngineScope } from '../scope';
import type {
  EnvironmentData,
  PreferenceChannelsRecord,
  PreferenceScheduleRecord,
  SubscriberRecord,
  WorkflowRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { updateInboxSubscriptionPreference } from './inbox-topics';
import type { InboxWorkflow } from './notification-shapes';

/**
 * A preference as the Inbox reads it: the global level, or one workflow's.
 *
 * @example
 * ```ts
 * const global: InboxPreference = { level: 'global', enabled: true, channels: { in_app: true, email: false } };
 * ```
 */
export interface InboxPreference {
  level: 'global' | 'template';
  enabled: boolean;
  channels: PreferenceChannelsRecord;
  overrides?: { channel: ChannelType; source: 'subscriber' }[];
  workflow?: InboxWorkflow;
  schedule?: PreferenceScheduleRecord;
}

/** Most workflows one bulk update may change (the service's DTO). */
export const MAX_BULK_PREFERENCES = 100;

function usedChannels(workflow: WorkflowRecord): ChannelType[] {
  return CHANNEL_TYPES.filter((channel) =>
    workflow.steps.some((step) => step.active && step.type === channel),
  );
}

function workflowPreference(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  workflow: WorkflowRecord,
): InboxPreference {
  const applied = effectivePreference(data, subscriber, workflow);
  const channels: PreferenceChannelsRecord = {};
  for (const channel of usedChannels(workflow)) channels[channel] = applied.channels[channel];
  return {
    level: 'template',
    enabled: true,
    channels,
    overrides: [],
    workflow: workflowSummary(workflow),
  };
}

function globalPreference(data: EnvironmentData, subscriber: SubscriberRecord): InboxPreference {
  const stored = tables.preferences.get(data, subscriber._id);
  const used = new Set(
    tables.workflows
      .values(data)
      .filter((workflow) => workflow.active && !isCritical(workflow))
      .flatMap(usedChannels),
  );
  const channels: PreferenceChannelsRecord = {};
  for (const channel of CHANNEL_TYPES) {
    if (used.has(channel)) channels[channel] = stored?.channels[channel] ?? true;
  }
  const schedule = storedSchedule(data, subscriber);
  return {
    level: 'global',
    enabled: true,
    channels,
    ...(schedule === undefined ? {} : { schedule: structuredClone(schedule) }),
  };
}

/**
 * `GET /v1/inbox/preferences`: the global level, then each active workflow the query selects
 * (`tags[]`: any of them; `severity[]`; `criticality`: `nonCritical` by default, `critical`,
 * `all`).
 */
export function listInboxPreferences(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  query: URLSearchParams,
): InboxPreference[] {
  const tags = query.getAll('tags[]').concat(query.getAll('tags'));
  const severity = query.getAll('severity[]').concat(query.getAll('severity'));
  if (severity.some((value) => !(SEVERITIES as readonly string[]).includes(value))) {
    throw ServiceError.dtoValidation([
      `each value in severity must be one of the following values: ${SEVERITIES.join(', ')}`,
    ]);
  }
  const criticality = query.get('criticality') ?? 'nonCritical';
  if (!['critical', 'nonCritical', 'all'].includes(criticality)) {
    throw ServiceError.dtoValidation([
      'criticality must be one of the following values: critical, nonCritical, all',
    ]);
  }
  const { data } = scope;
  const workflows = tables.workflows.where(
    data,
    (workflow) =>
      workflow.active &&
      (criticality === 'all' || (criticality === 'critical') === isCritical(workflow)) &&
      (tags.length === 0 || workflow.tags.some((tag) => tags.includes(tag))) &&
      (severity.length === 0 || severity.includes(workflow.severity as Severity)),
  );
  return [
    globalPreference(data, subscriber),
    ...workflows.map((workflow) => workflowPreference(data, subscriber, workflow)),
  ];
}

/** `GET /v1/inbox/preferences/global`. */
export function globalInboxPreference(
  scope: EngineScope,
  subscriber: SubscriberRecord,
): InboxPreference {
  return globalPreference(scope.data, subscriber);
}

function channelsOf(body: Record<string, unknown>): PreferenceChannelsRecord {
  const channels: PreferenceChannelsRecord = {};
  for (const channel of CHANNEL_TYPES) {
    const value = body[channel];
    if (value === undefined) continue;
    if (typeof value !== 'boolean')
      throw ServiceError.dtoValidation([`${channel} must be a boolean value`]);
    channels[channel] = value;
  }
  return channels;
}

/**
 * `PATCH /v1/inbox/preferences` (no `workflowId`: the global level, with `schedule`) and
 * `PATCH /v1/inbox/preferences/{workflowId}`: sets the given channels through the admin API's
 * rules (404 `Workflow cannot be found`, 400 for a critical workflow). With `onlyWhenUnset`
 * (a session's `defaultSchedule`) a schedule the subscriber already has is kept.
 */
export function updateInboxPreferences(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  workflowId: string | undefined,
  body: unknown,
  options: { onlyWhenUnset?: boolean } = {},
): InboxPreference {
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw ServiceError.dtoValidation(['The body must be an object']);
  }
  const input = (body ?? {}) as Record<string, unknown>;
  const channels = channelsOf(input);
  const schedule =
    workflowId === undefined &&
    input['schedule'] !== undefined &&
    !(options.onlyWhenUnset && storedSchedule(scope.data, subscriber) !== undefined)
      ? input['schedule']
      : undefined;
  updatePreferences(scope, subscriber.subscriberId, {
    ...(workflowId === undefined ? {} : { workflowId }),
    channels,
    ...(schedule === undefined ? {} : { schedule }),
  });
  if (workflowId === undefined) return globalPreference(scope.data, subscriber);
  const workflow = findWorkflow(scope.data, workflowId) as WorkflowRecord;
  return workflowPreference(scope.data, subscriber, workflow);
}

/**
 * `PATCH /v1/inbox/preferences/bulk`: `{ preferences: [{ workflowId, ...channels }] }`, all or
 * nothing; an entry with a `subscriptionIdentifier` sets that topic subscription's preference
 * for the workflow instead (what the client's subscription bulk update sends).
 */
export function bulkUpdateInboxPreferences(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  body: unknown,
): (InboxPreference | SubscriptionPreferenceDto)[] {
  const list =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['preferences']
      : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    throw ServiceError.dtoValidation(['preferences should not be empty']);
  }
  if (list.length > MAX_BULK_PREFERENCES) {
    throw ServiceError.dtoValidation([
      `preferences must contain no more than ${MAX_BULK_PREFERENCES} elements`,
    ]);
  }
  return list.map((entry) => {
    const item =
      entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const { workflowId, subscriptionIdentifier, ...rest } = item;
    if (typeof workflowId !== 'string' || workflowId === '') {
      throw ServiceError.dtoValidation(['preferences.workflowId should not be empty']);
    }
    if (typeof subscriptionIdentifier === 'string') {
      return updateInboxSubscriptionPreference(
        scope,
        subscriber,
        subscriptionIdentifier,
        workflowId,
        rest,
      );
    }
    return updateInboxPreferences(scope, subscriber, workflowId, rest);
  });
}
