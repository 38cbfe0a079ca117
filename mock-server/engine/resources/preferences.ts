import type { EngineScope } from '../scope';
/**
 * Subscriber preferences: what is stored per subscriber (global and per workflow), how the levels
 * merge with the workflow's own preferences, and `GET`/`PATCH
 * /v2/subscribers/{subscriberId}/preferences` (docs/behaviour/subscribers.md#preferences). The
 * run reads {@link effectivePreference} to decide whether a channel step is sent.
 *
 * @module
 */

import { CHANNEL_TYPES, type ChannelType } from '../../../src/schemas/common';
import { PreferencesUpdateBody } from '../../../src/schemas/preference';
import { preferenceKey } from '../store/row-keys';
import type {
  EnvironmentData,
  PreferenceChannelsRecord,
  PreferenceScheduleRecord,
  SubscriberPreferenceRecord,
  SubscriberRecord,
  WorkflowRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { assertValidContext, contextKeysOf } from '../wire/context-keys';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { buildSlug } from './slug';
import { findSubscriber } from './subscribers';
import { findWorkflow } from './workflows';

/**
 * The level whose value decided a workflow's preference (the service's preference types).
 *
 * @example
 * ```ts
 * const level: PreferenceLevel = 'SUBSCRIBER_GLOBAL';
 * ```
 */
export type PreferenceLevel =
  | 'WORKFLOW_RESOURCE'
  | 'USER_WORKFLOW'
  | 'SUBSCRIBER_GLOBAL'
  | 'SUBSCRIBER_WORKFLOW';

/**
 * What applies to one subscriber for one workflow: each channel on or off, whether the workflow
 * is critical (read-only: subscriber levels ignored), and the last level that was merged.
 *
 * @example
 * ```ts
 * const applied: EffectivePreference = {
 *   channels: { in_app: true, email: false, sms: true, chat: true, push: true },
 *   readOnly: false,
 *   level: 'SUBSCRIBER_GLOBAL',
 *   subscriberWorkflow: undefined,
 * };
 * if (!applied.channels.email) console.log('email skipped by', applied.level);
 * ```
 */
export interface EffectivePreference {
  channels: Record<'in_app' | 'email' | 'sms' | 'chat' | 'push', boolean>;
  readOnly: boolean;
  level: PreferenceLevel;
  /** The subscriber's own preference for this workflow, when it set one. */
  subscriberWorkflow: SubscriberPreferenceRecord | undefined;
}

/** The `preferences` object of a workflow as stored: `{ user, default }`, each `{ all, channels }`. */
interface WorkflowPreferenceLevel {
  all?: { enabled?: unknown; readOnly?: unknown };
  channels?: Record<string, { enabled?: unknown } | undefined>;
}

function levelOf(value: unknown): WorkflowPreferenceLevel | undefined {
  return value !== null && typeof value === 'object'
    ? (value as WorkflowPreferenceLevel)
    : undefined;
}

function channelsOf(level: WorkflowPreferenceLevel): PreferenceChannelsRecord {
  const channels: PreferenceChannelsRecord = {};
  for (const channel of CHANNEL_TYPES) {
    const enabled = level.channels?.[channel]?.enabled;
    if (typeof enabled === 'boolean') channels[channel] = enabled;
  }
  return channels;
}

/**
 * The delivery schedule stored on the subscriber's global preference, if any (what the run
 * holds channel steps to, docs/behaviour/runs.md#delivery-schedule).
 */
export function storedSchedule(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  contextKeys: readonly string[] = [],
): PreferenceScheduleRecord | undefined {
  return findPreference(data, subscriber._id, null, contextKeys)?.schedule;
}

/**
 * The subscriber's preference (global, or for a workflow) in a context: the one stored for that
 * context, else the one stored without a context (docs/behaviour/subscribers.md#contexts).
 */
export function findPreference(
  data: EnvironmentData,
  subscriberObjectId: string,
  workflowObjectId: string | null,
  contextKeys: readonly string[] = [],
): SubscriberPreferenceRecord | undefined {
  const inContext =
    contextKeys.length === 0
      ? undefined
      : tables.preferences.get(
          data,
          preferenceKey(subscriberObjectId, workflowObjectId, contextKeys),
        );
  return (
    inContext ?? tables.preferences.get(data, preferenceKey(subscriberObjectId, workflowObjectId))
  );
}

/** Whether a workflow is critical: flagged `critical`, or its preferences are read-only. */
export function isCritical(workflow: WorkflowRecord): boolean {
  const resource = levelOf(workflow.preferences['default']);
  const user = levelOf(workflow.preferences['user']);
  return workflow.critical || resource?.all?.readOnly === true || user?.all?.readOnly === true;
}

/** How preferences and Inbox notifications show a workflow: ids, name, criticality, tags, severity. */
export interface WorkflowSummary {
  id: string;
  identifier: string;
  name: string;
  critical: boolean;
  tags: string[];
  severity: WorkflowRecord['severity'];
}

/**
 * A workflow as preferences and the Inbox show it.
 *
 * @example
 * ```ts
 * workflowSummary(workflow); // { id, identifier: 'welcome', name: 'Welcome', critical: false, ... }
 * ```
 */
export function workflowSummary(workflow: WorkflowRecord): WorkflowSummary {
  return {
    id: workflow._id,
    identifier: workflow.workflowId,
    name: workflow.name,
    critical: isCritical(workflow),
    tags: [...workflow.tags],
    severity: workflow.severity,
  };
}

/**
 * Merges the levels in the service's order (the workflow's defaults, the workflow's user
 * preferences, the subscriber's global one, the subscriber's one for the workflow), later levels
 * winning per channel; a critical workflow skips the subscriber's levels.
 */
export function effectivePreference(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  workflow: WorkflowRecord,
  contextKeys: readonly string[] = [],
): EffectivePreference {
  const channels = Object.fromEntries(CHANNEL_TYPES.map((channel) => [channel, true])) as Record<
    ChannelType,
    boolean
  >;
  let level: PreferenceLevel = 'WORKFLOW_RESOURCE';
  const resource = levelOf(workflow.preferences['default']);
  if (resource) Object.assign(channels, channelsOf(resource));
  const user = levelOf(workflow.preferences['user']);
  if (user) {
    Object.assign(channels, channelsOf(user));
    level = 'USER_WORKFLOW';
  }
  const readOnly = isCritical(workflow);
  const subscriberWorkflow = findPreference(data, subscriber._id, workflow._id, contextKeys);
  if (!readOnly) {
    const global = findPreference(data, subscriber._id, null, contextKeys);
    if (global) {
      Object.assign(channels, global.channels);
      level = 'SUBSCRIBER_GLOBAL';
    }
    if (subscriberWorkflow) {
      Object.assign(channels, subscriberWorkflow.channels);
      level = 'SUBSCRIBER_WORKFLOW';
    }
  }
  return { channels, readOnly, level, subscriberWorkflow };
}

/** The channel types of a workflow's active channel steps, in step order. */
export function activeChannels(workflow: WorkflowRecord): ChannelType[] {
  const found: ChannelType[] = [];
  for (const step of workflow.steps) {
    if (!step.active) continue;
    const type = step.type as ChannelType;
    if ((CHANNEL_TYPES as readonly string[]).includes(type) && !found.includes(type)) {
      found.push(type);
    }
  }
  return found;
}

/**
 * The wire answer of the preferences endpoints.
 *
 * @example
 * ```ts
 * const answer: SubscriberPreferencesDto = engine.operations['subscribers.preferences.list'](
 *   engine.scope('Development'),
 *   { params: { subscriberId: 'user-1' }, query: { criticality: 'all' } },
 * );
 * ```
 */
export interface SubscriberPreferencesDto {
  global: {
    enabled: boolean;
    channels: PreferenceChannelsRecord;
    schedule?: PreferenceScheduleRecord;
  };
  workflows: {
    enabled: boolean;
    channels: PreferenceChannelsRecord;
    overrides: { channel: ChannelType; source: 'subscriber' }[];
    workflow: { slug: string; identifier: string; name: string; updatedAt: string };
    updatedAt?: string;
  }[];
}

/**
 * Which workflows `GET` lists.
 *
 * @example
 * ```ts
 * const criticality: Criticality = 'nonCritical';
 * ```
 */
export type Criticality = 'critical' | 'nonCritical' | 'all';

/** The order the service lists a workflow's channels in. */
const LISTED_ORDER: readonly ChannelType[] = ['email', 'sms', 'in_app', 'chat', 'push'];

/**
 * What `GET /v2/subscribers/{subscriberId}/preferences` answers: the global channels (limited to
 * the channels the listed workflows use) and, for each active workflow of the criticality asked,
 * the channels that will apply.
 */
export function listPreferences(
  scope: EngineScope,
  subscriberId: string,
  criticality: Criticality = 'nonCritical',
  contextKeys: readonly string[] = [],
): SubscriberPreferencesDto {
  const { data } = scope;
  const subscriber = findSubscriber(data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber ${subscriberId} not found`);
  return preferencesOf(data, subscriber, criticality, contextKeys);
}

function preferencesOf(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  criticality: Criticality,
  contextKeys: readonly string[] = [],
): SubscriberPreferencesDto {
  const active = tables.workflows.where(data, (workflow) => workflow.active);
  const describe = (workflow: WorkflowRecord) => {
    const applied = effectivePreference(data, subscriber, workflow, contextKeys);
    const used = activeChannels(workflow);
    const channels: PreferenceChannelsRecord = {};
    for (const channel of LISTED_ORDER) {
      if (used.includes(channel)) channels[channel] = applied.channels[channel];
    }
    return {
      enabled: true,
      channels,
      overrides: CHANNEL_TYPES.filter((channel) => used.includes(channel)).map((channel) => ({
        channel,
        source: 'subscriber' as const,
      })),
      workflow: {
        slug: buildSlug(workflow.name, 'workflow', workflow._id),
        identifier: workflow.workflowId,
        name: workflow.name,
        updatedAt: workflow.updatedAt,
      },
      ...(applied.subscriberWorkflow === undefined
        ? {}
        : { updatedAt: applied.subscriberWorkflow.updatedAt }),
    };
  };
  const listed = (wanted: Criticality) =>
    active.filter(
      (workflow) => wanted === 'all' || (wanted === 'critical') === isCritical(workflow),
    );
  // The global level lists the channels of the non-critical workflows, whatever was asked.
  const globalChannelsUsed = new Set(listed('nonCritical').flatMap(activeChannels));
  const stored = findPreference(data, subscriber._id, null, contextKeys);
  const globalChannels: PreferenceChannelsRecord = {};
  for (const channel of LISTED_ORDER) {
    if (globalChannelsUsed.has(channel))
      globalChannels[channel] = stored?.channels[channel] ?? true;
  }
  return {
    global: {
      enabled: true,
      channels: globalChannels,
      ...(stored?.schedule === undefined ? {} : { schedule: structuredClone(stored.schedule) }),
    },
    workflows: listed(criticality).map(describe),
  };
}

/**
 * `PATCH /v2/subscribers/{subscriberId}/preferences` (docs/behaviour/subscribers.md#preferences):
 * sets the given channels on the subscriber's preference for `workflowId` (identifier or `_id`)
 * or, without it, on the global one (with the `schedule`); answers the `GET` of every
 * non-critical workflow.
 */
export function updatePreferences(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): SubscriberPreferencesDto {
  const { data } = scope;
  const input = validateBody(PreferencesUpdateBody, body);
  assertValidContext(body);
  const subscriber = findSubscriber(data, subscriberId);
  let workflow: WorkflowRecord | undefined;
  if (input.workflowId !== undefined) {
    workflow = findWorkflow(data, input.workflowId);
    if (!workflow) {
      throw ServiceError.http(404, 'Workflow cannot be found', { workflowId: input.workflowId });
    }
  }
  if (!subscriber) throw ServiceError.http(404, `Subscriber with id: ${subscriberId} is not found`);
  if (workflow && isCritical(workflow)) {
    throw ServiceError.http(400, `Critical workflow with id: ${workflow._id} can not be updated`);
  }
  const contextKeys = contextKeysOf(input.context);
  if (workflow === undefined) clearWorkflowChannels(scope, subscriber, input.channels ?? {});
  const record = setSubscriberChannels(
    scope,
    subscriber,
    workflow ?? null,
    input.channels ?? {},
    contextKeys,
  );
  if (workflow === undefined && input.schedule !== undefined) {
    record.schedule = structuredClone(input.schedule) as PreferenceScheduleRecord;
  }
  return preferencesOf(data, subscriber, 'nonCritical', contextKeys);
}

/**
 * A global update unsets the channels it names on each of the subscriber's workflow preferences
 * (the service's `deleteSubscriberWorkflowChannelPreferences`, in every context), so the workflows
 * follow the new global choice; the channels it does not name keep their workflow override.
 */
function clearWorkflowChannels(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  channels: Partial<Record<ChannelType, boolean | undefined>>,
): void {
  const named = CHANNEL_TYPES.filter((channel) => channels[channel] !== undefined);
  if (named.length === 0) return;
  const { data } = scope;
  for (const record of tables.preferences.values(data)) {
    if (record._subscriberId !== subscriber._id || record._templateId === null) continue;
    if (!named.some((channel) => record.channels[channel] !== undefined)) continue;
    tables.preferences.edit(data, record);
    for (const channel of named) delete record.channels[channel];
  }
}

/**
 * Sets the given channels (the others stay) on the subscriber's preference for a workflow, or
 * the global one for `null`, in a context (none by default), creating it when missing; answers
 * the record, now being edited.
 */
export function setSubscriberChannels(
  scope: EngineScope,
  subscriber: SubscriberRecord,
  workflow: WorkflowRecord | null,
  channels: Partial<Record<ChannelType, boolean | undefined>>,
  contextKeys: readonly string[] = [],
): SubscriberPreferenceRecord {
  const { data } = scope;
  const now = scope.iso();
  const key = preferenceKey(subscriber._id, workflow?._id ?? null, contextKeys);
  let record = tables.preferences.get(data, key);
  if (!record) {
    record = {
      _id: scope.ids.objectId(),
      _subscriberId: subscriber._id,
      _templateId: workflow?._id ?? null,
      channels: {},
      ...(contextKeys.length === 0 ? {} : { contextKeys: [...contextKeys] }),
      createdAt: now,
      updatedAt: now,
    };
    tables.preferences.set(data, key, record);
  } else tables.preferences.edit(data, record);
  for (const channel of CHANNEL_TYPES) {
    const value = channels[channel];
    if (value !== undefined) record.channels[channel] = value;
  }
  record.updatedAt = now;
  return record;
}
