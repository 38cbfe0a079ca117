// A step's controls, variables and the payload example (mock-server/engine/resources/
// workflow-controls.ts, docs/behaviour/workflows.md#create and #retrieve): every step type's
// data and UI schema, the variables schema, and each rule of the example generator.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  payloadExample,
  stepControls,
  stepVariables,
} from '../../../mock-server/engine/resources/workflow-controls';
import type { WorkflowRecord, WorkflowStepRecord } from '../../../mock-server/engine/store/state';

type StepType = WorkflowStepRecord['type'];

function step(type: StepType, stepId: string = type, controlValues: Record<string, unknown> = {}) {
  const record: WorkflowStepRecord = {
    _id: '6955b900a087eaf3000000a1',
    stepId,
    name: stepId,
    type,
    active: true,
    controlValues,
    filters: [],
    shouldStopOnFail: false,
  };
  return record;
}

function workflow(steps: WorkflowStepRecord[], payloadSchema: Record<string, unknown> | null) {
  const record: WorkflowRecord = {
    _id: '6955b900a087eaf3000000b1',
    _environmentId: '6955b900a087eaf3000000c1',
    _organizationId: '6955b900a087eaf3000000d1',
    workflowId: 'w',
    name: 'W',
    tags: [],
    active: true,
    status: 'ACTIVE',
    origin: 'svc-cloud',
    steps,
    payloadSchema,
    validatePayload: false,
    severity: 'none',
    critical: false,
    isTranslationEnabled: false,
    preferences: {},
    lastTriggeredAt: null,
    lastPublishedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  return record;
}

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
const query = { component: 'QUERY_EDITOR' };

const EXPECTED: Record<StepType, { dataSchema: object; uiSchema: object }> = {
  in_app: {
    dataSchema: {
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
    uiSchema: {
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
        skip: query,
      },
    },
  },
  email: {
    dataSchema: {
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
    uiSchema: {
      group: 'EMAIL',
      properties: {
        subject: { component: 'TEXT_FULL_LINE' },
        body: { component: 'EMAIL_BODY' },
        editorType: { component: 'EMAIL_EDITOR_SELECT', placeholder: 'block' },
        layoutId: { component: 'LAYOUT_SELECT' },
        disableOutputSanitization: { component: 'DISABLE_SANITIZATION_SWITCH', placeholder: false },
        skip: query,
      },
    },
  },
  sms: {
    dataSchema: { type: 'object', properties: { skip, body: text }, additionalProperties: false },
    uiSchema: { group: 'SMS', properties: { body: { component: 'SMS_BODY' }, skip: query } },
  },
  chat: {
    dataSchema: { type: 'object', properties: { skip, body: text }, additionalProperties: false },
    uiSchema: { group: 'CHAT', properties: { body: { component: 'CHAT_BODY' }, skip: query } },
  },
  push: {
    dataSchema: {
      type: 'object',
      properties: { skip, subject: text, body: text },
      additionalProperties: false,
    },
    uiSchema: {
      group: 'PUSH',
      properties: {
        subject: { component: 'PUSH_SUBJECT' },
        body: { component: 'PUSH_BODY' },
        skip: query,
      },
    },
  },
  delay: {
    dataSchema: {
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
    uiSchema: {
      group: 'DELAY',
      properties: {
        type: { component: 'DELAY_TYPE', placeholder: 'regular' },
        amount: { component: 'DELAY_AMOUNT', placeholder: null },
        unit: { component: 'DELAY_UNIT', placeholder: 'seconds' },
        extendToSchedule: { component: 'EXTEND_TO_SCHEDULE', placeholder: false },
        skip: query,
      },
    },
  },
  digest: {
    dataSchema: {
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
    uiSchema: {
      group: 'DIGEST',
      properties: {
        amount: { component: 'DIGEST_AMOUNT', placeholder: null },
        unit: { component: 'DIGEST_UNIT', placeholder: 'seconds' },
        digestKey: { component: 'DIGEST_KEY', placeholder: '' },
        cron: { component: 'DIGEST_CRON', placeholder: '' },
        extendToSchedule: { component: 'EXTEND_TO_SCHEDULE', placeholder: false },
        skip: query,
      },
    },
  },
  throttle: {
    dataSchema: {
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
    uiSchema: {
      group: 'THROTTLE',
      properties: {
        type: { component: 'THROTTLE_TYPE', placeholder: 'fixed' },
        amount: { component: 'THROTTLE_WINDOW', placeholder: null },
        unit: { component: 'THROTTLE_UNIT', placeholder: 'minutes' },
        threshold: { component: 'THROTTLE_THRESHOLD', placeholder: 1 },
        throttleKey: { component: 'THROTTLE_KEY', placeholder: '' },
        skip: query,
      },
    },
  },
  custom: {
    dataSchema: { type: 'object', additionalProperties: true },
    uiSchema: { group: 'SKIP', properties: { skip: query } },
  },
};

const TYPES = Object.keys(EXPECTED) as StepType[];

const subscriberVariables = {
  type: 'object',
  properties: {
    subscriberId: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    avatar: { type: 'string' },
    locale: { type: 'string' },
    timezone: { type: 'string' },
  },
  additionalProperties: true,
};
const tenantVariables = {
  type: 'object',
  properties: {
    identifier: { type: 'string' },
    name: { type: 'string' },
    data: { type: 'object' },
  },
  additionalProperties: true,
};
const stepResult = {
  type: 'object',
  properties: { events: { type: 'array' } },
  additionalProperties: true,
};

describe('stepControls', () => {
  it.each(TYPES)('describes a %s step with its data schema, UI schema and values', (type) => {
    const values = { body: 'Hi', nested: { a: [1] } };
    expect(stepControls(step(type, type, values))).toStrictEqual({
      ...EXPECTED[type],
      values: { body: 'Hi', nested: { a: [1] } },
    });
  });

  it('answers copies that a caller can change without touching the next answer or the step', () => {
    const record = step('in_app', 'inbox', { body: 'Hi' });
    const first = stepControls(record);
    (first.dataSchema['properties'] as Record<string, unknown>)['subject'] = 'changed';
    (first.uiSchema['properties'] as Record<string, unknown>)['body'] = 'changed';
    first.values['body'] = 'changed';
    expect(stepControls(record)).toStrictEqual({ ...EXPECTED.in_app, values: { body: 'Hi' } });
    expect(record.controlValues).toStrictEqual({ body: 'Hi' });
  });

  it('is what a workflow answer gives for each of its steps', () => {
    const engine = createMockEngine();
    const context = engine.scope('Development');
    const answer = engine.operations['workflows.create'](context, {
      body: {
        name: 'W',
        workflowId: 'w',
        steps: [
          { name: 'Wait', type: 'delay', controlValues: { amount: 2, unit: 'hours' } },
          { name: 'Chat', type: 'chat' },
        ],
      },
    });
    expect(answer.steps.map((s) => s.controls)).toStrictEqual([
      { ...EXPECTED.delay, values: { amount: 2, unit: 'hours' } },
      { ...EXPECTED.chat, values: {} },
    ]);
  });
});

describe('stepVariables', () => {
  const steps = [step('in_app', 'inbox'), step('delay', 'wait'), step('email', 'mail')];

  it('lists subscriber, an open payload, no earlier steps, actor and tenant for the first step', () => {
    expect(stepVariables(workflow(steps, null), 0)).toStrictEqual({
      type: 'object',
      properties: {
        subscriber: subscriberVariables,
        payload: { type: 'object', additionalProperties: true },
        steps: { type: 'object', properties: {}, additionalProperties: false },
        actor: subscriberVariables,
        tenant: tenantVariables,
      },
      additionalProperties: false,
    });
  });

  it("lists the earlier steps by stepId and the workflow's payload schema", () => {
    const payloadSchema = { type: 'object', properties: { name: { type: 'string' } } };
    const variables = stepVariables(workflow(steps, payloadSchema), 2);
    expect(variables['properties']).toStrictEqual({
      subscriber: subscriberVariables,
      payload: { type: 'object', properties: { name: { type: 'string' } } },
      steps: {
        type: 'object',
        properties: { inbox: stepResult, wait: stepResult },
        additionalProperties: false,
      },
      actor: subscriberVariables,
      tenant: tenantVariables,
    });
  });

  it('answers a copy of the payload schema', () => {
    const payloadSchema: Record<string, unknown> = { type: 'object' };
    const variables = stepVariables(workflow(steps, payloadSchema), 1);
    const properties = variables['properties'] as { payload: Record<string, unknown> };
    properties.payload['type'] = 'string';
    expect(payloadSchema).toStrictEqual({ type: 'object' });
  });
});

describe('payloadExample', () => {
  it('answers null without a payload schema', () => {
    expect(payloadExample(null)).toBe(null);
  });

  it('answers an object of placeholders, zeros and falses from the property types', () => {
    expect(
      payloadExample({
        type: 'object',
        properties: {
          name: { type: 'string' },
          count: { type: 'number' },
          whole: { type: 'integer' },
          least: { type: 'integer', minimum: 3 },
          textMinimum: { type: 'number', minimum: '3' },
          on: { type: 'boolean' },
          nothing: { type: 'null' },
          list: { type: 'array', items: { type: 'string' } },
          untyped: {},
          odd: { type: 'date' },
          either: { type: ['boolean', 'string'] },
          notSchema: true,
          none: null,
          address: {
            type: 'object',
            properties: { city: { type: 'string' }, geo: { type: 'object' } },
          },
        },
      }),
    ).toStrictEqual({
      name: '{{payload.name}}',
      count: 0,
      whole: 0,
      least: 3,
      textMinimum: 0,
      on: false,
      nothing: null,
      list: [],
      untyped: '{{payload.untyped}}',
      odd: '{{payload.odd}}',
      either: false,
      notSchema: '{{payload.notSchema}}',
      none: '{{payload.none}}',
      address: { city: '{{payload.address.city}}', geo: {} },
    });
  });

  it('prefers a default, then the first example, then the first enum value', () => {
    expect(
      payloadExample({
        type: 'object',
        properties: {
          withDefault: { type: 'string', default: { x: [1] }, examples: ['e'], enum: ['n'] },
          undefinedDefault: { type: 'string', default: undefined },
          withExample: { type: 'string', examples: [{ y: 1 }, 'second'], enum: ['n'] },
          noExamples: { type: 'string', examples: [], enum: ['n', 'm'] },
          examplesNotList: { type: 'number', examples: 'e' },
          withEnum: { type: 'number', enum: [7, 8] },
          emptyEnum: { type: 'boolean', enum: [] },
          enumNotList: { type: 'number', enum: 'n' },
        },
      }),
    ).toStrictEqual({
      withDefault: { x: [1] },
      undefinedDefault: undefined,
      withExample: { y: 1 },
      noExamples: 'n',
      examplesNotList: 0,
      withEnum: 7,
      emptyEnum: false,
      enumNotList: 0,
    });
  });

  it('answers copies of defaults and examples', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { default: { x: 1 } },
        b: { examples: [{ y: 1 }] },
      },
    };
    const example = payloadExample(schema) as { a: { x: number }; b: { y: number } };
    example.a.x = 2;
    example.b.y = 2;
    expect(payloadExample(schema)).toStrictEqual({ a: { x: 1 }, b: { y: 1 } });
  });

  it('answers an empty object when the schema gives no object at its root', () => {
    expect(payloadExample({ type: 'string' })).toStrictEqual({});
    expect(payloadExample({})).toStrictEqual({});
    expect(payloadExample({ type: 'array' })).toStrictEqual({});
    expect(payloadExample({ default: null })).toStrictEqual({});
    expect(payloadExample({ default: [1] })).toStrictEqual({});
    expect(payloadExample({ type: 'object' })).toStrictEqual({});
    expect(
      payloadExample({ type: ['object', 'null'], properties: { a: { type: 'null' } } }),
    ).toStrictEqual({ a: null });
    expect(payloadExample({ default: { a: 1 } })).toStrictEqual({ a: 1 });
  });
});
