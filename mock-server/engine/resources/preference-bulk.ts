/**
 * `PATCH /v2/subscribers/{subscriberId}/preferences/bulk` (docs/behaviour/subscribers.md#bulk-preferences):
 * one subscriber's channels for up to 100 workflows in one call, each answered as the service's
 * Inbox preference of that workflow.
 *
 * @module
 */

import type { ChannelType } from '../../../src/schemas/common';
import {
  type BulkPreferenceItem,
  BulkPreferencesUpdateBody,
} from '../../../src/schemas/preference-bulk';
import type { EngineScope } from '../scope';
import { storedObjectId } from '../store/ids';
import type { PreferenceChannelsRecord, WorkflowRecord } from '../store/state';
import { workflowByObjectId, workflowByWorkflowId } from '../store/workflow-index';
import { assertValidContext, contextKeysOf } from '../wire/context-keys';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import {
  activeChannels,
  effectivePreference,
  isCritical,
  setSubscriberChannels,
  workflowSummary,
} from './preferences';
import { parseSlugId } from './slug';
import { findSubscriber } from './subscribers';

/** The order the service lists a preference's channels in. */
const LISTED_ORDER: readonly ChannelType[] = ['email', 'sms', 'in_app', 'chat', 'push'];

/**
 * One workflow's preference as the bulk update answers it (the service's Inbox preference).
 *
 * @example
 * ```ts
 * const [first]: WorkflowPreferenceDto[] = engine.operations['subscribers.preferences.bulkUpdate'](
 *   engine.scope('Development'),
 *   { params: { subscriberId: 'user-1' }, body: { preferences: [{ workflowId: 'welcome', channels: { email: false } }] } },
 * );
 * ```
 */
export interface WorkflowPreferenceDto {
  level: 'template';
  enabled: boolean;
  channels: PreferenceChannelsRecord;
  workflow: {
    id: string;
    identifier: string;
    name: string;
    critical: boolean;
    tags: string[];
    severity: string;
  };
}

/** The id a bulk item names after the service's slug parsing: an `_id`, else an identifier. */
function parsedId(value: string): string {
  const parsed = parseSlugId(value);
  return 'objectId' in parsed ? parsed.objectId : parsed.identifier;
}

/**
 * Checks in the service's order (subscriber, an empty list, workflows that do not exist, critical
 * workflows), then sets each workflow's given channels on the subscriber's preference for it; a
 * workflow named twice is updated once, with the last item naming it, at its first place.
 */
export function bulkUpdatePreferences(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): WorkflowPreferenceDto[] {
  const input = validateBody(BulkPreferencesUpdateBody, body);
  assertValidContext(body);
  const { data } = scope;
  const subscriber = findSubscriber(data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber with id: ${subscriberId} is not found`);
  if (input.preferences.length === 0) {
    throw ServiceError.http(400, 'No preferences provided for bulk update');
  }
  const ids = input.preferences.map((item) => parsedId(item.workflowId));
  const found = new Map<string, WorkflowRecord>();
  for (const id of ids) {
    const objectId = storedObjectId(id);
    const workflow =
      objectId === undefined ? workflowByWorkflowId(data, id) : workflowByObjectId(data, objectId);
    if (workflow) found.set(id, workflow);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw ServiceError.http(404, `Workflows with ids: ${missing.join(', ')} not found`);
  }
  const critical = [...new Set(found.values())].filter(isCritical).map((workflow) => workflow._id);
  if (critical.length > 0) {
    throw ServiceError.http(
      400,
      `Critical workflows with ids: ${critical.join(', ')} cannot be updated`,
    );
  }
  const updates = new Map<WorkflowRecord, BulkPreferenceItem['channels']>();
  input.preferences.forEach((item, index) => {
    const workflow = found.get(ids[index] ?? '');
    if (workflow) updates.set(workflow, item.channels);
  });
  const contextKeys = contextKeysOf(input.context);
  return [...updates].map(([workflow, channels]) => {
    setSubscriberChannels(scope, subscriber, workflow, channels, contextKeys);
    const applied = effectivePreference(data, subscriber, workflow, contextKeys);
    const used = activeChannels(workflow);
    const listed: PreferenceChannelsRecord = {};
    for (const channel of LISTED_ORDER) {
      if (used.includes(channel)) listed[channel] = applied.channels[channel];
    }
    return {
      level: 'template' as const,
      enabled: true,
      channels: listed,
      workflow: workflowSummary(workflow),
    };
  });
}
