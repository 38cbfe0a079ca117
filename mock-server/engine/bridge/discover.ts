/**
 * The discover answer of a bridge (`GET ?action=discover`), read into the parts a sync keeps.
 * Every field is checked and bounded: the answer comes from the network, and what is kept lives
 * in the engine's state (and its data directory).
 *
 * @module
 */

import { ServiceError } from '../wire/service-error';

/** The step types a bridge may declare that the engine runs. */
export const BRIDGE_STEP_TYPES = [
  'in_app',
  'email',
  'sms',
  'chat',
  'push',
  'digest',
  'delay',
  'throttle',
  'custom',
] as const;

/** A bridge step type the engine runs. */
export type BridgeStepType = (typeof BRIDGE_STEP_TYPES)[number];

/** Caps on a discover answer (a sync keeps what it discovers). */
export const DISCOVER_LIMITS = { workflows: 500, steps: 50, idLength: 128 } as const;

/** One discovered step, as a sync keeps it. */
export interface DiscoveredStep {
  stepId: string;
  type: BridgeStepType;
  controlSchema: Record<string, unknown> | null;
  outputSchema: Record<string, unknown> | null;
  failOnErrorEnabled: boolean;
}

/** One discovered workflow, as a sync keeps it. */
export interface DiscoveredWorkflow {
  workflowId: string;
  name: string;
  description: string;
  tags: string[];
  severity: 'high' | 'medium' | 'low' | 'none';
  active: boolean;
  payloadSchema: Record<string, unknown> | null;
  preferences: Record<string, unknown>;
  steps: DiscoveredStep[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SEVERITY = new Set(['high', 'medium', 'low', 'none']);

function invalid(reason: string): ServiceError {
  return ServiceError.http(400, `Invalid Bridge URL Response: ${reason}`);
}

function identifier(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '' || value.length > DISCOVER_LIMITS.idLength) {
    throw invalid(`${what} must be a string of 1 to ${DISCOVER_LIMITS.idLength} characters`);
  }
  return value;
}

const schemaOf = (holder: unknown): Record<string, unknown> | null =>
  isObject(holder) && isObject(holder['schema']) ? structuredClone(holder['schema']) : null;

function readStep(raw: unknown, workflowId: string): DiscoveredStep {
  if (!isObject(raw)) throw invalid(`a step of ${workflowId} is not an object`);
  const stepId = identifier(raw['stepId'], `a stepId of ${workflowId}`);
  const type = raw['type'];
  if (!(BRIDGE_STEP_TYPES as readonly unknown[]).includes(type)) {
    throw invalid(
      `step ${stepId} of ${workflowId} has type ${JSON.stringify(type)}, which the engine does not run (${BRIDGE_STEP_TYPES.join(', ')})`,
    );
  }
  const options = isObject(raw['options']) ? raw['options'] : {};
  return {
    stepId,
    type: type as BridgeStepType,
    controlSchema: schemaOf(raw['controls']),
    outputSchema: schemaOf(raw['outputs']),
    failOnErrorEnabled: options['failOnErrorEnabled'] === true,
  };
}

function readWorkflow(raw: unknown): DiscoveredWorkflow {
  if (!isObject(raw)) throw invalid('a workflow is not an object');
  const workflowId = identifier(raw['workflowId'], 'a workflowId');
  const rawSteps = Array.isArray(raw['steps']) ? raw['steps'] : [];
  if (rawSteps.length > DISCOVER_LIMITS.steps) {
    throw invalid(`${workflowId} has more than ${DISCOVER_LIMITS.steps} steps`);
  }
  const steps = rawSteps.map((step) => readStep(step, workflowId));
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.stepId)) throw invalid(`${workflowId} has two steps ${step.stepId}`);
    seen.add(step.stepId);
  }
  const tags = Array.isArray(raw['tags'])
    ? raw['tags'].filter((tag): tag is string => typeof tag === 'string').slice(0, 16)
    : [];
  const name = typeof raw['name'] === 'string' && raw['name'] !== '' ? raw['name'] : workflowId;
  return {
    workflowId,
    name: name.slice(0, 256),
    description: typeof raw['description'] === 'string' ? raw['description'].slice(0, 1024) : '',
    tags: tags.map((tag) => tag.slice(0, 64)),
    severity: SEVERITY.has(raw['severity'] as string)
      ? (raw['severity'] as DiscoveredWorkflow['severity'])
      : 'none',
    active: raw['active'] !== false,
    payloadSchema: schemaOf(raw['payload']),
    preferences: isObject(raw['preferences']) ? raw['preferences'] : {},
    steps,
  };
}

/**
 * Reads a discover answer: `{ workflows: [...] }` with unique workflowIds, each step of a type the
 * engine runs. Anything else is the service's 400 for an invalid bridge response.
 *
 * @example
 * ```ts
 * const workflows = readDiscover({ workflows: [{ workflowId: 'welcome', steps: [] }] });
 * ```
 */
export function readDiscover(body: unknown): DiscoveredWorkflow[] {
  if (!isObject(body) || !Array.isArray(body['workflows'])) {
    throw invalid('it has no workflows list');
  }
  if (body['workflows'].length > DISCOVER_LIMITS.workflows) {
    throw invalid(`more than ${DISCOVER_LIMITS.workflows} workflows`);
  }
  const workflows = body['workflows'].map(readWorkflow);
  const seen = new Set<string>();
  for (const workflow of workflows) {
    if (seen.has(workflow.workflowId)) throw invalid(`two workflows ${workflow.workflowId}`);
    seen.add(workflow.workflowId);
  }
  return workflows;
}
