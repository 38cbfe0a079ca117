/**
 * The variables a step preview renders with (`previewPayloadExample`), made as the service's
 * preview makes them (docs/behaviour/workflows.md#preview): the variables the controls use, the
 * workflow's payload schema for a code-first workflow, the example subscriber, example results
 * of the earlier steps, and on top what the caller gave.
 *
 * @module
 */

import { payloadExample } from '../resources/workflow-controls';
import type { WorkflowRecord } from '../store/state';

/** How many events an example digest result holds (the service's `DEFAULT_DIGEST_EVENTS_COUNT`). */
export const EXAMPLE_DIGEST_EVENTS = 3;

/** The subscriber a preview renders for, under what the caller gives. */
export const EXAMPLE_SUBSCRIBER: Readonly<Record<string, unknown>> = Object.freeze({
  firstName: 'John',
  lastName: 'Doe',
  email: 'user@example.com',
  phone: '+1234567890',
  avatar: 'https://example.com/avatar.png',
  locale: 'en_US',
  timezone: 'America/New_York',
  data: {},
});

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A deep copy of `target` with `source` merged in: objects key by key, anything else replaced. */
export function deepMerge(target: Json, source: Json): Json {
  const out: Json = structuredClone(target);
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] =
      isObject(current) && isObject(value) ? deepMerge(current, value) : structuredClone(value);
  }
  return out;
}

/**
 * The service's `mergeCommonObjectKeys`: every key of both, the caller's (`given`) value where
 * both hold a value that is no object, the made-up (`made`) one where either is an object and the
 * other is not.
 */
export function mergeCommonKeys(given: Json, made: Json): Json {
  const out: Json = structuredClone(made);
  for (const [key, value] of Object.entries(given)) {
    const current = out[key];
    if (current === undefined) out[key] = structuredClone(value);
    else if (isObject(current) && isObject(value)) out[key] = mergeCommonKeys(value, current);
    else if (!isObject(current) && !isObject(value)) out[key] = structuredClone(value);
  }
  return out;
}

/** An example result of an earlier step, as the service mocks it from the step type. */
function exampleResult(workflow: WorkflowRecord, type: string, now: number): Json {
  if (type === 'digest') {
    const payload = payloadExample(workflow.payloadSchema) ?? {};
    const day = new Date(now - 86_400_000);
    day.setUTCHours(12, 0, 0, 0);
    return {
      events: Array.from({ length: EXAMPLE_DIGEST_EVENTS }, (_, index) => ({
        id: `example-id-${index + 1}`,
        time: new Date(day.getTime() - index * 300_000).toISOString(),
        payload: structuredClone(payload),
      })),
    };
  }
  if (type === 'in_app')
    return { seen: false, read: false, lastSeenDate: null, lastReadDate: null };
  if (type === 'delay') return { duration: 0 };
  return {};
}

/** What {@link previewPayloadExample} reads. */
export interface PreviewPayloadInput {
  workflow: WorkflowRecord;
  stepIndex: number;
  /** The variables object of the controls (variables-object.ts). */
  variables: Json;
  /** The caller's `previewPayload`. */
  given: Json | undefined;
  /** The engine clock (epoch ms): example digest events happened the day before. */
  now: number;
}

/**
 * The preview's variables: for a code-first workflow with a payload schema, the variables object,
 * the schema's example payload and the caller's values merged; otherwise the caller's values
 * over the variables object (common keys). The subscriber is the example subscriber under the
 * caller's; `steps` holds an example result per earlier step, then the controls' and the
 * caller's (the caller's entry wins whole).
 */
export function previewPayloadExample(input: PreviewPayloadInput): Json {
  const { workflow, variables, now } = input;
  const given = input.given ?? {};
  const hasGiven = Object.keys(given).length > 0;
  let merged: Json;
  if (workflow.origin === 'external' && workflow.payloadSchema) {
    const schemaExample = { payload: payloadExample(workflow.payloadSchema) ?? {} };
    merged = deepMerge(deepMerge(variables, schemaExample), given);
  } else {
    merged = hasGiven ? mergeCommonKeys(given, variables) : structuredClone(variables);
  }
  merged['subscriber'] = deepMerge(
    { ...EXAMPLE_SUBSCRIBER, data: {} },
    isObject(given['subscriber']) ? given['subscriber'] : {},
  );
  const steps: Json = {};
  for (const step of workflow.steps.slice(0, input.stepIndex)) {
    steps[step.stepId] = exampleResult(workflow, step.type, now);
  }
  const fromControls = isObject(variables['steps']) ? variables['steps'] : {};
  const fromCaller = isObject(given['steps']) ? given['steps'] : {};
  merged['steps'] = { ...deepMerge(steps, fromControls), ...structuredClone(fromCaller) };
  return merged;
}

/** The JSON Schema of the preview variables of a workflow with a payload schema, else `null`. */
export function previewSchema(workflow: WorkflowRecord): Json | null {
  if (!workflow.payloadSchema) return null;
  return {
    type: 'object',
    properties: {
      payload: structuredClone(workflow.payloadSchema),
      subscriber: {
        type: 'object',
        properties: {
          subscriberId: { type: 'string' },
          firstName: { type: 'string' },
          lastName: { type: 'string' },
          email: { type: 'string', format: 'email' },
          phone: { type: 'string' },
          avatar: { type: 'string' },
          locale: { type: 'string' },
          timezone: { type: 'string' },
          data: { type: 'object', additionalProperties: true },
        },
        additionalProperties: true,
      },
      steps: {
        type: 'object',
        description: 'Steps data from previous workflow executions',
        additionalProperties: {
          type: 'object',
          properties: {
            eventCount: { type: 'number' },
            events: {
              type: 'array',
              items: {
                type: 'object',
                properties: { payload: { type: 'object', additionalProperties: true } },
                additionalProperties: true,
              },
            },
          },
          additionalProperties: true,
        },
      },
    },
    additionalProperties: false,
  };
}
