// One builder per record (mock-server/engine/resources/workflow-record.ts, newSubscriberRecord in
// subscriber-lifecycle.ts): a workflow or subscriber made by a seed, by the API or by a bridge
// sync gets the same defaults, so it runs and answers the same whichever way it was made.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { newSubscriberRecord } from '../../../mock-server/engine/resources/subscriber-lifecycle';
import {
  newWorkflowRecord,
  newWorkflowStep,
} from '../../../mock-server/engine/resources/workflow-record';

const step = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };

// Fields that differ by construction: ids, and the steps' ids.
function withoutIds(record: Record<string, unknown>) {
  const { _id, steps, ...rest } = record;
  return {
    ...rest,
    steps: (steps as { _id: string; stepId: string }[]).map(({ _id: stepId, ...fields }) => fields),
  };
}

describe('one workflow builder', () => {
  it('gives a seeded workflow and a created one the same defaults (only the description differs: the API stores an empty one)', () => {
    const engine = createMockEngine({
      seed: { workflows: [{ workflowId: 'seeded', name: 'Same', steps: [step] }] },
    });
    const scope = engine.scope('Development');
    engine.operations['workflows.create'](scope, {
      body: { workflowId: 'created', name: 'Same', steps: [step] },
    });
    const [seeded, created] = scope.data.workflows.map((workflow) => withoutIds({ ...workflow }));
    expect({ ...seeded, workflowId: 'created', description: '' }).toStrictEqual(created);
    expect(created?.steps[0]?.stepId).toBe('inbox');
  });

  it('keeps a given _id and draws one otherwise', () => {
    const engine = createMockEngine();
    const scope = engine.scope('Development');
    const given = newWorkflowRecord(scope, {
      _id: '6955b90000000000000000a1',
      workflowId: 'w',
      name: 'W',
      steps: [],
    });
    const drawn = newWorkflowRecord(scope, { workflowId: 'w', name: 'W', steps: [] });
    expect(given._id).toBe('6955b90000000000000000a1');
    expect(drawn._id).toMatch(/^[0-9a-f]{24}$/);
    expect(drawn).toMatchObject({
      active: true,
      status: 'ACTIVE',
      origin: 'svc-cloud',
      critical: false,
      payloadSchema: null,
      lastTriggeredAt: null,
    });
    expect(
      newWorkflowRecord(scope, { workflowId: 'w', name: 'W', steps: [], active: false }),
    ).toMatchObject({ active: false, status: 'INACTIVE' });
    expect(newWorkflowStep(scope, { stepId: 's', name: 'S', type: 'email' })).toMatchObject({
      active: true,
      controlValues: {},
      filters: [],
      shouldStopOnFail: false,
    });
  });
});

describe('one subscriber builder', () => {
  it('gives a seeded subscriber what the API creates, and a re-seeded one keeps its _id, channels and createdAt', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'seeded' }] } });
    const scope = engine.scope('Development');
    engine.operations['subscribers.create'](scope, { body: { subscriberId: 'created' } });
    const seeded = scope.data.subscribers.get('seeded');
    const created = scope.data.subscribers.get('created');
    const { _id: a, subscriberId: x, ...seededRest } = seeded ?? newSubscriberRecord(scope, '');
    const {
      _id: b,
      subscriberId: y,
      data,
      ...createdRest
    } = created ?? newSubscriberRecord(scope, '');
    expect(seededRest).toStrictEqual(createdRest);

    engine.clock.advance('1h');
    engine.seed({ subscribers: [{ subscriberId: 'seeded', email: 'ada@example.com' }] });
    const reseeded = scope.data.subscribers.get('seeded');
    expect(reseeded?._id).toBe(a);
    expect(reseeded?.createdAt).toBe(seeded?.createdAt);
    expect(reseeded?.updatedAt).not.toBe(seeded?.updatedAt);
    expect(reseeded?.email).toBe('ada@example.com');
  });
});
