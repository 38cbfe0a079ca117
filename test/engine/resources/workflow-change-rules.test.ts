// Workflow retrieve, patch and delete, engine-direct (mock-server/engine/resources/workflow-changes.ts,
// docs/behaviour/workflows.md#retrieve, #patch and #delete): the 404, each patched field, the
// fields a patch leaves alone, and what the list sees after a patch or a delete.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { buildSlug } from '../../../mock-server/engine/resources/slug';
import { refusalOf, validationError } from '../helpers';

const notFound = (workflowId: string) => ({
  status: 404,
  message: 'Workflow cannot be found',
  ctx: { error: 'Not Found', statusCode: 404, workflowId },
  extra: {},
});

const SCHEMA = { type: 'object', properties: { name: { type: 'string', default: 'you' } } };

function setup() {
  const engine = createMockEngine({
    seed: {
      workflows: [
        {
          workflowId: 'welcome',
          name: 'Welcome',
          description: 'First mail',
          tags: ['onboarding'],
          payloadSchema: SCHEMA,
          validatePayload: true,
          isTranslationEnabled: true,
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
        },
        { workflowId: 'middle', name: 'Middle' },
        { workflowId: 'zeta', name: 'Zeta' },
      ],
    },
  });
  const context = engine.scope('Development');
  const { operations } = engine;
  const patch = (body: unknown, id = 'welcome') =>
    operations['workflows.patch'](context, { params: { workflowId: id }, body: body });
  const names = () =>
    operations['workflows.list'](context, {
      query: { limit: 10, offset: 0, orderBy: 'name', orderDirection: 'ASC' },
    }).workflows.map((workflow) => workflow.name);
  /** The fields a patch may change, as retrieve answers them. */
  const fields = (id = 'welcome') => {
    const workflow = operations['workflows.retrieve'](context, { params: { workflowId: id } });
    return {
      name: workflow.name,
      description: workflow.description,
      tags: workflow.tags,
      active: workflow.active,
      status: workflow.status,
      payloadSchema: workflow.payloadSchema,
      validatePayload: workflow.validatePayload,
      isTranslationEnabled: workflow.isTranslationEnabled,
      updatedAt: workflow.updatedAt,
    };
  };
  return { engine, context, operations, patch, names, fields };
}

const INITIAL = {
  name: 'Welcome',
  description: 'First mail',
  tags: ['onboarding'],
  active: true,
  status: 'ACTIVE',
  payloadSchema: SCHEMA,
  validatePayload: true,
  isTranslationEnabled: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('retrieve', () => {
  it('finds a workflow by workflowId, slug or _id', () => {
    const { context, operations } = setup();
    const stored = context.data.workflows[0];
    const id = stored?._id ?? '';
    const answer = operations['workflows.retrieve'](context, { params: { workflowId: 'welcome' } });
    expect(answer._id).toBe(id);
    expect(answer.slug).toBe(buildSlug('Welcome', 'workflow', id));
    expect(
      operations['workflows.retrieve'](context, { params: { workflowId: answer.slug } }),
    ).toStrictEqual(answer);
    expect(operations['workflows.retrieve'](context, { params: { workflowId: id } })).toStrictEqual(
      answer,
    );
  });

  it("answers 404 with the workflowId asked for, for an unknown one or another environment's", () => {
    const { engine, operations } = setup();
    const production = engine.scope('Production');
    expect(
      refusalOf(() =>
        operations['workflows.retrieve'](production, { params: { workflowId: 'welcome' } }),
      ),
    ).toStrictEqual(notFound('welcome'));
    expect(
      refusalOf(() =>
        operations['workflows.retrieve'](production, {
          params: { workflowId: 'x_wf_0000000000000001' },
        }),
      ),
    ).toStrictEqual(notFound('x_wf_0000000000000001'));
  });
});

describe('patch', () => {
  it('sets active false and the stored status INACTIVE, then back to ACTIVE', () => {
    const { engine, patch, fields } = setup();
    engine.clock.advance('1m');
    expect(patch({ active: false }).status).toBe('INACTIVE');
    expect(fields()).toStrictEqual({
      ...INITIAL,
      active: false,
      status: 'INACTIVE',
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
    engine.clock.advance('1m');
    patch({ active: true });
    expect(fields()).toStrictEqual({ ...INITIAL, updatedAt: '2026-01-01T00:02:00.000Z' });
  });

  it('leaves every field alone for an empty body, and moves only updatedAt', () => {
    const { engine, patch, fields } = setup();
    engine.clock.advance('1h');
    patch({});
    expect(fields()).toStrictEqual({ ...INITIAL, updatedAt: '2026-01-01T01:00:00.000Z' });
  });

  it('leaves a field given as null alone', () => {
    const { patch, fields } = setup();
    patch({
      active: null,
      name: null,
      description: null,
      tags: null,
      payloadSchema: null,
      validatePayload: null,
      isTranslationEnabled: null,
    });
    expect(fields()).toStrictEqual(INITIAL);
  });

  it('replaces each field given, and only that one', () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ name: 'Hello' }, { name: 'Hello' }],
      [{ description: '' }, { description: '' }],
      [{ tags: ['x', 'y'] }, { tags: ['x', 'y'] }],
      [{ tags: [] }, { tags: [] }],
      [{ payloadSchema: { type: 'object' } }, { payloadSchema: { type: 'object' } }],
      [{ validatePayload: false }, { validatePayload: false }],
      [{ isTranslationEnabled: false }, { isTranslationEnabled: false }],
    ];
    for (const [body, changed] of cases) {
      const { patch, fields } = setup();
      patch(body);
      expect(fields()).toStrictEqual({ ...INITIAL, ...changed });
    }
  });

  it('answers the workflow as retrieve gives it, its slug following the new name', () => {
    const { context, operations, patch } = setup();
    const answer = patch({ name: 'Hello there' });
    expect(answer).toStrictEqual(
      operations['workflows.retrieve'](context, { params: { workflowId: 'welcome' } }),
    );
    expect(answer.slug).toBe(buildSlug('Hello there', 'workflow', answer._id));
    expect(answer.workflowId).toBe('welcome');
  });

  it('stores copies of the tags and the schema it is given', () => {
    const { patch, fields } = setup();
    const tags = ['x'];
    const schema = { type: 'object', properties: {} };
    patch({ tags, payloadSchema: schema });
    tags.push('y');
    schema.properties = { z: { type: 'string' } };
    expect(fields().tags).toStrictEqual(['x']);
    expect(fields().payloadSchema).toStrictEqual({ type: 'object', properties: {} });
  });

  it('still reports ERROR when a step has issues, whatever active says', () => {
    const { engine, context, operations } = setup();
    engine.seed({
      workflows: [{ workflowId: 'broken', steps: [{ type: 'email', name: 'Mail' }] }],
    });
    expect(
      operations['workflows.patch'](context, {
        params: { workflowId: 'broken' },
        body: { active: false },
      }).status,
    ).toBe('ERROR');
    expect(context.data.workflows.find((w) => w.workflowId === 'broken')?.status).toBe('INACTIVE');
  });

  it('re-sorts the list by name after a rename', () => {
    const { patch, names } = setup();
    expect(names()).toStrictEqual(['Middle', 'Welcome', 'Zeta']);
    patch({ name: 'Aardvark' });
    expect(names()).toStrictEqual(['Aardvark', 'Middle', 'Zeta']);
  });

  it('answers 422 for a field of the wrong type and changes nothing', () => {
    const { patch, fields } = setup();
    expect(refusalOf(() => patch({ active: 'no', name: 5 }))).toStrictEqual(
      validationError(['active must be a boolean value', 'name must be a string']),
    );
    expect(fields()).toStrictEqual(INITIAL);
  });

  it('answers 404 for an unknown workflow', () => {
    const { patch } = setup();
    expect(refusalOf(() => patch({ name: 'x' }, 'nope'))).toStrictEqual(notFound('nope'));
  });
});

describe('delete', () => {
  it('removes the workflow it names, and only that one', () => {
    const { context, operations, names } = setup();
    expect(names()).toStrictEqual(['Middle', 'Welcome', 'Zeta']);
    operations['workflows.delete'](context, { params: { workflowId: 'middle' } });
    expect(names()).toStrictEqual(['Welcome', 'Zeta']);
    expect(context.data.workflows.map((workflow) => workflow.workflowId)).toStrictEqual([
      'welcome',
      'zeta',
    ]);
    expect(
      refusalOf(() =>
        operations['workflows.retrieve'](context, { params: { workflowId: 'middle' } }),
      ),
    ).toStrictEqual(notFound('middle'));
  });

  it('deletes by slug or _id', () => {
    const { context, operations, names } = setup();
    const welcome = operations['workflows.retrieve'](context, {
      params: { workflowId: 'welcome' },
    });
    operations['workflows.delete'](context, { params: { workflowId: welcome.slug } });
    const zeta = operations['workflows.retrieve'](context, { params: { workflowId: 'zeta' } });
    operations['workflows.delete'](context, { params: { workflowId: zeta._id } });
    expect(names()).toStrictEqual(['Middle']);
  });

  it('answers 404 for an unknown workflow and deletes nothing', () => {
    const { context, operations, names } = setup();
    expect(
      refusalOf(() => operations['workflows.delete'](context, { params: { workflowId: 'nope' } })),
    ).toStrictEqual(notFound('nope'));
    expect(names()).toStrictEqual(['Middle', 'Welcome', 'Zeta']);
  });
});
