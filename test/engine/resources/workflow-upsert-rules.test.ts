// Workflow create and update engine-direct (mock-server/engine/resources/workflow-upsert.ts,
// docs/behaviour/workflows.md#create and #update): the stored record and its defaults, field
// checks, generated identifiers, steps matched or added, and what an update keeps.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { DEFAULT_WORKFLOW_PREFERENCES } from '../../../mock-server/engine/resources/workflow-record';
import type { WorkflowSearch } from '../../../mock-server/engine/resources/workflows';
import { listWorkflows } from '../../../mock-server/engine/resources/workflows';
import type { SeedData } from '../../../mock-server/engine/seed';
import { journaled } from '../../../mock-server/engine/store/journal';
import type { WorkflowRecord } from '../../../mock-server/engine/store/state';
import { httpRefusal, refusalOf, validationError } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';
const ORG = '6955b900a087eaf30000000c';
const DEV = '6955b900a087eaf30000000d';
/** The `-<shortId>` suffixes a fresh engine (seed 1) generates, in order. */
const SUFFIXES = ['PJhyxiwr', 'x72tIuWx', 'jAhy8_AO', '7PKgWY4p', 'sHAJvI9f'];
const SLUG = '(letters, numbers, hyphens, dot and underscores only)';

const DEFAULT_PREFERENCES = {
  user: null,
  default: {
    all: { enabled: true, readOnly: false },
    channels: {
      in_app: { enabled: true },
      email: { enabled: true },
      sms: { enabled: true },
      chat: { enabled: true },
      push: { enabled: true },
    },
  },
};

function setup(seed?: SeedData) {
  // Deterministic: the tests name the ids and suffixes the engine generates.
  const engine = createMockEngine({ deterministic: true, ...(seed ? { seed } : {}) });
  const context = engine.scope('Development');
  const prod = engine.scope('Production');
  const { operations } = engine;
  const create = (body: unknown) => operations['workflows.create'](context, { body: body });
  const update = (id: string, body: Record<string, unknown>) =>
    operations['workflows.update'](context, {
      params: { workflowId: id },
      body: { origin: 'svc-cloud', preferences: {}, ...body },
    });
  const stored = (workflowId: string): WorkflowRecord => {
    const found = context.data.workflows.find((w) => w.workflowId === workflowId);
    if (!found) throw new Error(workflowId);
    return found;
  };
  return { engine, context, prod, operations, create, update, stored };
}

function later(engine: MockEngine) {
  engine.clock.set(LATER);
}

describe('DEFAULT_WORKFLOW_PREFERENCES', () => {
  it('turns every channel on, nothing read-only, no user preferences', () => {
    expect(DEFAULT_WORKFLOW_PREFERENCES).toStrictEqual(DEFAULT_PREFERENCES);
  });
});

describe('createWorkflow: the stored record', () => {
  it('stores a minimal body with every default', () => {
    const { create, stored } = setup();
    const answer = create({ name: 'Welcome', workflowId: 'welcome', steps: [] });
    expect(stored('welcome')).toStrictEqual({
      _id: '6955b900a087eaf300000012',
      _environmentId: DEV,
      _organizationId: ORG,
      workflowId: 'welcome',
      name: 'Welcome',
      description: '',
      tags: [],
      active: true,
      status: 'ACTIVE',
      origin: 'svc-cloud',
      steps: [],
      payloadSchema: null,
      validatePayload: false,
      severity: 'none',
      critical: false,
      isTranslationEnabled: false,
      preferences: DEFAULT_PREFERENCES,
      lastTriggeredAt: null,
      lastPublishedAt: null,
      createdAt: START,
      updatedAt: START,
    });
    expect(answer).toMatchObject({
      _id: '6955b900a087eaf300000012',
      workflowId: 'welcome',
      status: 'ACTIVE',
      active: true,
      origin: 'svc-cloud',
      payloadExample: null,
    });
  });

  it('stores the given fields, an inactive workflow with status INACTIVE', () => {
    const { engine, create, stored } = setup();
    later(engine);
    const payloadSchema = { type: 'object', properties: { name: { type: 'string' } } };
    const answer = create({
      name: 'Welcome',
      workflowId: 'welcome',
      description: 'First mail',
      tags: ['a', 'b'],
      active: false,
      payloadSchema,
      validatePayload: true,
      severity: 'high',
      isTranslationEnabled: true,
      preferences: { user: { all: { enabled: false } }, workflow: { all: { enabled: false } } },
      __source: 'dashboard',
      steps: [],
    });
    const { _id, steps, ...rest } = stored('welcome');
    expect(rest).toStrictEqual({
      _environmentId: DEV,
      _organizationId: ORG,
      workflowId: 'welcome',
      name: 'Welcome',
      description: 'First mail',
      tags: ['a', 'b'],
      active: false,
      status: 'INACTIVE',
      origin: 'svc-cloud',
      payloadSchema,
      validatePayload: true,
      severity: 'high',
      critical: false,
      isTranslationEnabled: true,
      preferences: { user: { all: { enabled: false } }, default: { all: { enabled: false } } },
      lastTriggeredAt: null,
      lastPublishedAt: null,
      createdAt: LATER,
      updatedAt: LATER,
    });
    expect([answer.status, answer.active]).toStrictEqual(['INACTIVE', false]);
  });

  it('stores copies of the tags, payload schema and preferences', () => {
    const { create, stored } = setup();
    const body = {
      name: 'Welcome',
      workflowId: 'welcome',
      tags: ['a'],
      payloadSchema: { type: 'object' } as Record<string, unknown>,
      preferences: { user: { x: 1 }, workflow: { y: 1 } } as Record<string, Record<string, number>>,
      steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'hi' } }],
    };
    create(body);
    body.tags.push('b');
    body.payloadSchema['type'] = 'string';
    (body.preferences['user'] as Record<string, number>)['x'] = 2;
    (body.preferences['workflow'] as Record<string, number>)['y'] = 2;
    (body.steps[0] as { controlValues: Record<string, string> }).controlValues['body'] = 'changed';
    const workflow = stored('welcome');
    expect(workflow.tags).toStrictEqual(['a']);
    expect(workflow.payloadSchema).toStrictEqual({ type: 'object' });
    expect(workflow.preferences).toStrictEqual({ user: { x: 1 }, default: { y: 1 } });
    expect(workflow.steps[0]?.controlValues).toStrictEqual({ body: 'hi' });
  });

  it('fills in each half of the preferences on its own', () => {
    const { create, stored } = setup();
    create({ name: 'A', workflowId: 'a', steps: [], preferences: { user: { u: 1 } } });
    create({ name: 'B', workflowId: 'b', steps: [], preferences: { workflow: { w: 1 } } });
    create({ name: 'C', workflowId: 'c', steps: [], preferences: { user: null, workflow: null } });
    expect(stored('a').preferences).toStrictEqual({
      user: { u: 1 },
      default: DEFAULT_PREFERENCES.default,
    });
    expect(stored('b').preferences).toStrictEqual({ user: null, default: { w: 1 } });
    expect(stored('c').preferences).toStrictEqual(DEFAULT_PREFERENCES);
  });

  it('does not share the default preferences between workflows', () => {
    const { create, stored } = setup();
    create({ name: 'A', workflowId: 'a', steps: [] });
    (stored('a').preferences['default'] as { all: { enabled: boolean } }).all.enabled = false;
    expect(DEFAULT_WORKFLOW_PREFERENCES.default.all.enabled).toBe(true);
  });

  it('lists a created workflow at once, in a listing already read', () => {
    const { create, context } = setup();
    const search: WorkflowSearch = { limit: 10, offset: 0, orderBy: 'name', orderDirection: 'ASC' };
    create({ name: 'B', workflowId: 'b', steps: [] });
    expect(listWorkflows(context, search).workflows.map((w) => w.workflowId)).toStrictEqual(['b']);
    create({ name: 'A', workflowId: 'a', steps: [] });
    expect(listWorkflows(context, search).workflows.map((w) => w.workflowId)).toStrictEqual([
      'a',
      'b',
    ]);
  });
});

describe('createWorkflow: the workflowId', () => {
  it('suffixes a workflowId in use in the environment, so two workflows may share a name', () => {
    const { create, operations, prod } = setup();
    create({ name: 'Welcome', workflowId: 'welcome', steps: [] });
    const second = create({ name: 'Welcome', workflowId: 'welcome', steps: [] });
    expect(second.workflowId).toBe(`welcome-${SUFFIXES[0]}`);
    expect(second.name).toBe('Welcome');
    expect(
      operations['workflows.create'](prod, {
        body: { name: 'Other', workflowId: 'welcome', steps: [] },
      }).workflowId,
    ).toBe('welcome');
  });

  it('derives a missing workflowId from the name, then from "workflow"', () => {
    const { create } = setup();
    expect(create({ name: ' Hello, World! ', steps: [] }).workflowId).toBe('hello-world');
    expect(create({ name: '***', steps: [] }).workflowId).toBe('workflow');
  });

  it('suffixes a derived workflowId while it is taken, up to five tries', () => {
    const taken = ['welcome', ...SUFFIXES.slice(0, 4).map((suffix) => `welcome-${suffix}`)];
    const { create } = setup({ workflows: taken.map((workflowId) => ({ workflowId, steps: [] })) });
    expect(create({ name: 'Welcome', steps: [] }).workflowId).toBe(`welcome-${SUFFIXES[4]}`);
    expect(
      setup({ workflows: [{ workflowId: 'welcome' }] }).create({ name: 'Welcome', steps: [] })
        .workflowId,
    ).toBe(`welcome-${SUFFIXES[0]}`);
  });

  it('answers 409 naming the base when five suffixed workflowIds are taken too', () => {
    const taken = ['welcome', ...SUFFIXES.map((suffix) => `welcome-${suffix}`)];
    const { create, context } = setup({
      workflows: taken.map((workflowId) => ({ workflowId, steps: [] })),
    });
    expect(refusalOf(() => create({ name: 'Welcome', steps: [] }))).toStrictEqual(
      httpRefusal(409, 'Conflict', 'Workflow with the same workflowId already exists', {
        workflowId: 'welcome',
        environmentId: DEV,
      }),
    );
    expect(context.data.workflows.length).toBe(6);
  });
});

describe('createWorkflow: field checks', () => {
  it('answers 422 with every failed check, in order', () => {
    const { create, context } = setup();
    expect(
      refusalOf(() =>
        create({
          name: '  ',
          workflowId: 'not a slug',
          payloadSchema: { type: 'no-such-type' },
          steps: [
            { name: 'Fine', type: 'in_app', stepId: 'fine' },
            { name: ' ', type: 'email', stepId: 'bad id' },
            { name: '', type: 'sms' },
          ],
        }),
      ),
    ).toStrictEqual(
      validationError([
        'name should not be empty',
        `workflowId must be a valid slug format ${SLUG}`,
        'steps.1.name should not be empty',
        `steps.1.stepId must be a valid slug format ${SLUG}`,
        'steps.2.name should not be empty',
        'payloadSchema must be a valid JSON schema',
      ]),
    );
    expect(context.data.workflows).toStrictEqual([]);
  });

  it('answers 422 for each check alone', () => {
    const { create } = setup();
    const step = { name: 'Inbox', type: 'in_app' };
    const body = { name: 'W', workflowId: 'w', steps: [step] };
    expect(refusalOf(() => create({ ...body, name: '' }))).toStrictEqual(
      validationError([
        'name should not be empty',
        'name must be longer than or equal to 1 characters',
      ]),
    );
    expect(refusalOf(() => create({ ...body, workflowId: '-w' }))).toStrictEqual(
      validationError([`workflowId must be a valid slug format ${SLUG}`]),
    );
    expect(
      refusalOf(() => create({ ...body, steps: [step, { ...step, stepId: 'a b' }] })),
    ).toStrictEqual(validationError([`steps.1.stepId must be a valid slug format ${SLUG}`]));
    expect(refusalOf(() => create({ ...body, steps: [{ ...step, name: '\t' }] }))).toStrictEqual(
      validationError(['steps.0.name should not be empty']),
    );
    expect(refusalOf(() => create({ ...body, payloadSchema: { required: 'x' } }))).toStrictEqual(
      validationError(['payloadSchema must be a valid JSON schema']),
    );
  });

  it('accepts padded names, slug identifiers, no payload schema and a null one', () => {
    const { create } = setup();
    const step = { name: ' Inbox ', type: 'in_app', stepId: 'in.box_1-a' };
    expect(create({ name: ' W ', workflowId: 'w.1_a-b', steps: [step] }).name).toBe(' W ');
    expect(
      create({ name: 'X', workflowId: 'x', payloadSchema: null, steps: [] }).payloadSchema,
    ).toBe(null);
    expect(
      create({ name: 'Y', workflowId: 'y', payloadSchema: { type: 'object' }, steps: [] })
        .payloadSchema,
    ).toStrictEqual({ type: 'object' });
  });
});

describe('createWorkflow: steps', () => {
  it('stores each step with new ids and the default step fields', () => {
    const { create, stored } = setup();
    create({
      name: 'W',
      workflowId: 'w',
      steps: [
        { name: 'Say Hello!', type: 'in_app', controlValues: { body: 'hi' } },
        { name: '!!!', type: 'delay', controlValues: null },
        { name: 'Chat', type: 'chat', stepId: 'my-chat' },
      ],
    });
    expect(stored('w').steps).toStrictEqual([
      {
        _id: '6955b900a087eaf300000013',
        stepId: 'say-hello',
        name: 'Say Hello!',
        type: 'in_app',
        active: true,
        controlValues: { body: 'hi' },
        filters: [],
        shouldStopOnFail: false,
      },
      {
        _id: '6955b900a087eaf300000014',
        stepId: 'delay',
        name: '!!!',
        type: 'delay',
        active: true,
        controlValues: {},
        filters: [],
        shouldStopOnFail: false,
      },
      {
        _id: '6955b900a087eaf300000015',
        stepId: 'my-chat',
        name: 'Chat',
        type: 'chat',
        active: true,
        controlValues: {},
        filters: [],
        shouldStopOnFail: false,
      },
    ]);
  });

  it('suffixes a stepId an earlier step of the body already has', () => {
    const { create } = setup();
    const steps = create({
      name: 'W',
      workflowId: 'w',
      steps: [
        { name: 'Inbox', type: 'in_app' },
        { name: 'Other', type: 'in_app', stepId: 'inbox' },
        { name: 'Inbox', type: 'in_app' },
      ],
    }).steps.map((step) => step.stepId);
    expect(steps).toStrictEqual(['inbox', `inbox-${SUFFIXES[0]}`, `inbox-${SUFFIXES[1]}`]);
  });

  it('answers 400 naming the base stepId when five suffixed ones are taken too', () => {
    const { create, context } = setup();
    const taken = ['inbox', ...SUFFIXES.map((suffix) => `inbox-${suffix}`)];
    const steps = taken.map((stepId) => ({ name: 'Inbox', type: 'in_app', stepId }));
    expect(
      refusalOf(() =>
        create({ name: 'W', workflowId: 'w', steps: [...steps, { name: 'Inbox', type: 'sms' }] }),
      ),
    ).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Failed to generate unique stepId', { stepId: 'inbox' }),
    );
    expect(context.data.workflows).toStrictEqual([]);
    const four = steps.slice(0, 5);
    const last = setup().create({
      name: 'W',
      workflowId: 'w',
      steps: [...four, { name: 'Inbox', type: 'sms' }],
    }).steps[5];
    expect(last?.stepId).toBe(`inbox-${SUFFIXES[4]}`);
  });
});

const SEEDED = {
  workflows: [
    {
      workflowId: 'welcome',
      name: 'Welcome',
      description: 'Kept',
      tags: ['kept'],
      active: false,
      payloadSchema: { type: 'object' },
      validatePayload: true,
      severity: 'high' as const,
      isTranslationEnabled: true,
      preferences: { user: { u: 1 }, default: { d: 1 } },
      steps: [
        {
          name: 'Inbox',
          type: 'in_app' as const,
          stepId: 'inbox',
          active: false,
          controlValues: { body: 'stored' },
          filters: [{ isNegated: false, type: 'GROUP', value: 'AND', children: [] }],
          metadata: { type: 'regular', amount: 1, unit: 'hours' },
          shouldStopOnFail: true,
        },
        { name: 'Mail', type: 'email' as const, stepId: 'mail', controlValues: { subject: 's' } },
      ],
    },
  ],
} as SeedData;

function seededSetup() {
  const fixture = setup(SEEDED);
  const original = structuredClone(fixture.stored('welcome'));
  const [inbox, mail] = original.steps;
  if (!inbox || !mail) throw new Error('seed');
  return { ...fixture, original, inbox, mail };
}

describe('updateWorkflow: steps', () => {
  it('changes a step matched by _id: keeps its ids, state, filters and metadata', () => {
    const { engine, update, stored, inbox } = seededSetup();
    later(engine);
    update('welcome', {
      name: 'Welcome',
      steps: [{ _id: inbox._id, name: 'Renamed', type: 'chat', controlValues: { body: 'new' } }],
    });
    expect(stored('welcome').steps).toStrictEqual([
      { ...inbox, name: 'Renamed', type: 'chat', controlValues: { body: 'new' } },
    ]);
  });

  it('matches a step by stepId when it has no _id, and keeps its values when controlValues is omitted', () => {
    const { update, stored, inbox, mail } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      steps: [
        { stepId: 'mail', name: 'Mail 2', type: 'email' },
        { stepId: 'inbox', name: 'Inbox', type: 'in_app', controlValues: null },
      ],
    });
    expect(stored('welcome').steps).toStrictEqual([
      { ...mail, name: 'Mail 2' },
      { ...inbox, controlValues: {} },
    ]);
  });

  it('adds a step whose _id is unknown, even when its stepId is a stored one', () => {
    const { update, stored, mail } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      steps: [
        { _id: mail._id, name: 'Mail', type: 'email' },
        { _id: '6955b900a087eaf3000000ff', stepId: 'inbox', name: 'New', type: 'sms' },
      ],
    });
    expect(stored('welcome').steps).toStrictEqual([
      mail,
      {
        _id: '6955b900a087eaf300000015',
        stepId: 'inbox',
        name: 'New',
        type: 'sms',
        active: true,
        controlValues: {},
        filters: [],
        shouldStopOnFail: false,
      },
    ]);
  });

  it('matches a stored step once: a repeated _id or stepId adds a new step', () => {
    const { update, stored, inbox, mail } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      steps: [
        { _id: inbox._id, name: 'Inbox', type: 'in_app' },
        { _id: inbox._id, name: 'Again', type: 'in_app' },
        { stepId: 'mail', name: 'Mail', type: 'email' },
        { stepId: 'mail', name: 'Mail', type: 'email', controlValues: { body: 'b' } },
      ],
    });
    const steps = stored('welcome').steps;
    expect(
      steps.map((step) => [step._id, step.stepId, step.active, step.controlValues]),
    ).toStrictEqual([
      [inbox._id, 'inbox', false, { body: 'stored' }],
      ['6955b900a087eaf300000015', 'again', true, {}],
      [mail._id, 'mail', true, { subject: 's' }],
      ['6955b900a087eaf300000016', `mail-${SUFFIXES[0]}`, true, { body: 'b' }],
    ]);
    expect(steps[1]).not.toHaveProperty('metadata');
  });

  it('keeps the stored stepId of a step matched by _id, and uses a new stepId of the body for a new step', () => {
    const { update, stored, inbox } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      steps: [
        { _id: inbox._id, name: 'Something Else', type: 'in_app' },
        { stepId: 'custom-id', name: 'Fresh', type: 'push' },
        { name: '#', type: 'throttle' },
      ],
    });
    expect(stored('welcome').steps.map((step) => step.stepId)).toStrictEqual([
      'inbox',
      'custom-id',
      'throttle',
    ]);
  });

  it('keeps the stored stepId of a step matched by _id when the body brings another stepId', () => {
    const { update, stored, inbox } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      steps: [{ _id: inbox._id, stepId: 'other', name: 'Inbox', type: 'in_app' }],
    });
    expect(stored('welcome').steps.map((step) => [step._id, step.stepId])).toStrictEqual([
      [inbox._id, 'inbox'],
    ]);
  });

  it('removes the stored steps the body leaves out', () => {
    const { update, stored } = seededSetup();
    update('welcome', { name: 'Welcome', steps: [] });
    expect(stored('welcome').steps).toStrictEqual([]);
  });

  it('stores copies of the kept values, filters and metadata', () => {
    const { update, stored, inbox, context } = seededSetup();
    const before = structuredClone(context.data.workflows[0]?.steps[0]);
    update('welcome', {
      name: 'Welcome',
      steps: [{ _id: inbox._id, name: 'Inbox', type: 'in_app' }],
    });
    const [kept] = stored('welcome').steps;
    if (!kept || !before) throw new Error('no step');
    (kept.controlValues as Record<string, unknown>)['body'] = 'x';
    (kept.metadata as Record<string, unknown>)['amount'] = 9;
    kept.filters.push({ children: [] } as never);
    expect([before.controlValues, before.metadata, before.filters.length]).toStrictEqual([
      { body: 'stored' },
      { type: 'regular', amount: 1, unit: 'hours' },
      1,
    ]);
  });
});

describe('updateWorkflow: the workflow fields', () => {
  it('keeps the optional fields a body leaves out, replaces name and preferences, and re-activates', () => {
    const { engine, update, stored, original } = seededSetup();
    later(engine);
    const answer = update('welcome', { name: 'Renamed', workflowId: 'not a slug', steps: [] });
    expect(stored('welcome')).toStrictEqual({
      ...original,
      name: 'Renamed',
      steps: [],
      active: true,
      status: 'ACTIVE',
      preferences: DEFAULT_PREFERENCES,
      updatedAt: LATER,
    });
    expect([answer.workflowId, answer.status, answer.updatedAt]).toStrictEqual([
      'welcome',
      'ACTIVE',
      LATER,
    ]);
  });

  it('replaces each optional field given, with falsy values too', () => {
    const { update, stored, original } = seededSetup();
    update('welcome', {
      name: 'Welcome',
      active: false,
      description: '',
      tags: [],
      payloadSchema: null,
      validatePayload: false,
      severity: 'none',
      isTranslationEnabled: false,
      preferences: { user: null, workflow: { w: 1 } },
      steps: [],
    });
    expect(stored('welcome')).toStrictEqual({
      ...original,
      steps: [],
      active: false,
      status: 'INACTIVE',
      description: '',
      tags: [],
      payloadSchema: null,
      validatePayload: false,
      severity: 'none',
      isTranslationEnabled: false,
      preferences: { user: null, default: { w: 1 } },
    });
  });

  it('replaces the optional fields with new values, stored as copies', () => {
    const { update, stored } = seededSetup();
    const tags = ['x'];
    const payloadSchema: Record<string, unknown> = { type: 'object', required: [] };
    update('welcome', {
      name: 'Welcome',
      description: 'New',
      tags,
      payloadSchema,
      severity: 'low',
      steps: [],
    });
    tags.push('y');
    payloadSchema['type'] = 'string';
    expect(stored('welcome')).toMatchObject({
      description: 'New',
      tags: ['x'],
      payloadSchema: { type: 'object', required: [] },
      severity: 'low',
      validatePayload: true,
      isTranslationEnabled: true,
    });
  });

  it('finds the workflow by _id and answers 404 for an unknown one', () => {
    const { update, stored, original } = seededSetup();
    expect(update(original._id, { name: 'By id', steps: [] }).name).toBe('By id');
    expect(stored('welcome').name).toBe('By id');
    expect(refusalOf(() => update('missing', { name: 'X', steps: [] }))).toStrictEqual(
      httpRefusal(404, 'Not Found', 'Workflow cannot be found', { workflowId: 'missing' }),
    );
  });

  it('applies the field checks and changes nothing when one fails', () => {
    const { update, stored, original } = seededSetup();
    expect(
      refusalOf(() =>
        update('welcome', { name: ' ', steps: [{ name: 'A', type: 'sms', stepId: '_a' }] }),
      ),
    ).toStrictEqual(
      validationError([
        'name should not be empty',
        `steps.0.stepId must be a valid slug format ${SLUG}`,
      ]),
    );
    expect(stored('welcome')).toStrictEqual(original);
  });

  it('reorders a listing already read when the name changes', () => {
    const { create, update, context } = seededSetup();
    create({ name: 'Middle', workflowId: 'middle', steps: [] });
    const search: WorkflowSearch = { limit: 10, offset: 0, orderBy: 'name', orderDirection: 'ASC' };
    const names = () => listWorkflows(context, search).workflows.map((w) => w.name);
    expect(names()).toStrictEqual(['Middle', 'Welcome']);
    update('welcome', { name: 'Alpha', steps: [] });
    expect(names()).toStrictEqual(['Alpha', 'Middle']);
  });

  it('undoes the update when the operation around it fails', () => {
    const { update, stored, original } = seededSetup();
    expect(() =>
      journaled(
        () => {
          update('welcome', { name: 'Changed', steps: [] });
          throw new Error('boom');
        },
        () => {},
      ),
    ).toThrowError('boom');
    expect(stored('welcome')).toStrictEqual(original);
  });
});

describe("the service's limits on name, description and tags", () => {
  const body = { name: 'W', workflowId: 'w', steps: [] };

  it('takes a name of 64 characters and refuses 65, on create and update', () => {
    const { create, update } = setup();
    expect(create({ ...body, name: 'n'.repeat(64) }).name).toHaveLength(64);
    expect(
      refusalOf(() => create({ ...body, workflowId: 'x', name: 'n'.repeat(65) })),
    ).toStrictEqual(validationError(['name must be shorter than or equal to 64 characters']));
    expect(refusalOf(() => update('w', { name: 'n'.repeat(65), steps: [] }))).toStrictEqual(
      validationError(['name must be shorter than or equal to 64 characters']),
    );
  });

  it('takes a description of 256 characters and refuses 257, on create and update', () => {
    const { create, update } = setup();
    expect(create({ ...body, description: 'd'.repeat(256) }).description).toHaveLength(256);
    expect(
      refusalOf(() => update('w', { name: 'W', description: 'd'.repeat(257), steps: [] })),
    ).toStrictEqual(
      validationError(['description must be shorter than or equal to 256 characters']),
    );
  });

  it('takes 16 distinct tags of 1 to 64 characters', () => {
    const { create } = setup();
    const tags = Array.from({ length: 15 }, (_, index) => `t${index}`).concat('t'.repeat(64));
    expect(create({ ...body, tags }).tags).toStrictEqual(tags);
  });

  it('refuses a 17th tag, a repeated tag, an empty one and one of 65 characters', () => {
    const { create, context } = setup();
    const many = Array.from({ length: 17 }, (_, index) => `t${index}`);
    expect(refusalOf(() => create({ ...body, tags: many }))).toStrictEqual(
      validationError(['tags must contain no more than 16 elements']),
    );
    expect(refusalOf(() => create({ ...body, tags: ['a', 'a'] }))).toStrictEqual(
      validationError(["All tags's elements must be unique"]),
    );
    const each =
      'each value in tags must be longer than or equal to 1 and shorter than or equal to 64 characters';
    expect(refusalOf(() => create({ ...body, tags: ['a', ''] }))).toStrictEqual(
      validationError([each]),
    );
    expect(refusalOf(() => create({ ...body, tags: ['t'.repeat(65)] }))).toStrictEqual(
      validationError([each]),
    );
    expect(context.data.workflows).toStrictEqual([]);
  });

  it('derives step ids with the service slugify (camel case split, contractions joined)', () => {
    const { create } = setup();
    const answer = create({
      ...body,
      steps: [
        { name: 'sendInApp', type: 'in_app' },
        { name: "Don't & Do", type: 'email' },
      ],
    });
    expect(answer.steps.map((step) => step.stepId)).toStrictEqual(['send-in-app', 'dont-and-do']);
  });
});
