/**
 * The preference check of a channel step (docs/behaviour/runs.md#preferences): the merged
 * preference of the subscriber for the workflow decides whether the step's channel is sent, and
 * names the level that turned it off in the execution detail.
 *
 * @module
 */

import { CHANNEL_TYPES, type ChannelType } from '../../../src/schemas/common';
import { effectivePreference, type PreferenceLevel } from '../resources/preferences';
import type { EnvironmentData, SubscriberRecord, WorkflowRecord } from '../store/state';
import { DETAILS, type DetailText } from './detail-texts';

/** What the preference check decided for one step. */
export type PreferenceVerdict =
  | { send: true }
  | { send: false; detail: DetailText; raw: Record<string, unknown> };

const DETAIL_OF_LEVEL: Record<PreferenceLevel, DetailText> = {
  WORKFLOW_RESOURCE: DETAILS.stepFilteredByWorkflowPreferences,
  USER_WORKFLOW: DETAILS.stepFilteredByWorkflowPreferences,
  SUBSCRIBER_GLOBAL: DETAILS.stepFilteredBySubscriberGlobalPreferences,
  SUBSCRIBER_WORKFLOW: DETAILS.stepFilteredBySubscriberWorkflowPreferences,
};

/**
 * Judges a step against the subscriber's preferences in the trigger's context: steps that are
 * not channel steps always run; a channel step runs when its channel is on in the merged
 * preference (critical workflows ignore the subscriber's levels).
 */
export function judgePreferences(
  data: EnvironmentData,
  subscriber: SubscriberRecord,
  workflow: WorkflowRecord,
  stepType: string,
  contextKeys: readonly string[] = [],
): PreferenceVerdict {
  if (!(CHANNEL_TYPES as readonly string[]).includes(stepType)) return { send: true };
  const applied = effectivePreference(data, subscriber, workflow, contextKeys);
  if (applied.channels[stepType as ChannelType]) return { send: true };
  const used = new Set(
    workflow.steps.filter((step) => step.active).map((step) => step.type as string),
  );
  const channels = Object.fromEntries(
    CHANNEL_TYPES.filter((channel) => used.has(channel)).map((channel) => [
      channel,
      applied.channels[channel],
    ]),
  );
  return {
    send: false,
    detail: DETAIL_OF_LEVEL[applied.level],
    raw: {
      enabled: true,
      channels,
      overrides: Object.keys(channels).map((channel) => ({ channel, source: 'subscriber' })),
    },
  };
}
