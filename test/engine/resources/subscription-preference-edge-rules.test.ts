// A topic subscription's workflow preferences (mock-server/engine/resources/subscription-preferences.ts,
// docs/behaviour/topics.md#subscription-preferences): a group decides only the workflows it names,
// by one of its ids or identifiers; a group naming nothing decides no workflow.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  buildSubscriptionPreferences,
  matchedWorkflows,
} from '../../../mock-server/engine/resources/subscription-preferences';
import type { SubscriptionPreferenceInput } from '../../../src/schemas/topic';
import { contextOf } from '../helpers';

const inbox = [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } }];

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        { workflowId: 'plain', name: 'Plain', steps: inbox },
        { workflowId: 'promo', name: 'Promo', tags: ['marketing'], steps: inbox },
      ],
    },
  });
  const data = contextOf(engine).data;
  const workflow = (id: string) => {
    const found = data.workflows.find((item) => item.workflowId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const built = (inputs: SubscriptionPreferenceInput[]) =>
    buildSubscriptionPreferences(inputs, matchedWorkflows(data, inputs));
  return { engine, workflow, built };
}

describe('subscription preferences: which group decides a workflow', () => {
  it('a group naming other workflows by identifier does not decide this one', () => {
    const { workflow, built } = setup();
    expect(built([{ workflowId: 'promo', enabled: false }, 'plain'])).toStrictEqual([
      { _templateId: workflow('promo')._id, enabled: false },
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });

  it('a group naming other workflows by _id does not decide this one', () => {
    const { workflow, built } = setup();
    expect(
      built([
        { filter: { workflowIds: [workflow('promo')._id] }, enabled: false },
        { workflowId: 'plain', enabled: true },
      ]),
    ).toStrictEqual([
      { _templateId: workflow('promo')._id, enabled: false },
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });

  it('a group with neither tags nor ids decides no workflow: the next group naming it does', () => {
    const { workflow, built } = setup();
    expect(
      built([
        { filter: {}, enabled: false },
        { filter: { tags: [], workflowIds: [] }, enabled: false },
        { workflowId: 'plain', enabled: true },
      ]),
    ).toStrictEqual([{ _templateId: workflow('plain')._id, enabled: true }]);
  });
});
