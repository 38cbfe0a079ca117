// Step issues, engine-direct (mock-server/engine/resources/workflow-issues.ts, decision 0022 and
// docs/behaviour/workflows.md#list): missing values, variables outside the allowed roots, filter
// arguments, missing integrations, and what a workflow reports because of them.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  ALLOWED_VARIABLE_ROOTS,
  type StepIssue,
  stepIssues,
} from '../../../mock-server/engine/resources/workflow-issues';
import type { EnvironmentData, WorkflowStepRecord } from '../../../mock-server/engine/store/state';
import { contextOf } from '../helpers';

const ROOTS = 'payload, subscriber, steps, step, actor, tenant';

function setup() {
  const engine = createMockEngine();
  // Development: active in_app and email integrations; Production: an active in_app one only.
  return { engine, dev: contextOf(engine).data, prod: contextOf(engine, 'Production').data };
}

function step(
  type: WorkflowStepRecord['type'],
  controlValues: Record<string, unknown> = {},
): WorkflowStepRecord {
  return {
    _id: '000000000000000000000001',
    stepId: 'a-step',
    name: 'A step',
    type,
    active: true,
    controlValues,
    filters: [],
    shouldStopOnFail: false,
  };
}

/** The issues of a `custom` step (no required values, no integration) with this one value. */
function issuesOfText(data: EnvironmentData, text: string) {
  return stepIssues(step('custom', { text }), data);
}

const illegal = (variableName: string, variable: string): StepIssue => ({
  issueType: 'ILLEGAL_VARIABLE_IN_CONTROL_VALUE',
  variableName,
  message: `Variable "${variable}" is not supported: variables must start with ${ROOTS}`,
});

const badFilter = (variableName: string, name: string): StepIssue => ({
  issueType: 'INVALID_FILTER_ARG_IN_VARIABLE',
  variableName,
  message: `Invalid argument for the "${name}" filter in ${variableName}`,
});

describe('missing values', () => {
  it('asks an email step for a subject and a body, in that order', () => {
    const { dev } = setup();
    expect(stepIssues(step('email'), dev)).toStrictEqual({
      controls: {
        subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }],
        body: [{ issueType: 'MISSING_VALUE', message: 'Body is required' }],
      },
    });
  });

  it('counts undefined, null, empty and whitespace-only text as missing', () => {
    const { dev } = setup();
    expect(stepIssues(step('email', { subject: null, body: '   ' }), dev)).toStrictEqual({
      controls: {
        subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }],
        body: [{ issueType: 'MISSING_VALUE', message: 'Body is required' }],
      },
    });
    expect(stepIssues(step('email', { subject: '', body: undefined }), dev)).toStrictEqual({
      controls: {
        subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }],
        body: [{ issueType: 'MISSING_VALUE', message: 'Body is required' }],
      },
    });
  });

  it('asks only for the email value that is missing', () => {
    const { dev } = setup();
    expect(stepIssues(step('email', { subject: 'Hi' }), dev)).toStrictEqual({
      controls: { body: [{ issueType: 'MISSING_VALUE', message: 'Body is required' }] },
    });
    expect(stepIssues(step('email', { body: ' x ' }), dev)).toStrictEqual({
      controls: { subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }] },
    });
  });

  it('takes a value that is not text (a number, false) as present', () => {
    const { dev } = setup();
    expect(stepIssues(step('email', { subject: 0, body: false }), dev)).toBeUndefined();
  });

  it('answers undefined for a complete email step with an active email integration', () => {
    const { dev } = setup();
    expect(stepIssues(step('email', { subject: 'Hi', body: 'Hello' }), dev)).toBeUndefined();
  });

  it('asks an in-app step for a body or a subject, on the body', () => {
    const { dev } = setup();
    expect(stepIssues(step('in_app', { body: ' ', subject: null }), dev)).toStrictEqual({
      controls: { body: [{ issueType: 'MISSING_VALUE', message: 'Body or subject is required' }] },
    });
    expect(stepIssues(step('in_app', { body: 'Hello' }), dev)).toBeUndefined();
    expect(stepIssues(step('in_app', { subject: 'Hello' }), dev)).toBeUndefined();
  });

  it('asks nothing more of the other step types once their window is set', () => {
    const { dev } = setup();
    const window = { amount: 30, unit: 'minutes' };
    for (const type of ['digest', 'delay', 'throttle'] as const) {
      expect(stepIssues(step(type, window), dev)).toBeUndefined();
    }
    expect(stepIssues(step('custom'), dev)).toBeUndefined();
  });

  it('asks a regular delay, a digest and a fixed throttle for amount and unit', () => {
    const { dev } = setup();
    for (const type of ['digest', 'delay', 'throttle'] as const) {
      expect(stepIssues(step(type, { unit: 'minutes' }), dev), type).toStrictEqual({
        controls: { amount: [{ issueType: 'MISSING_VALUE', message: 'Amount is required' }] },
      });
    }
  });

  it('asks a timed delay for its cron, dynamic ones for their dynamicKey, a cron digest nothing more', () => {
    const { dev } = setup();
    expect(stepIssues(step('delay', { type: 'timed' }), dev)).toStrictEqual({
      controls: { cron: [{ issueType: 'MISSING_VALUE', message: 'Cron is required' }] },
    });
    for (const type of ['delay', 'throttle'] as const) {
      expect(stepIssues(step(type, { type: 'dynamic' }), dev), type).toStrictEqual({
        controls: {
          dynamicKey: [{ issueType: 'MISSING_VALUE', message: 'Dynamickey is required' }],
        },
      });
    }
    expect(stepIssues(step('digest', { cron: '0 9 * * *' }), dev)).toBeUndefined();
  });

  it('reports a misspelled control: a delay with `ammount` is missing its amount and has an unknown key', () => {
    const { dev } = setup();
    expect(stepIssues(step('delay', { ammount: 30, unit: 'minutes' }), dev)).toStrictEqual({
      controls: {
        amount: [{ issueType: 'MISSING_VALUE', message: 'Amount is required' }],
        ammount: [
          {
            issueType: 'MISSING_VALUE',
            variableName: 'ammount',
            message: 'must NOT have additional properties',
          },
        ],
      },
    });
    expect(stepIssues(step('sms', { body: 'Hi', bdoy: 'x' }), dev)?.controls).toStrictEqual({
      bdoy: [
        {
          issueType: 'MISSING_VALUE',
          variableName: 'bdoy',
          message: 'must NOT have additional properties',
        },
      ],
    });
    expect(stepIssues(step('custom', { anything: 1 }), dev)).toBeUndefined();
  });

  it('takes the settings the runtime reads as v1 metadata: a scheduled delay, timed and backoff digests', () => {
    const { dev } = setup();
    expect(
      stepIssues(step('delay', { type: 'scheduled', delayPath: 'remindAt' }), dev),
    ).toBeUndefined();
    expect(stepIssues(step('delay', { type: 'scheduled' }), dev)).toStrictEqual({
      controls: { delayPath: [{ issueType: 'MISSING_VALUE', message: 'Delaypath is required' }] },
    });
    const timed = { type: 'timed', unit: 'days', timed: { atTime: '09:00' } };
    expect(stepIssues(step('digest', timed), dev)).toBeUndefined();
    const backoff = {
      type: 'backoff',
      amount: 5,
      unit: 'minutes',
      backoff: true,
      backoffAmount: 1,
      backoffUnit: 'minutes',
    };
    expect(stepIssues(step('digest', backoff), dev)).toBeUndefined();
  });

  it('names a number or switch control of another type, not a text control', () => {
    const { dev } = setup();
    expect(
      stepIssues(step('throttle', { amount: 1, unit: 'hours', threshold: 'two' }), dev),
    ).toStrictEqual({
      controls: {
        threshold: [
          { issueType: 'MISSING_VALUE', variableName: 'threshold', message: 'must be number' },
        ],
      },
    });
    expect(stepIssues(step('sms', { body: 5 }), dev)?.controls).toBeUndefined();
    expect(
      stepIssues(step('email', { subject: 5, body: { type: 'doc' } }), dev)?.controls,
    ).toBeUndefined();
  });

  it('asks nothing of a step set up by metadata (seeded the v1 way)', () => {
    const { dev } = setup();
    const seeded = { ...step('delay'), metadata: { type: 'regular', amount: 5, unit: 'seconds' } };
    expect(stepIssues(seeded as WorkflowStepRecord, dev)).toBeUndefined();
  });
});

describe('variables', () => {
  it('accepts each allowed root, alone, with a path or an index', () => {
    const { dev } = setup();
    expect(ALLOWED_VARIABLE_ROOTS).toStrictEqual([
      'payload',
      'subscriber',
      'steps',
      'step',
      'actor',
      'tenant',
    ]);
    for (const root of ['payload', 'subscriber', 'steps', 'step', 'actor', 'tenant']) {
      expect(issuesOfText(dev, `{{ ${root} }} {{${root}.a.b}} {{ ${root}[0] }}`)).toBeUndefined();
    }
  });

  it('flags a variable of another root with the whole {{ }} as variableName', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, 'Hi {{ user.name }}!')).toStrictEqual({
      controls: { text: [illegal('{{ user.name }}', 'user.name')] },
    });
    expect(issuesOfText(dev, '{{foo}}')).toStrictEqual({
      controls: { text: [illegal('{{foo}}', 'foo')] },
    });
    expect(issuesOfText(dev, '{{   foo[1]   }}')).toStrictEqual({
      controls: { text: [illegal('{{   foo[1]   }}', 'foo[1]')] },
    });
  });

  it('reads the root up to the first dot or bracket only', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, '{{ payloads.x }}')).toStrictEqual({
      controls: { text: [illegal('{{ payloads.x }}', 'payloads.x')] },
    });
    expect(issuesOfText(dev, '{{ stepx }}')).toStrictEqual({
      controls: { text: [illegal('{{ stepx }}', 'stepx')] },
    });
    expect(issuesOfText(dev, '{{ x.payload }}')).toStrictEqual({
      controls: { text: [illegal('{{ x.payload }}', 'x.payload')] },
    });
  });

  it('lists one issue per bad variable, in text order, under the control', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, '{{ a }} {{ payload.ok }} {{ b }}')).toStrictEqual({
      controls: { text: [illegal('{{ a }}', 'a'), illegal('{{ b }}', 'b')] },
    });
  });

  it('leaves string and number literals alone', () => {
    const { dev } = setup();
    const literals = [
      "{{ 'hello world' }}",
      '{{ "hello world" }}',
      "{{ '' }}",
      '{{ 42 }}',
      '{{ -3 }}',
      '{{ 7.5 | round }}',
    ];
    for (const text of literals) expect(issuesOfText(dev, text)).toBeUndefined();
  });

  it('flags what only looks like a literal: text around quotes, mismatched quotes, digits later', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, "{{ foo 'bar' }}")).toStrictEqual({
      controls: { text: [illegal("{{ foo 'bar' }}", "foo 'bar'")] },
    });
    expect(issuesOfText(dev, "{{ 'bar' foo }}")).toStrictEqual({
      controls: { text: [illegal("{{ 'bar' foo }}", "'bar' foo")] },
    });
    expect(issuesOfText(dev, `{{ 'bar" }}`)).toStrictEqual({
      controls: { text: [illegal(`{{ 'bar" }}`, `'bar"`)] },
    });
    expect(issuesOfText(dev, '{{ a5 }}')).toStrictEqual({
      controls: { text: [illegal('{{ a5 }}', 'a5')] },
    });
  });

  it('flags nothing for an empty {{ }}', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, '{{ }} {{}} {{ | upcase }}')).toBeUndefined();
  });

  it('reports a bad root alone, without checking its filters', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, '{{ foo | plus }}')).toStrictEqual({
      controls: { text: [illegal('{{ foo | plus }}', 'foo')] },
    });
  });

  it('finds variables in nested objects and arrays, under the top-level control name', () => {
    const { dev } = setup();
    const values = {
      text: 'plain',
      data: { a: ['{{ x }}', 5, null, true, { b: '{{ y }}' }], c: undefined },
      list: ['{{ payload.ok }}', ['{{ z }}']],
    };
    expect(stepIssues(step('custom', values), dev)).toStrictEqual({
      controls: {
        data: [illegal('{{ x }}', 'x'), illegal('{{ y }}', 'y')],
        list: [illegal('{{ z }}', 'z')],
      },
    });
  });

  it('adds variable issues after a missing value of the same control', () => {
    const { dev } = setup();
    expect(
      stepIssues(step('email', { subject: '{{ a }}', body: '{{ b }} {{ c }}' }), dev),
    ).toStrictEqual({
      controls: {
        subject: [illegal('{{ a }}', 'a')],
        body: [illegal('{{ b }}', 'b'), illegal('{{ c }}', 'c')],
      },
    });
  });
});

describe('filter arguments', () => {
  // For each filter that takes arguments: texts it accepts, texts it flags.
  const cases: { name: string; ok: string[]; bad: string[] }[] = [
    {
      name: 'truncate',
      ok: ['truncate: 5', "truncate: 5, '...'", "truncate: 'x'"],
      bad: ['truncate', 'truncate: 1, 2, 3'],
    },
    {
      name: 'truncatewords',
      ok: ["truncatewords: 'x'", 'truncatewords: 2, 3'],
      bad: ['truncatewords', 'truncatewords: 1, 2, 3'],
    },
    {
      name: 'plus',
      ok: ['plus: 2', 'plus: payload.n', 'plus: -1.5'],
      bad: ['plus', 'plus: 1, 2', "plus: 'a'"],
    },
    { name: 'minus', ok: ['minus: 2', 'minus: x'], bad: ['minus', 'minus: 1, 2', "minus: 'a'"] },
    { name: 'times', ok: ['times: 2'], bad: ['times', 'times: 1, 2', "times: 'a'"] },
    {
      name: 'divided_by',
      ok: ['divided_by: 2'],
      bad: ['divided_by', 'divided_by: 1, 2', "divided_by: 'a'"],
    },
    { name: 'modulo', ok: ['modulo: 2'], bad: ['modulo', 'modulo: 1, 2', "modulo: 'a'"] },
    { name: 'round', ok: ['round', 'round: 2'], bad: ['round: 1, 2', "round: 'x'"] },
    {
      name: 'slice',
      ok: ['slice: 1', 'slice: 0, 2', 'slice: 1,2'],
      bad: ['slice', 'slice: 1, 2, 3', "slice: 'a'", "slice: 1, 'a'"],
    },
    { name: 'date', ok: ["date: '%Y'", "date: '%Y', 'UTC'"], bad: ['date', "date: 'a', 'b', 'c'"] },
    { name: 'append', ok: ["append: '!'", 'append: x'], bad: ['append', "append: 'a', 'b'"] },
    { name: 'prepend', ok: ["prepend: '>'"], bad: ['prepend', "prepend: 'a', 'b'"] },
    {
      name: 'replace',
      ok: ["replace: 'a', 'b'", 'replace: \'a b\', "c, d"', "replace: '', 'x'"],
      bad: ["replace: 'a'", "replace: 'a', 'b', 'c'", 'replace'],
    },
    { name: 'split', ok: ["split: ','", "split: ', '"], bad: ['split', "split: 'a', 'b'"] },
    { name: 'join', ok: ['join', "join: ', '"], bad: ["join: 'a', 'b'"] },
    {
      name: 'default',
      ok: ["default: 'x'", "default: 'x', true"],
      bad: ['default', "default: 'a', 'b', 'c'"],
    },
  ];

  for (const { name, ok, bad } of cases) {
    it(`accepts the "${name}" filter with ${ok.join(' / ')}`, () => {
      const { dev } = setup();
      for (const filter of ok) {
        expect(issuesOfText(dev, `{{ payload.v | ${filter} }}`)).toBeUndefined();
      }
    });

    it(`flags the "${name}" filter with ${bad.join(' / ')}`, () => {
      const { dev } = setup();
      for (const filter of bad) {
        const variable = `{{ payload.v | ${filter} }}`;
        expect(issuesOfText(dev, variable)).toStrictEqual({
          controls: { text: [badFilter(variable, name)] },
        });
      }
    });
  }

  it('accepts numbers and variable names as numeric arguments', () => {
    const { dev } = setup();
    const ok = [
      '2',
      '10',
      '-2',
      '1.5',
      '-0.25',
      'x',
      'payload.count',
      '_x',
      'A',
      'Z',
      'a',
      'z',
      'B9',
    ];
    for (const argument of ok) {
      expect(issuesOfText(dev, `{{ payload.v | plus: ${argument} }}`)).toBeUndefined();
    }
  });

  it('flags numeric arguments that are neither a number nor a variable name', () => {
    const { dev } = setup();
    const bad = ['1.', '5a', '5abc', 'a-5', 'a-b', '.5', "'1'", '-x', '1.2.3'];
    for (const argument of bad) {
      const variable = `{{ payload.v | plus: ${argument} }}`;
      expect(issuesOfText(dev, variable)).toStrictEqual({
        controls: { text: [badFilter(variable, 'plus')] },
      });
    }
  });

  it('reads the filter name before the colon, trimmed', () => {
    const { dev } = setup();
    const variable = "{{ payload.v | plus : 'a' }}";
    expect(issuesOfText(dev, variable)).toStrictEqual({
      controls: { text: [badFilter(variable, 'plus')] },
    });
    expect(issuesOfText(dev, '{{ payload.v | plus : 1 }}')).toBeUndefined();
  });

  it('ignores filters it does not know, whatever their arguments', () => {
    const { dev } = setup();
    expect(issuesOfText(dev, "{{ payload.v | upcase | pluss: 'a', 1, 2 | plu }}")).toBeUndefined();
  });

  it('checks every filter of a variable, one issue per bad filter', () => {
    const { dev } = setup();
    const variable = "{{ payload.v | plus | upcase | append: 'a', 'b' | round }}";
    expect(issuesOfText(dev, variable)).toStrictEqual({
      controls: { text: [badFilter(variable, 'plus'), badFilter(variable, 'append')] },
    });
  });

  it('checks the filters of a literal too', () => {
    const { dev } = setup();
    const variable = "{{ 'abc' | replace: 'a' }}";
    expect(issuesOfText(dev, variable)).toStrictEqual({
      controls: { text: [badFilter(variable, 'replace')] },
    });
  });
});

describe('integrations', () => {
  it('flags a channel step without an active integration of its channel', () => {
    const { prod } = setup();
    for (const type of ['email', 'sms', 'chat', 'push'] as const) {
      const values = type === 'email' ? { subject: 'Hi', body: 'Hello' } : { body: 'Hello' };
      expect(stepIssues(step(type, values), prod)).toStrictEqual({
        integration: {
          [type]: [
            {
              issueType: 'MISSING_INTEGRATION',
              message: `Missing active ${type} integration provider`,
            },
          ],
        },
      });
    }
  });

  it('clears the issue once an active integration of the channel exists', () => {
    const { engine, prod } = setup();
    engine.seed({
      environment: 'Production',
      integrations: [
        { providerId: 'twilio', channel: 'sms', active: true },
        { providerId: 'slack', channel: 'chat', active: true },
        { providerId: 'fcm', channel: 'push', active: true },
        { providerId: 'sendgrid', channel: 'email', active: true },
      ],
    });
    const after = engine.scope('Production').data;
    for (const type of ['sms', 'chat', 'push'] as const) {
      expect(stepIssues(step(type, { body: 'x' }), after)).toBeUndefined();
    }
    expect(stepIssues(step('email', { subject: 'a', body: 'b' }), after)).toBeUndefined();
    expect(prod.integrations.length).toBeGreaterThan(0);
  });

  it("does not count an inactive, a deleted or another channel's integration", () => {
    const { engine } = setup();
    engine.seed({
      environment: 'Production',
      integrations: [
        { providerId: 'twilio', channel: 'sms', active: false },
        { providerId: 'fcm', channel: 'push', active: true },
        { providerId: 'slack', channel: 'chat', active: true },
      ],
    });
    const data = engine.scope('Production').data;
    for (const integration of data.integrations) {
      if (integration.channel === 'push') integration.deleted = true;
    }
    const missing = (type: string) => ({
      integration: {
        [type]: [
          {
            issueType: 'MISSING_INTEGRATION',
            message: `Missing active ${type} integration provider`,
          },
        ],
      },
    });
    expect(stepIssues(step('sms', { body: 'x' }), data)).toStrictEqual(missing('sms'));
    expect(stepIssues(step('push', { body: 'x' }), data)).toStrictEqual(missing('push'));
    expect(stepIssues(step('email', { subject: 'a', body: 'b' }), data)).toStrictEqual(
      missing('email'),
    );
    expect(stepIssues(step('chat', { body: 'x' }), data)).toBeUndefined();
  });

  it('finds the active integration among inactive ones of the same channel', () => {
    const { engine } = setup();
    engine.seed({
      environment: 'Production',
      integrations: [
        { providerId: 'twilio', channel: 'sms', active: false },
        { providerId: 'plivo', channel: 'sms', active: true },
      ],
    });
    const data = engine.scope('Production').data;
    expect(stepIssues(step('sms', { body: 'x' }), data)).toBeUndefined();
  });

  it('flags an in-app step when the Inbox is not connected (no active in_app integration)', () => {
    const { dev } = setup();
    for (const integration of dev.integrations) {
      if (integration.channel === 'in_app') integration.active = false;
    }
    expect(stepIssues(step('in_app', { body: 'Hello' }), dev)).toStrictEqual({
      integration: {
        in_app: [
          {
            issueType: 'INBOX_NOT_CONNECTED',
            message: 'The Inbox is not connected: the environment has no active in_app integration',
          },
        ],
      },
    });
    expect(stepIssues(step('in_app'), dev)).toStrictEqual({
      controls: { body: [{ issueType: 'MISSING_VALUE', message: 'Body or subject is required' }] },
      integration: {
        in_app: [
          {
            issueType: 'INBOX_NOT_CONNECTED',
            message: 'The Inbox is not connected: the environment has no active in_app integration',
          },
        ],
      },
    });
  });

  it('flags a deleted in_app integration as not connected', () => {
    const { prod } = setup();
    for (const integration of prod.integrations) integration.deleted = true;
    expect(stepIssues(step('in_app', { body: 'x' }), prod)?.integration).toStrictEqual({
      in_app: [
        {
          issueType: 'INBOX_NOT_CONNECTED',
          message: 'The Inbox is not connected: the environment has no active in_app integration',
        },
      ],
    });
  });

  it('asks no integration of the steps that send nothing', () => {
    const { dev } = setup();
    dev.integrations.length = 0;
    for (const type of ['digest', 'delay', 'throttle', 'custom'] as const) {
      expect(
        stepIssues(step(type, { amount: 1, unit: 'hours' }), dev)?.integration,
      ).toBeUndefined();
    }
  });

  it('answers controls and integration issues together', () => {
    const { prod } = setup();
    expect(stepIssues(step('email', { body: '{{ x | plus }}' }), prod)).toStrictEqual({
      controls: {
        subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }],
        body: [illegal('{{ x | plus }}', 'x')],
      },
      integration: {
        email: [
          {
            issueType: 'MISSING_INTEGRATION',
            message: 'Missing active email integration provider',
          },
        ],
      },
    });
  });
});

describe("delays and digests past the default plan's limit", () => {
  const tier: StepIssue = {
    issueType: 'TIER_LIMIT_EXCEEDED',
    message:
      'The maximum delay allowed is 1 days. Please contact our support team to discuss extending this limit for your use case.',
  };

  it('flags amount and unit of a digest or delay longer than 24 hours', () => {
    const { dev } = setup();
    const expected = { controls: { amount: [tier], unit: [tier] } };
    expect(stepIssues(step('digest', { amount: 555, unit: 'days' }), dev)).toStrictEqual(expected);
    expect(stepIssues(step('delay', { amount: '25', unit: 'hours' }), dev)).toStrictEqual(expected);
    expect(stepIssues(step('delay', { amount: 1, unit: 'months' }), dev)).toStrictEqual(expected);
  });

  it('leaves 24 hours, shorter windows, unknown units and other step types alone', () => {
    const { dev } = setup();
    expect(stepIssues(step('digest', { amount: 24, unit: 'hours' }), dev)).toBeUndefined();
    expect(stepIssues(step('delay', { amount: 1, unit: 'days' }), dev)).toBeUndefined();
    expect(stepIssues(step('delay', { amount: 5, unit: 'minutes' }), dev)).toBeUndefined();
    expect(stepIssues(step('delay', { amount: 9, unit: 'fortnights' }), dev)).toBeUndefined();
    expect(stepIssues(step('delay', { amount: 0, unit: 'days' }), dev)).toBeUndefined();
    expect(stepIssues(step('custom', { amount: 555, unit: 'days' }), dev)).toBeUndefined();
  });

  it('flags a cron whose runs lie more than 24 hours apart, and not a daily or unreadable one', () => {
    const { dev } = setup();
    expect(stepIssues(step('digest', { cron: '0 9 * * 1' }), dev)).toStrictEqual({
      controls: { cron: [tier] },
    });
    expect(stepIssues(step('digest', { cron: '0 9 * * *' }), dev)).toBeUndefined();
    expect(stepIssues(step('delay', { cron: 'not a cron' }), dev)).toBeUndefined();
  });
});
