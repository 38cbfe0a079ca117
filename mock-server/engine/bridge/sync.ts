/**
 * `POST /v1/bridge/sync` once the bridge was discovered (the service's `Sync` usecase): each
 * discovered workflow is upserted by its workflowId as an `external` workflow, a workflowId held
 * by a dashboard workflow is refused, the external workflows no longer discovered are removed, and
 * the bridge URL is kept on the environment (so a `svc-mock --data` restart keeps it).
 *
 * @module
 */

import { CHANNEL_TYPES } from '../../../src/schemas/common';
import { newWorkflowRecord, newWorkflowStep } from '../resources/workflow-record';
import { toWorkflowResponse, type WorkflowResponseDto } from '../resources/workflows';
import type { EngineScope } from '../scope';
import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import { workflowByWorkflowId } from '../store/workflow-index';
import { ServiceError } from '../wire/service-error';
import type { DiscoveredStep, DiscoveredWorkflow } from './discover';

/** The framework's channel keys in `preferences.channels` (`inApp`) → the service's (`in_app`). */
const CHANNEL_KEYS: Record<string, (typeof CHANNEL_TYPES)[number]> = {
  inApp: 'in_app',
  in_app: 'in_app',
  email: 'email',
  sms: 'sms',
  chat: 'chat',
  push: 'push',
};

const flag = (value: unknown, key: string, fallback: boolean): boolean => {
  const field =
    value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)[key]
      : undefined;
  return typeof field === 'boolean' ? field : fallback;
};

/** The service's `buildWorkflowPreferences`: the workflow's default preferences from discover. */
function workflowPreferences(discovered: Record<string, unknown>): Record<string, unknown> {
  const all = discovered['all'];
  const allEnabled = flag(all, 'enabled', true);
  const channels: Record<string, { enabled: boolean }> = Object.fromEntries(
    CHANNEL_TYPES.map((channel) => [channel, { enabled: allEnabled }]),
  );
  const given = discovered['channels'];
  if (given !== null && typeof given === 'object') {
    for (const [key, value] of Object.entries(given)) {
      const channel = CHANNEL_KEYS[key];
      if (channel !== undefined)
        channels[channel] = { enabled: flag(value, 'enabled', allEnabled) };
    }
  }
  return {
    user: null,
    default: { all: { enabled: allEnabled, readOnly: flag(all, 'readOnly', false) }, channels },
  };
}

function stepRecord(
  scope: EngineScope,
  step: DiscoveredStep,
  previous: WorkflowStepRecord | undefined,
): WorkflowStepRecord {
  return newWorkflowStep(scope, {
    _id: previous?._id,
    stepId: step.stepId,
    name: step.stepId,
    type: step.type,
    // Values stored for the step (dashboard edits) go to the bridge as `controls`.
    controlValues: structuredClone(previous?.controlValues ?? {}),
    shouldStopOnFail: step.failOnErrorEnabled,
    bridge: { controlSchema: step.controlSchema, outputSchema: step.outputSchema },
  });
}

function upsert(
  scope: EngineScope,
  discovered: DiscoveredWorkflow,
  existing: WorkflowRecord | undefined,
): WorkflowRecord {
  const at = scope.iso();
  const fields = {
    name: discovered.name,
    description: discovered.description,
    tags: [...discovered.tags],
    active: discovered.active,
    status: discovered.active ? ('ACTIVE' as const) : ('INACTIVE' as const),
    steps: discovered.steps.map((step) =>
      stepRecord(
        scope,
        step,
        existing?.steps.find((old) => old.stepId === step.stepId),
      ),
    ),
    payloadSchema: discovered.payloadSchema,
    severity: discovered.severity,
    preferences: workflowPreferences(discovered.preferences),
    updatedAt: at,
  };
  if (existing !== undefined) {
    tables.workflows.update(scope.data, existing, () => Object.assign(existing, fields));
    return existing;
  }
  const record = newWorkflowRecord(scope, {
    workflowId: discovered.workflowId,
    ...fields,
    origin: 'external',
    // The service's sync does not set it: a bad payload is accepted and fails at the bridge.
    validatePayload: false,
  });
  tables.workflows.push(scope.data, record);
  return record;
}

/**
 * Applies a discovery to the environment and answers the saved workflows, as the service's sync
 * does. All or nothing (the operation's journal): a refused workflowId registers nothing.
 *
 * @example
 * ```ts
 * const saved = applyBridgeSync(scope, 'http://localhost:4000/api/novu', readDiscover(answer));
 * ```
 */
export function applyBridgeSync(
  scope: EngineScope,
  bridgeUrl: string,
  discovered: readonly DiscoveredWorkflow[],
): WorkflowResponseDto[] {
  const { data } = scope;
  const existing = discovered.map((workflow) => workflowByWorkflowId(data, workflow.workflowId));
  existing.forEach((workflow, index) => {
    if (workflow !== undefined && workflow.origin !== 'external') {
      throw ServiceError.http(
        400,
        `Workflow ${(discovered[index] as DiscoveredWorkflow).workflowId} was already created in Dashboard. Please use another workflowId.`,
      );
    }
  });
  const saved = discovered.map((workflow, index) => upsert(scope, workflow, existing[index]));
  const kept = new Set(saved.map((workflow) => workflow._id));
  for (const workflow of [...tables.workflows.values(data)]) {
    if (workflow.origin === 'external' && !kept.has(workflow._id)) {
      tables.workflows.remove(data, workflow);
    }
  }
  tables.environments.setBridgeUrl(scope.state, scope.environment, bridgeUrl);
  return saved.map((workflow) => toWorkflowResponse(workflow, data));
}
