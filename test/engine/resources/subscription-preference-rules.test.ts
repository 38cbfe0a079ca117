// A topic subscription's workflow preferences (mock-server/engine/resources/subscription-preferences.ts,
// docs/behaviour/topics.md#subscription-preferences): which workflows the `preferences` of a
// subscriptions create match and in which order, which group decides each one (a group decides
// only the workflows it names; one naming nothing decides none), and the answer.
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
        { workflowId: 'invoice', name: 'Invoice', tags: ['billing'], steps: inbox },
        {
          workflowId: 'receipt',
          name: 'Receipt',
          tags: ['billing', 'finance'],
          steps: inbox,
          critical: true,
        },
        { workflowId: 'promo', name: 'Promo', tags: ['marketing'], steps: inbox },
        { workflowId: 'old-bill', tags: ['billing'], steps: inbox, active: false },
        { workflowId: 'plain', name: 'Plain', steps: inbox },
      ],
    },
  });
  const data = contextOf(engine).data;
  const workflow = (id: string) => {
    const found = data.workflows.find((item) => item.workflowId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const matched = (inputs: SubscriptionPreferenceInput[]) =>
    matchedWorkflows(data, inputs).map((item) => item.workflowId);
  const built = (inputs: SubscriptionPreferenceInput[], ids: string[]) =>
    buildSubscriptionPreferences(inputs, ids.map(workflow));
  /** The preferences stored for `inputs`, over the workflows they match. */
  const decided = (inputs: SubscriptionPreferenceInput[]) =>
    buildSubscriptionPreferences(inputs, matchedWorkflows(data, inputs));
  return { engine, workflow, matched, built, decided };
}

describe('subscription preferences: matched workflows', () => {
  it('matches an identifier, and an _id in any case', () => {
    const { workflow, matched } = setup();
    expect(matched(['plain'])).toEqual(['plain']);
    expect(matched([workflow('invoice')._id.toUpperCase()])).toEqual(['invoice']);
    expect(matched([{ filter: { workflowIds: [workflow('promo')._id] } }])).toEqual(['promo']);
  });

  it('lists _id matches, then identifier matches, then tag matches, without repeats', () => {
    const { workflow, matched } = setup();
    expect(
      matched([{ filter: { tags: ['billing'] } }, 'promo', 'promo', workflow('invoice')._id]),
    ).toEqual(['invoice', 'promo', 'receipt']);
  });

  it('a tag filter takes active workflows carrying any one of the tags', () => {
    const { matched } = setup();
    expect(matched([{ filter: { tags: ['finance', 'nothing'] } }])).toEqual(['receipt']);
    expect(matched([{ filter: { tags: ['billing'] } }])).toEqual(['invoice', 'receipt']);
  });

  it('an identifier match does not look at active', () => {
    const { matched } = setup();
    expect(matched(['old-bill'])).toEqual(['old-bill']);
  });

  it('skips unknown ids, identifiers and tags, and empty filters', () => {
    const { matched } = setup();
    expect(
      matched([
        'ghost',
        'f'.repeat(24),
        { filter: { tags: ['nothing'] } },
        { filter: { tags: [] } },
        { filter: {} },
      ]),
    ).toEqual([]);
  });
});

describe('subscription preferences: which group decides', () => {
  it('a plain id enables the workflow with no condition', () => {
    const { workflow, built } = setup();
    expect(built(['plain'], ['plain'])).toEqual([
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });

  it('a { workflowId } group by _id gives its enabled and a copy of its condition', () => {
    const { workflow, built } = setup();
    const condition = { '==': [{ var: 'payload.tier' }, 'gold'] };
    const inputs = [{ workflowId: workflow('invoice')._id, enabled: false, condition }];
    const records = built(inputs, ['invoice']);
    expect(records).toEqual([{ _templateId: workflow('invoice')._id, enabled: false, condition }]);
    expect(records[0]?.condition).not.toBe(condition);
  });

  it('the first group naming the workflow wins; a tag group names a workflow by any one tag', () => {
    const { workflow, built } = setup();
    const records = built(
      [
        { filter: { tags: ['billing', 'finance'] }, enabled: false },
        { workflowId: 'receipt', enabled: true, condition: { '==': [1, 1] } },
      ],
      ['invoice', 'receipt'],
    );
    expect(records).toEqual([
      { _templateId: workflow('invoice')._id, enabled: false },
      { _templateId: workflow('receipt')._id, enabled: false },
    ]);
  });

  it('an empty tag list falls back to the group ids; an id list names a workflow by any one id', () => {
    const { workflow, built } = setup();
    expect(
      built(
        [
          { filter: {}, enabled: false },
          { filter: { tags: [], workflowIds: [] }, enabled: false },
          { filter: { tags: [], workflowIds: ['plain', 'promo'] }, enabled: false },
        ],
        ['plain'],
      ),
    ).toEqual([{ _templateId: workflow('plain')._id, enabled: false }]);
  });

  it('a workflow no group names is enabled', () => {
    const { workflow, built } = setup();
    expect(built([{ filter: { tags: ['marketing'] }, enabled: false }], ['plain'])).toEqual([
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });
});

describe('subscription preferences: the create answer', () => {
  it('answers one preference per matched workflow with the workflow summary', () => {
    const { engine, workflow } = setup();
    const condition = { '==': [{ var: 'payload.tier' }, 'gold'] };
    const result = engine.operations['topics.subscriptions.create'](contextOf(engine), {
      params: { topicKey: 'news' },
      body: {
        subscriptions: ['ada'],
        preferences: [
          { filter: { tags: ['finance'] }, enabled: false },
          { workflowId: 'plain', condition },
        ],
      },
    });
    const subscription = result.data[0];
    const receipt = workflow('receipt');
    const plain = workflow('plain');
    expect(subscription?.preferences).toEqual([
      {
        subscriptionId: subscription?._id,
        workflow: {
          id: plain._id,
          identifier: 'plain',
          name: 'Plain',
          critical: false,
          tags: [],
          severity: plain.severity,
        },
        enabled: true,
        condition,
      },
      {
        subscriptionId: subscription?._id,
        workflow: {
          id: receipt._id,
          identifier: 'receipt',
          name: 'Receipt',
          critical: true,
          tags: ['billing', 'finance'],
          severity: receipt.severity,
        },
        enabled: false,
      },
    ]);
  });

  it('answers no preferences when nothing matched', () => {
    const { engine } = setup();
    const result = engine.operations['topics.subscriptions.create'](contextOf(engine), {
      params: { topicKey: 'news' },
      body: {
        subscriptions: ['ada'],
        preferences: ['ghost'],
      },
    });
    expect(result.data[0]).not.toHaveProperty('preferences');
  });
});

describe('subscription preferences: which group decides a workflow', () => {
  it('a group naming other workflows by identifier does not decide this one', () => {
    const { workflow, decided } = setup();
    expect(decided([{ workflowId: 'promo', enabled: false }, 'plain'])).toStrictEqual([
      { _templateId: workflow('promo')._id, enabled: false },
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });

  it('a group naming other workflows by _id does not decide this one', () => {
    const { workflow, decided } = setup();
    expect(
      decided([
        { filter: { workflowIds: [workflow('promo')._id] }, enabled: false },
        { workflowId: 'plain', enabled: true },
      ]),
    ).toStrictEqual([
      { _templateId: workflow('promo')._id, enabled: false },
      { _templateId: workflow('plain')._id, enabled: true },
    ]);
  });

  it('a group with neither tags nor ids decides no workflow: the next group naming it does', () => {
    const { workflow, decided } = setup();
    expect(
      decided([
        { filter: {}, enabled: false },
        { filter: { tags: [], workflowIds: [] }, enabled: false },
        { workflowId: 'plain', enabled: true },
      ]),
    ).toStrictEqual([{ _templateId: workflow('plain')._id, enabled: true }]);
  });
});
