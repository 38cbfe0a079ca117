/**
 * What the sync response describes about a step's controls: the JSON Schema of its control
 * values, the dashboard UI schema, the variables a step can use, and the payload example
 * generated from a payload schema.
 *
 * @module
 */

import type { WorkflowRecord, WorkflowStepRecord } from '../store/state';

type JsonSchema = Record<string, unknown>;

const text = { type: 'string' };
const redirect = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    target: { type: 'string', enum: ['_self', '_blank', '_parent', '_top', '_unfencedTop'] },
  },
  additionalProperties: false,
};
const action = {
  type: 'object',
  properties: { label: text, redirect },
  additionalProperties: false,
};
const skip = { type: 'object', additionalProperties: true };
const units = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'];

const DATA_SCHEMAS: Record<WorkflowStepRecord['type'], JsonSchema> = {
  in_app: {
    type: 'object',
    properties: {
      skip,
      subject: text,
      body: text,
      avatar: text,
      primaryAction: action,
      secondaryAction: action,
      redirect,
      disableOutputSanitization: { type: 'boolean' },
      data: { type: 'object', additionalProperties: true },
    },
    additionalProperties: false,
  },
  email: {
    type: 'object',
    properties: {
      skip,
      subject: text,
      body: text,
      editorType: { type: 'string', enum: ['block', 'html'] },
      disableOutputSanitization: { type: 'boolean' },
      layoutId: { type: ['string', 'null'] },
    },
    required: ['subject', 'body'],
    additionalProperties: false,
  },
  sms: { type: 'object', properties: { skip, body: text }, additionalProperties: false },
  chat: { type: 'object', properties: { skip, body: text }, additionalProperties: false },
  push: {
    type: 'object',
    properties: { skip, subject: text, body: text },
    additionalProperties: false,
  },
  delay: {
    type: 'object',
    properties: {
      skip,
      type: { type: 'string', enum: ['regular', 'timed', 'dynamic'] },
      amount: { type: 'number', minimum: 1 },
      unit: { type: 'string', enum: units },
      cron: text,
      dynamicKey: text,
      extendToSchedule: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  digest: {
    type: 'object',
    properties: {
      skip,
      amount: { type: 'number', minimum: 1 },
      unit: { type: 'string', enum: units },
      digestKey: text,
      cron: text,
      lookBackWindow: { type: 'object', properties: { amount: { type: 'number' }, unit: text } },
      extendToSchedule: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  throttle: {
    type: 'object',
    properties: {
      skip,
      type: { type: 'string', enum: ['fixed', 'dynamic'] },
      amount: { type: 'number', minimum: 1 },
      unit: { type: 'string', enum: units },
      dynamicKey: text,
      threshold: { type: 'number', minimum: 1 },
      throttleKey: text,
    },
    additionalProperties: false,
  },
  custom: { type: 'object', additionalProperties: true },
};

const UI_SCHEMAS: Record<WorkflowStepRecord['type'], JsonSchema> = {
  in_app: {
    group: 'IN_APP',
    properties: {
      subject: { component: 'IN_APP_PRIMARY_SUBJECT' },
      body: { component: 'IN_APP_BODY' },
      avatar: { component: 'IN_APP_AVATAR' },
      primaryAction: { component: 'IN_APP_BUTTON_DROPDOWN' },
      secondaryAction: { component: 'IN_APP_BUTTON_DROPDOWN' },
      redirect: { component: 'URL_TEXT_BOX', placeholder: { url: '', target: '_self' } },
      disableOutputSanitization: {
        component: 'IN_APP_DISABLE_SANITIZATION_SWITCH',
        placeholder: false,
      },
      data: { component: 'DATA', placeholder: {} },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  email: {
    group: 'EMAIL',
    properties: {
      subject: { component: 'TEXT_FULL_LINE' },
      body: { component: 'EMAIL_BODY' },
      editorType: { component: 'EMAIL_EDITOR_SELECT', placeholder: 'block' },
      layoutId: { component: 'LAYOUT_SELECT' },
      disableOutputSanitization: { component: 'DISABLE_SANITIZATION_SWITCH', placeholder: false },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  sms: {
    group: 'SMS',
    properties: { body: { component: 'SMS_BODY' }, skip: { component: 'QUERY_EDITOR' } },
  },
  chat: {
    group: 'CHAT',
    properties: { body: { component: 'CHAT_BODY' }, skip: { component: 'QUERY_EDITOR' } },
  },
  push: {
    group: 'PUSH',
    properties: {
      subject: { component: 'PUSH_SUBJECT' },
      body: { component: 'PUSH_BODY' },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  delay: {
    group: 'DELAY',
    properties: {
      type: { component: 'DELAY_TYPE', placeholder: 'regular' },
      amount: { component: 'DELAY_AMOUNT', placeholder: null },
      unit: { component: 'DELAY_UNIT', placeholder: 'seconds' },
      extendToSchedule: { component: 'EXTEND_TO_SCHEDULE', placeholder: false },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  digest: {
    group: 'DIGEST',
    properties: {
      amount: { component: 'DIGEST_AMOUNT', placeholder: null },
      unit: { component: 'DIGEST_UNIT', placeholder: 'seconds' },
      digestKey: { component: 'DIGEST_KEY', placeholder: '' },
      cron: { component: 'DIGEST_CRON', placeholder: '' },
      extendToSchedule: { component: 'EXTEND_TO_SCHEDULE', placeholder: false },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  throttle: {
    group: 'THROTTLE',
    properties: {
      type: { component: 'THROTTLE_TYPE', placeholder: 'fixed' },
      amount: { component: 'THROTTLE_WINDOW', placeholder: null },
      unit: { component: 'THROTTLE_UNIT', placeholder: 'minutes' },
      threshold: { component: 'THROTTLE_THRESHOLD', placeholder: 1 },
      throttleKey: { component: 'THROTTLE_KEY', placeholder: '' },
      skip: { component: 'QUERY_EDITOR' },
    },
  },
  custom: { group: 'SKIP', properties: { skip: { component: 'QUERY_EDITOR' } } },
};

/**
 * The control names a step type takes, or `undefined` when it takes any (custom steps): what the
 * step issues check unknown control values against.
 */
export function knownControls(type: WorkflowStepRecord['type']): readonly string[] | undefined {
  const schema = DATA_SCHEMAS[type];
  if (schema['additionalProperties'] !== false) return undefined;
  return Object.keys(schema['properties'] as Record<string, unknown>);
}

/**
 * The JSON type a step type's control must have (`string`, `number`, `boolean`, `object`), or
 * `undefined` when any goes: what the step issues check a control's value against.
 */
export function controlType(type: WorkflowStepRecord['type'], control: string): string | undefined {
  const properties = DATA_SCHEMAS[type]['properties'] as Record<string, JsonSchema> | undefined;
  const declared = properties?.[control]?.['type'];
  return typeof declared === 'string' ? declared : undefined;
}

/** The controls metadata of a step: `dataSchema`, `uiSchema` and the stored `values`. */
export function stepControls(step: WorkflowStepRecord): {
  dataSchema: JsonSchema;
  uiSchema: JsonSchema;
  values: Record<string, unknown>;
} {
  return {
    dataSchema: structuredClone(DATA_SCHEMAS[step.type]),
    uiSchema: structuredClone(UI_SCHEMAS[step.type]),
    values: structuredClone(step.controlValues),
  };
}

const SUBSCRIBER_VARIABLES: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['subscriberId', 'firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone'].map(
      (field) => [field, { type: 'string' }],
    ),
  ),
  additionalProperties: true,
};

/**
 * The variables schema of a step: `subscriber`, `payload` (the workflow's payload schema),
 * `steps` (the earlier steps' results) and `actor`/`tenant`.
 */
export function stepVariables(workflow: WorkflowRecord, stepIndex: number): JsonSchema {
  const earlier = workflow.steps.slice(0, stepIndex);
  return {
    type: 'object',
    properties: {
      subscriber: SUBSCRIBER_VARIABLES,
      payload: workflow.payloadSchema
        ? structuredClone(workflow.payloadSchema)
        : { type: 'object', additionalProperties: true },
      steps: {
        type: 'object',
        properties: Object.fromEntries(
          earlier.map((step) => [
            step.stepId,
            {
              type: 'object',
              properties: { events: { type: 'array' } },
              additionalProperties: true,
            },
          ]),
        ),
        additionalProperties: false,
      },
      actor: SUBSCRIBER_VARIABLES,
      tenant: {
        type: 'object',
        properties: {
          identifier: { type: 'string' },
          name: { type: 'string' },
          data: { type: 'object' },
        },
        additionalProperties: true,
      },
    },
    additionalProperties: false,
  };
}

function exampleOf(schema: unknown, path: string): unknown {
  if (schema === null || typeof schema !== 'object') return `{{${path}}}`;
  const node = schema as Record<string, unknown>;
  if ('default' in node) return structuredClone(node['default']);
  const examples = node['examples'];
  if (Array.isArray(examples) && examples.length > 0) return structuredClone(examples[0]);
  if (Array.isArray(node['enum']) && node['enum'].length > 0) return node['enum'][0];
  const type = Array.isArray(node['type']) ? node['type'][0] : node['type'];
  switch (type) {
    case 'object': {
      const properties = (node['properties'] ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, exampleOf(child, `${path}.${key}`)]),
      );
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return typeof node['minimum'] === 'number' ? node['minimum'] : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return `{{${path}}}`;
  }
}

/**
 * An example payload generated from a payload schema: defaults and examples where the schema has
 * them, `{{payload.<path>}}` placeholders for strings, zero/false/[] for the other types.
 */
export function payloadExample(
  payloadSchema: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!payloadSchema) return null;
  const example = exampleOf(payloadSchema, 'payload');
  return example !== null && typeof example === 'object' && !Array.isArray(example)
    ? (example as Record<string, unknown>)
    : {};
}
