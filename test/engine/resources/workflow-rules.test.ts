// The workflow list and sync, engine-direct (mock-server/engine/resources/workflows.ts,
// docs/behaviour/workflows.md#list and #sync): list items, filters, order and pages, the
// reported status, and what a sync refuses, writes and answers.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { buildSlug } from '../../../mock-server/engine/resources/slug';
import type { WorkflowSearch } from '../../../mock-server/engine/resources/workflows';
import { listWorkflows } from '../../../mock-server/engine/resources/workflows';
import { contextOf, httpRefusal, refusalOf, validationError } from '../helpers';

/** Four workflows created a minute apart: alpha (tags a, b), Beta (b), gamma (ERROR), delta (inactive). */
function setup() {
  const engine = createMockEngine();
  const seed = (workflow: Parameters<MockEngine['seed']>[0]['workflows']) => {
    engine.seed({ workflows: workflow });
    engine.clock.advance('1m');
  };
  seed([
    {
      workflowId: 'alpha-flow',
      name: 'Alpha welcome',
      tags: ['a', 'b'],
      steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
    },
  ]);
  seed([
    {
      workflowId: 'beta-flow',
      name: 'Beta',
      tags: ['b'],
      lastTriggeredAt: '2026-03-01T00:00:00.000Z',
    },
  ]);
  seed([
    {
      workflowId: 'gamma-flow',
      name: 'gamma',
      tags: ['c'],
      steps: [
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } },
        { type: 'sms', name: 'Text', controlValues: { body: 'Hi' } },
      ],
      lastTriggeredAt: '2026-02-01T00:00:00.000Z',
    },
  ]);
  seed([{ workflowId: 'delta-flow', name: 'Delta', active: false }]);
  const context = contextOf(engine);
  const list = (search: Partial<WorkflowSearch> = {}) =>
    listWorkflows(context, {
      limit: 50,
      offset: 0,
      orderBy: 'createdAt',
      orderDirection: 'DESC',
      ...search,
    });
  const ids = (search: Partial<WorkflowSearch> = {}) =>
    list(search).workflows.map((workflow) => workflow.workflowId);
  return { engine, context, list, ids };
}

describe('list items', () => {
  it('answers every field of a list item, steps with their issues only when they have some', () => {
    const { context, list } = setup();
    const gamma = context.data.workflows.find((workflow) => workflow.workflowId === 'gamma-flow');
    const [inbox, text] = gamma?.steps ?? [];
    const id = gamma?._id ?? '';
    expect(list({ query: 'gamma' })).toStrictEqual({
      workflows: [
        {
          _id: id,
          workflowId: 'gamma-flow',
          slug: buildSlug('gamma', 'workflow', id),
          name: 'gamma',
          origin: 'svc-cloud',
          tags: ['c'],
          updatedAt: '2026-01-01T00:02:00.000Z',
          createdAt: '2026-01-01T00:02:00.000Z',
          lastPublishedAt: null,
          status: 'ERROR',
          lastTriggeredAt: '2026-02-01T00:00:00.000Z',
          isTranslationEnabled: false,
          stepTypeOverviews: ['in_app', 'sms'],
          steps: [
            { slug: buildSlug('Inbox', 'step', inbox?._id ?? ''), type: 'in_app' },
            {
              slug: buildSlug('Text', 'step', text?._id ?? ''),
              type: 'sms',
              issues: {
                integration: {
                  sms: [
                    {
                      issueType: 'MISSING_INTEGRATION',
                      message: 'Missing active sms integration provider',
                    },
                  ],
                },
              },
            },
          ],
        },
      ],
      totalCount: 1,
    });
  });

  it('reports the stored status when no step has issues', () => {
    const { list } = setup();
    const statuses = list({ orderDirection: 'ASC' }).workflows.map((w) => [w.workflowId, w.status]);
    expect(statuses).toStrictEqual([
      ['alpha-flow', 'ACTIVE'],
      ['beta-flow', 'ACTIVE'],
      ['gamma-flow', 'ERROR'],
      ['delta-flow', 'INACTIVE'],
    ]);
  });

  it('reports ERROR when only a later step has issues, and clears it once an integration exists', () => {
    const { engine, list } = setup();
    engine.seed({ integrations: [{ providerId: 'twilio', channel: 'sms', active: true }] });
    expect(list({ query: 'gamma' }).workflows[0]?.status).toBe('ACTIVE');
    expect(
      list({ query: 'gamma' }).workflows[0]?.steps.map((step) => 'issues' in step),
    ).toStrictEqual([false, false]);
  });

  it('answers a copy of the tags', () => {
    const { context, list } = setup();
    const item = list({ query: 'alpha' }).workflows[0];
    item?.tags.push('changed');
    expect(context.data.workflows[0]?.tags).toStrictEqual(['a', 'b']);
  });
});

describe('list filters', () => {
  it('answers every workflow, newest first, without filters', () => {
    const { list, ids } = setup();
    expect(ids()).toStrictEqual(['delta-flow', 'gamma-flow', 'beta-flow', 'alpha-flow']);
    expect(list().totalCount).toBe(4);
    expect(ids({ query: '' })).toStrictEqual([
      'delta-flow',
      'gamma-flow',
      'beta-flow',
      'alpha-flow',
    ]);
  });

  it('matches the query case-insensitively in the name or the workflowId', () => {
    const { list, ids } = setup();
    expect(ids({ query: 'ALPHA' })).toStrictEqual(['alpha-flow']);
    expect(ids({ query: 'WELCOME' })).toStrictEqual(['alpha-flow']);
    expect(ids({ query: 'lta-fl' })).toStrictEqual(['delta-flow']);
    expect(ids({ query: 'Gamma' })).toStrictEqual(['gamma-flow']);
    expect(ids({ query: 'ta-FL' })).toStrictEqual(['delta-flow', 'beta-flow']);
    expect(ids({ query: 'flow' })).toStrictEqual([
      'delta-flow',
      'gamma-flow',
      'beta-flow',
      'alpha-flow',
    ]);
    expect(list({ query: 'nothing' })).toStrictEqual({ workflows: [], totalCount: 0 });
  });

  it('matches any of the tags', () => {
    const { ids } = setup();
    expect(ids({ tags: ['a'] })).toStrictEqual(['alpha-flow']);
    expect(ids({ tags: ['b'] })).toStrictEqual(['beta-flow', 'alpha-flow']);
    expect(ids({ tags: ['c', 'a'] })).toStrictEqual(['gamma-flow', 'alpha-flow']);
    expect(ids({ tags: ['z'] })).toStrictEqual([]);
    expect(ids({ tags: ['b'], query: '' })).toStrictEqual(['beta-flow', 'alpha-flow']);
  });

  it('matches the reported status', () => {
    const { ids, list } = setup();
    expect(ids({ status: ['ERROR'] })).toStrictEqual(['gamma-flow']);
    expect(ids({ status: ['ACTIVE'] })).toStrictEqual(['beta-flow', 'alpha-flow']);
    expect(ids({ status: ['INACTIVE', 'ERROR'] })).toStrictEqual(['delta-flow', 'gamma-flow']);
    expect(list({ status: ['INACTIVE'] }).totalCount).toBe(1);
  });

  it('combines the query, the tags and the status', () => {
    const { ids } = setup();
    expect(ids({ query: 'a', tags: ['b'], status: ['ACTIVE'] })).toStrictEqual([
      'beta-flow',
      'alpha-flow',
    ]);
    expect(ids({ query: 'beta', tags: ['a'] })).toStrictEqual([]);
    expect(ids({ query: 'alpha', status: ['INACTIVE'] })).toStrictEqual([]);
    expect(ids({ tags: ['b'], status: ['ERROR'] })).toStrictEqual([]);
  });
});

describe('list order and pages', () => {
  it('sorts by each field, ascending and descending', () => {
    const { ids } = setup();
    expect(ids({ orderDirection: 'ASC' })).toStrictEqual([
      'alpha-flow',
      'beta-flow',
      'gamma-flow',
      'delta-flow',
    ]);
    // Names compare by code unit: upper case first.
    expect(ids({ orderBy: 'name', orderDirection: 'ASC' })).toStrictEqual([
      'alpha-flow',
      'beta-flow',
      'delta-flow',
      'gamma-flow',
    ]);
    expect(ids({ orderBy: 'lastTriggeredAt', orderDirection: 'DESC' })).toStrictEqual([
      'beta-flow',
      'gamma-flow',
      'delta-flow',
      'alpha-flow',
    ]);
  });

  it('pages after filtering and counts every match', () => {
    const { list, ids } = setup();
    expect(ids({ limit: 2 })).toStrictEqual(['delta-flow', 'gamma-flow']);
    expect(ids({ limit: 2, offset: 1 })).toStrictEqual(['gamma-flow', 'beta-flow']);
    expect(ids({ limit: 2, offset: 3 })).toStrictEqual(['alpha-flow']);
    expect(ids({ limit: 2, offset: 1, orderDirection: 'ASC' })).toStrictEqual([
      'beta-flow',
      'gamma-flow',
    ]);
    expect(list({ limit: 10, offset: 4 })).toStrictEqual({ workflows: [], totalCount: 4 });
    expect(list({ limit: 1, offset: 9 })).toStrictEqual({ workflows: [], totalCount: 4 });
    expect(list({ limit: 1, tags: ['b'] }).totalCount).toBe(2);
    expect(ids({ limit: 1, offset: 1, tags: ['b'] })).toStrictEqual(['alpha-flow']);
  });
});

describe('sync refusals', () => {
  it('answers 422 without a targetEnvironmentId', () => {
    const { engine, context } = setup();
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, {
          params: { workflowId: 'alpha-flow' },
          body: {},
        }),
      ),
    ).toStrictEqual(validationError(['targetEnvironmentId should not be null or undefined']));
  });

  it("answers 400 for the key's own environment", () => {
    const { engine, context } = setup();
    const body = { targetEnvironmentId: engine.environment('Development')._id };
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, {
          params: { workflowId: 'alpha-flow' },
          body: body,
        }),
      ),
    ).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Cannot sync workflow to the same environment'),
    );
  });

  it('answers 404 for an id that is not an environment of the organization', () => {
    const { engine, context } = setup();
    const other = engine.createOrganization({ name: 'Other' }).environments[0]?._id ?? '';
    const production = engine.environment('Production')._id;
    for (const id of [other, 'not-an-id', `${production}0`, `x${production}`]) {
      expect(
        refusalOf(() =>
          engine.operations['workflows.sync'](context, {
            params: { workflowId: 'alpha-flow' },
            body: { targetEnvironmentId: id },
          }),
        ),
      ).toStrictEqual(httpRefusal(404, 'Not Found', `Environment ${id} not found`));
    }
  });

  it('finds the target environment by its _id written in capitals, as the service casts it', () => {
    const { engine, context } = setup();
    const production = engine.environment('Production');
    engine.operations['workflows.sync'](context, {
      params: { workflowId: 'alpha-flow' },
      body: { targetEnvironmentId: production._id.toUpperCase() },
    });
    const target = engine.scope(production._id).data.workflows;
    expect(target.map((workflow) => workflow.workflowId)).toStrictEqual(['alpha-flow']);
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, {
          params: { workflowId: 'alpha-flow' },
          body: { targetEnvironmentId: context.environment._id.toUpperCase() },
        }),
      ),
    ).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'Cannot sync workflow to the same environment'),
    );
  });

  it('answers 404 with the workflowId asked for when the workflow is not found', () => {
    const { engine, context } = setup();
    const body = { targetEnvironmentId: engine.environment('Production')._id };
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, {
          params: { workflowId: 'nope' },
          body: body,
        }),
      ),
    ).toStrictEqual(
      httpRefusal(404, 'Not Found', 'Workflow cannot be found', { workflowId: 'nope' }),
    );
  });

  it('answers 400 for a workflow whose origin is not svc-cloud, with its stored status', () => {
    const { engine, context } = setup();
    engine.seed({ workflows: [{ workflowId: 'ext', origin: 'external', status: 'ERROR' }] });
    engine.seed({ workflows: [{ workflowId: 'v1', origin: 'svc-cloud-v1', active: false }] });
    const body = { targetEnvironmentId: engine.environment('Production')._id };
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, { params: { workflowId: 'ext' }, body: body }),
      ),
    ).toStrictEqual(
      httpRefusal(
        400,
        'Bad Request',
        "Cannot sync workflow: origin 'external' is not allowed (must be one of: svc-cloud)",
        { workflowId: 'ext', status: 'ERROR', origin: 'external', allowedOrigins: ['svc-cloud'] },
      ),
    );
    expect(
      refusalOf(() =>
        engine.operations['workflows.sync'](context, { params: { workflowId: 'v1' }, body: body }),
      ),
    ).toStrictEqual(
      httpRefusal(
        400,
        'Bad Request',
        "Cannot sync workflow: origin 'svc-cloud-v1' is not allowed (must be one of: svc-cloud)",
        {
          workflowId: 'v1',
          status: 'INACTIVE',
          origin: 'svc-cloud-v1',
          allowedOrigins: ['svc-cloud'],
        },
      ),
    );
    const production = contextOf(engine, 'Production');
    expect(
      listWorkflows(production, {
        limit: 10,
        offset: 0,
        orderBy: 'createdAt',
        orderDirection: 'DESC',
      }).totalCount,
    ).toBe(0);
  });
});

describe('sync', () => {
  function syncSetup() {
    const { engine, context, ids } = setup();
    const production = contextOf(engine, 'Production');
    const target = { targetEnvironmentId: engine.environment('Production')._id };
    const listTarget = () =>
      listWorkflows(production, {
        limit: 10,
        offset: 0,
        orderBy: 'name',
        orderDirection: 'ASC',
      }).workflows.map((workflow) => workflow.workflowId);
    return { engine, context, production, target, listTarget, ids };
  }

  it("creates the workflow in the target and answers it with its own ids and the target's issues", () => {
    const { engine, context, production, target, listTarget } = syncSetup();
    engine.seed({
      workflows: [
        {
          workflowId: 'mail',
          name: 'Mail',
          description: 'Sends mail',
          tags: ['t'],
          payloadSchema: { type: 'object', properties: { n: { type: 'number' } } },
          validatePayload: true,
          severity: 'high',
          isTranslationEnabled: true,
          lastTriggeredAt: '2026-01-02T00:00:00.000Z',
          steps: [{ type: 'email', name: 'Send', controlValues: { subject: 'S', body: 'B' } }],
        },
      ],
    });
    expect(listTarget()).toStrictEqual([]);
    engine.clock.advance('1h');
    const answer = engine.operations['workflows.sync'](context, {
      params: { workflowId: 'mail' },
      body: target,
    });
    const stored = production.data.workflows[0];
    const source = context.data.workflows.find((workflow) => workflow.workflowId === 'mail');
    expect(production.data.workflows.length).toBe(1);
    const id = stored?._id ?? '';
    const stepId = stored?.steps[0]?._id ?? '';
    expect(id).not.toBe(source?._id);
    expect(stepId).not.toBe(source?.steps[0]?._id);
    expect(stored?._environmentId).toBe(engine.environment('Production')._id);
    const { steps, preferences, ...rest } = answer;
    expect(rest).toStrictEqual({
      _id: id,
      slug: buildSlug('Mail', 'workflow', id),
      workflowId: 'mail',
      name: 'Mail',
      description: 'Sends mail',
      tags: ['t'],
      active: true,
      origin: 'svc-cloud',
      lastPublishedAt: null,
      lastPublishedBy: null,
      updatedBy: null,
      issues: {},
      updatedAt: '2026-01-01T01:04:00.000Z',
      createdAt: '2026-01-01T01:04:00.000Z',
      status: 'ERROR',
      lastTriggeredAt: null,
      payloadSchema: { type: 'object', properties: { n: { type: 'number' } } },
      payloadExample: { n: 0 },
      validatePayload: true,
      isTranslationEnabled: true,
      severity: 'high',
    });
    expect(preferences).toStrictEqual(source?.preferences);
    const { controls, variables, ...step } = steps[0] ?? { controls: null, variables: null };
    expect(step).toStrictEqual({
      _id: stepId,
      stepId: 'send',
      name: 'Send',
      slug: buildSlug('Send', 'step', stepId),
      type: 'email',
      origin: 'svc-cloud',
      workflowId: 'mail',
      workflowDatabaseId: id,
      controlValues: { subject: 'S', body: 'B' },
      issues: {
        integration: {
          email: [
            {
              issueType: 'MISSING_INTEGRATION',
              message: 'Missing active email integration provider',
            },
          ],
        },
      },
    });
    expect(controls?.values).toStrictEqual({ subject: 'S', body: 'B' });
    expect(source?.lastPublishedAt).toBe('2026-01-01T01:04:00.000Z');
    expect(listTarget()).toStrictEqual(['mail']);
    expect(
      engine.operations['workflows.retrieve'](production, { params: { workflowId: 'mail' } }),
    ).toStrictEqual(answer);
  });

  it('leaves description out of the answer when the workflow has none, and a step without issues has no issues key', () => {
    const { engine, context, target } = syncSetup();
    const answer = engine.operations['workflows.sync'](context, {
      params: { workflowId: 'alpha-flow' },
      body: target,
    });
    expect('description' in answer).toBe(false);
    expect(answer.status).toBe('ACTIVE');
    expect(answer.steps.map((step) => 'issues' in step)).toStrictEqual([false]);
  });

  it('updates the target workflow of the same workflowId, keeping its _id, step ids, createdAt and run times', () => {
    const { engine, context, production, target, listTarget } = syncSetup();
    engine.seed({
      environment: 'Production',
      workflows: [
        {
          workflowId: 'gamma-flow',
          name: 'Old gamma',
          createdAt: '2025-06-01T00:00:00.000Z',
          lastTriggeredAt: '2025-07-01T00:00:00.000Z',
          steps: [
            { type: 'sms', name: 'Text' },
            { type: 'in_app', name: 'Inbox' },
            { type: 'delay', name: 'Old wait' },
          ],
        },
      ],
    });
    const before = production.data.workflows[0];
    const oldId = before?._id;
    const oldInbox = before?.steps[1]?._id;
    const oldText = before?.steps[0]?._id;
    if (before) before.lastPublishedAt = '2025-08-01T00:00:00.000Z';
    expect(listTarget()).toStrictEqual(['gamma-flow']);
    engine.clock.advance('1h');
    const answer = engine.operations['workflows.sync'](context, {
      params: { workflowId: 'gamma-flow' },
      body: target,
    });
    expect(production.data.workflows.length).toBe(1);
    expect(answer._id).toBe(oldId);
    expect(answer.name).toBe('gamma');
    expect(answer.status).toBe('ERROR');
    expect(answer.steps.map((step) => [step._id, step.stepId])).toStrictEqual([
      [oldInbox, 'inbox'],
      [oldText, 'text'],
    ]);
    expect(answer.createdAt).toBe('2025-06-01T00:00:00.000Z');
    expect(answer.updatedAt).toBe('2026-01-01T01:04:00.000Z');
    expect(answer.lastTriggeredAt).toBe('2025-07-01T00:00:00.000Z');
    expect(answer.lastPublishedAt).toBe('2025-08-01T00:00:00.000Z');
    expect(production.data.workflows[0]).toBe(before);
    expect(listTarget()).toStrictEqual(['gamma-flow']);
    expect(
      listWorkflows(production, {
        limit: 10,
        offset: 0,
        orderBy: 'updatedAt',
        orderDirection: 'ASC',
      }).workflows.map((w) => [w.name, w.updatedAt]),
    ).toStrictEqual([['gamma', '2026-01-01T01:04:00.000Z']]);
  });

  it('gives a step the target workflow does not have a new _id', () => {
    const { engine, context, production, target } = syncSetup();
    engine.seed({
      environment: 'Production',
      workflows: [{ workflowId: 'alpha-flow', steps: [{ type: 'delay', name: 'Wait' }] }],
    });
    const oldStep = production.data.workflows[0]?.steps[0]?._id;
    const sourceStep = context.data.workflows[0]?.steps[0]?._id;
    const answer = engine.operations['workflows.sync'](context, {
      params: { workflowId: 'alpha-flow' },
      body: target,
    });
    const newStep = answer.steps[0]?._id;
    expect(answer.steps.map((step) => step.stepId)).toStrictEqual(['inbox']);
    expect(newStep === oldStep || newStep === sourceStep).toBe(false);
    expect(newStep).toMatch(/^[0-9a-f]{24}$/);
  });

  it('finds the source by workflowId, slug or _id', () => {
    const { engine, context, target, ids } = syncSetup();
    const alpha = context.data.workflows.find((workflow) => workflow.workflowId === 'alpha-flow');
    const slug = buildSlug('Alpha welcome', 'workflow', alpha?._id ?? '');
    expect(
      engine.operations['workflows.sync'](context, { params: { workflowId: slug }, body: target })
        .workflowId,
    ).toBe('alpha-flow');
    expect(
      engine.operations['workflows.sync'](context, {
        params: { workflowId: alpha?._id ?? '' },
        body: target,
      }).workflowId,
    ).toBe('alpha-flow');
    expect(ids()).toHaveLength(4);
  });

  it('adds a second synced workflow to the target list at once', () => {
    const { engine, context, target, listTarget } = syncSetup();
    engine.operations['workflows.sync'](context, {
      params: { workflowId: 'beta-flow' },
      body: target,
    });
    expect(listTarget()).toStrictEqual(['beta-flow']);
    engine.operations['workflows.sync'](context, {
      params: { workflowId: 'alpha-flow' },
      body: target,
    });
    expect(listTarget()).toStrictEqual(['alpha-flow', 'beta-flow']);
  });
});
