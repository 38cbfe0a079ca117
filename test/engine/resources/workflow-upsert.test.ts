// The engine's workflow create and update directly (docs/behaviour/workflows.md#create, #update):
// the seed format and the API body, refused bodies that change nothing, identifiers reused after
// a delete.
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

const body = {
  name: 'Welcome',
  workflowId: 'welcome',
  description: 'First mail',
  tags: ['onboarding'],
  payloadSchema: { type: 'object', properties: { name: { type: 'string' } } },
  validatePayload: true,
  steps: [
    { name: 'Inbox', type: 'in_app' as const, controlValues: { body: 'Hi {{payload.name}}' } },
    {
      name: 'Wait',
      type: 'delay' as const,
      controlValues: { type: 'regular', amount: 1, unit: 'hours' },
    },
  ],
};

function setup() {
  const engine = createMockEngine();
  const context = () => engine.scope('Development');
  return { engine, context };
}

/** A workflow answer without what differs between two stored copies (ids, slugs, times). */
function shape(workflow: { steps: { _id: string; slug: string; workflowDatabaseId: string }[] }) {
  const { _id, slug, createdAt, updatedAt, steps, ...rest } = workflow as Record<
    string,
    unknown
  > & {
    steps: Record<string, unknown>[];
  };
  return {
    ...rest,
    steps: steps.map(({ _id: stepId, slug: stepSlug, workflowDatabaseId, ...step }) => step),
  };
}

describe('engine: workflow create and update', () => {
  it('stores a create body as a seed entry of the same fields is stored', () => {
    const { engine, context } = setup();
    const created = engine.operations['workflows.create'](context(), { body: body });
    engine.seed({ environment: 'Production', workflows: [body] });
    const production = engine.scope('Production');
    const seeded = engine.operations['workflows.retrieve'](production, {
      params: { workflowId: 'welcome' },
    });
    expect(shape(seeded)).toEqual(shape(created));
  });

  it('changes nothing when a body is refused, whether the workflow is found or not', () => {
    const { engine, context } = setup();
    engine.operations['workflows.create'](context(), { body: body });
    const before = engine.operations['workflows.retrieve'](context(), {
      params: { workflowId: 'welcome' },
    });
    expect(() =>
      engine.operations['workflows.create'](context(), { body: { ...body, tags: ['x', 'x'] } }),
    ).toThrowError(expect.objectContaining({ status: 422 }));
    expect(() =>
      engine.operations['workflows.update'](context(), {
        params: { workflowId: 'welcome' },
        body: {
          name: 'Renamed',
          origin: 'svc-cloud',
          preferences: {},
          steps: [{ name: 'Inbox', type: 'in_app', stepId: 'not a slug' }],
        },
      }),
    ).toThrowError(expect.objectContaining({ status: 422 }));
    expect(() =>
      engine.operations['workflows.update'](context(), {
        params: { workflowId: 'welcome' },
        body: {
          name: 'Renamed',
          origin: 'svc-cloud',
          preferences: {},
          payloadSchema: { type: 'no-such-type' },
          steps: [],
        },
      }),
    ).toThrowError(expect.objectContaining({ status: 422 }));
    expect(
      engine.operations['workflows.retrieve'](context(), { params: { workflowId: 'welcome' } }),
    ).toEqual(before);
  });

  it('gives a workflowId back after a delete, and derives one from a name without letters', () => {
    const { engine, context } = setup();
    const first = engine.operations['workflows.create'](context(), { body: body });
    engine.operations['workflows.delete'](context(), { params: { workflowId: 'welcome' } });
    const again = engine.operations['workflows.create'](context(), { body: body });
    expect(again.workflowId).toBe('welcome');
    expect(again._id).not.toBe(first._id);
    const unnamed = engine.operations['workflows.create'](context(), {
      body: { name: '!!!', steps: [] },
    });
    expect(unnamed.workflowId).toBe('workflow');
  });

  it('keeps a changed step in its new place and drops the later variables of a removed one', () => {
    const { engine, context } = setup();
    const created = engine.operations['workflows.create'](context(), { body: body });
    const [inbox, wait] = created.steps;
    const updated = engine.operations['workflows.update'](context(), {
      params: { workflowId: created._id },
      body: {
        name: 'Welcome',
        origin: 'svc-cloud',
        preferences: {},
        steps: [
          { _id: wait?._id, name: 'Wait', type: 'delay' },
          { name: 'Chat', type: 'chat', controlValues: { body: 'Hello' } },
        ],
      },
    });
    expect(updated.steps.map((step) => step._id)).toEqual([wait?._id, expect.any(String)]);
    expect(updated.steps.map((step) => step._id)).not.toContain(inbox?._id);
    const earlier = updated.steps[1]?.variables['properties'] as { steps: { properties: object } };
    expect(Object.keys(earlier.steps.properties)).toEqual(['wait']);
  });
});
