/**
 * A topic subscription's own workflow preferences (docs/behaviour/topics.md#subscription-preferences):
 * which workflows a subscriptions create's `preferences` match, the records stored on a new
 * subscription, how they are answered, and the fan-out check a trigger to the topic applies.
 *
 * @module
 */

import type { SubscriptionPreferenceInput } from '../../../src/schemas/topic';
import { conditionHolds } from '../policy/conditions';
import { isObjectId } from '../store/ids';
import type {
  EnvironmentData,
  SubscriptionPreferenceRecord,
  SubscriptionRecord,
  WorkflowRecord,
} from '../store/state';
import { tables } from '../store/tables';

/** A `preferences` item in the service's one shape: a group filter. */
interface PreferenceGroup {
  filter: { workflowIds?: string[] | undefined; tags?: string[] | undefined };
  enabled?: boolean | undefined;
  condition?: Record<string, unknown> | undefined;
}

/**
 * A subscription's preference for one workflow, as a subscriptions create answers it.
 *
 * @example
 * ```ts
 * const first: SubscriptionPreferenceDto | undefined = result.data[0]?.preferences?.[0];
 * ```
 */
export interface SubscriptionPreferenceDto {
  subscriptionId: string;
  workflow: {
    id: string;
    identifier: string;
    name: string;
    critical: boolean;
    tags: string[];
    severity: string;
  };
  enabled: boolean;
  condition?: Record<string, unknown>;
}

function toGroup(input: SubscriptionPreferenceInput): PreferenceGroup {
  if (typeof input === 'string') return { filter: { workflowIds: [input] } };
  if ('workflowId' in input) {
    return {
      filter: { workflowIds: [input.workflowId] },
      enabled: input.enabled,
      condition: input.condition,
    };
  }
  return input;
}

/**
 * The workflows a subscriptions create's `preferences` match, without repeats: by `_id`, then
 * by trigger identifier, then active workflows carrying one of the tags. Unknown ids and tags
 * are skipped (the service only logs them).
 */
export function matchedWorkflows(
  data: EnvironmentData,
  inputs: readonly SubscriptionPreferenceInput[],
): WorkflowRecord[] {
  const byId: WorkflowRecord[] = [];
  const byIdentifier: WorkflowRecord[] = [];
  const byTags: WorkflowRecord[] = [];
  for (const group of inputs.map(toGroup)) {
    for (const wanted of new Set(group.filter.workflowIds ?? [])) {
      if (isObjectId(wanted)) {
        const id = wanted.toLowerCase();
        byId.push(...tables.workflows.where(data, (workflow) => workflow._id === id));
      } else {
        byIdentifier.push(
          ...tables.workflows.where(data, (workflow) => workflow.workflowId === wanted),
        );
      }
    }
    const tags = group.filter.tags ?? [];
    if (tags.length > 0) {
      byTags.push(
        ...tables.workflows.where(
          data,
          (workflow) => workflow.active && workflow.tags.some((tag) => tags.includes(tag)),
        ),
      );
    }
  }
  return [...new Set([...byId, ...byIdentifier, ...byTags])];
}

/** The first group that names the workflow: by tag when it has tags, else by id or identifier. */
function groupFor(
  groups: readonly PreferenceGroup[],
  workflow: WorkflowRecord,
): PreferenceGroup | undefined {
  return groups.find((group) => {
    const { tags, workflowIds } = group.filter;
    if (tags !== undefined && tags.length > 0) {
      return tags.some((tag) => workflow.tags.includes(tag));
    }
    if (workflowIds !== undefined && workflowIds.length > 0) {
      return workflowIds.some((id) => id === workflow._id || id === workflow.workflowId);
    }
    return false;
  });
}

/**
 * One preference per matched workflow for a new subscription: `enabled` from the group that
 * names the workflow (`true` when it gives none), its `condition` when it has one.
 */
export function buildSubscriptionPreferences(
  inputs: readonly SubscriptionPreferenceInput[],
  workflows: readonly WorkflowRecord[],
): SubscriptionPreferenceRecord[] {
  const groups = inputs.map(toGroup);
  return workflows.map((workflow) => {
    const group = groupFor(groups, workflow);
    return {
      _templateId: workflow._id,
      enabled: group?.enabled ?? true,
      ...(group?.condition === undefined ? {} : { condition: structuredClone(group.condition) }),
    };
  });
}

/**
 * The subscription's stored preferences for the given workflows, as answered; `undefined` when
 * there are none (the answer then has no `preferences`).
 */
export function subscriptionPreferencesDto(
  subscription: SubscriptionRecord,
  workflows: readonly WorkflowRecord[],
): SubscriptionPreferenceDto[] | undefined {
  const answered: SubscriptionPreferenceDto[] = [];
  for (const preference of subscription.preferences ?? []) {
    const workflow = workflows.find((item) => item._id === preference._templateId);
    if (!workflow) continue;
    answered.push({
      subscriptionId: subscription._id,
      workflow: {
        id: workflow._id,
        identifier: workflow.workflowId,
        name: workflow.name,
        critical: workflow.critical,
        tags: [...workflow.tags],
        severity: workflow.severity,
      },
      enabled: preference.enabled,
      ...(preference.condition === undefined
        ? {}
        : { condition: structuredClone(preference.condition) }),
    });
  }
  return answered.length === 0 ? undefined : answered;
}

/**
 * Whether a trigger of the workflow to the subscription's topic reaches it: no preference for
 * the workflow lets it through; a `condition` must give exactly `true` over `{ payload }`;
 * otherwise `enabled` decides.
 */
export function subscriptionAdmits(
  subscription: SubscriptionRecord,
  workflowObjectId: string,
  payload: Record<string, unknown>,
): boolean {
  const preference = subscription.preferences?.find(
    (item) => item._templateId === workflowObjectId,
  );
  if (!preference) return true;
  if (preference.condition !== undefined) return conditionHolds(preference.condition, { payload });
  return preference.enabled;
}
