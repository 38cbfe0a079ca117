// The bulk preferences update directly through the engine (mock-server/engine/resources/preference-bulk.ts,
// docs/behaviour/subscribers.md#bulk-preferences): the service's checks and their order, what is
// stored, how repeated workflows merge, and the Inbox preference each item is answered with.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { buildSlug } from '../../../mock-server/engine/resources/slug';
import { contextOf, httpRefusal, refusalOf, validationError } from '../helpers';

const step = (type: 'in_app' | 'email' | 'sms' | 'chat' | 'push') => ({
  type,
  name: `${type} step`,
  controlValues: { body: 'Hi', subject: 'Hi' },
});

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'welcome',
          name: 'Welcome',
          tags: ['onboarding'],
          steps: [step('in_app'), step('email')],
        },
        { workflowId: 'digest', name: 'Digest', steps: [step('sms')] },
        { workflowId: 'security', name: 'Security', critical: true, steps: [step('email')] },
      ],
    },
  });
  const context = contextOf(engine);
  const bulk = (body: unknown, subscriberId = 'ada') =>
    engine.operations['subscribers.preferences.bulkUpdate'](context, {
      params: { subscriberId },
      body,
    });
  const workflow = (workflowId: string) => {
    const found = context.data.workflows.find((w) => w.workflowId === workflowId);
    if (!found) throw new Error(workflowId);
    return found;
  };
  const listed = () =>
    engine.operations['subscribers.preferences.list'](context, {
      params: { subscriberId: 'ada' },
      query: {},
    });
  return { engine, context, bulk, workflow, listed };
}

describe('bulk preferences: the answer', () => {
  it("answers each workflow's preference, channels of its steps in the service's order", () => {
    const { bulk, workflow } = setup();
    const welcome = workflow('welcome');
    expect(
      bulk({
        preferences: [
          { workflowId: 'welcome', channels: { email: false } },
          { workflowId: 'digest', channels: { sms: false, push: false } },
        ],
      }),
    ).toStrictEqual([
      {
        level: 'template',
        enabled: true,
        channels: { email: false, in_app: true },
        workflow: {
          id: welcome._id,
          identifier: 'welcome',
          name: 'Welcome',
          critical: false,
          tags: ['onboarding'],
          severity: 'none',
        },
      },
      {
        level: 'template',
        enabled: true,
        channels: { sms: false },
        workflow: {
          id: workflow('digest')._id,
          identifier: 'digest',
          name: 'Digest',
          critical: false,
          tags: [],
          severity: 'none',
        },
      },
    ]);
  });

  it('stores what GET then lists, and keeps channels an item leaves out', () => {
    const { bulk, listed } = setup();
    bulk({ preferences: [{ workflowId: 'welcome', channels: { email: false } }] });
    bulk({ preferences: [{ workflowId: 'welcome', channels: { in_app: false } }] });
    const welcome = listed().workflows.find((w) => w.workflow.identifier === 'welcome');
    expect(welcome?.channels).toStrictEqual({ email: false, in_app: false });
  });

  it('finds workflows by identifier, _id or slug, and updates a workflow named twice once, with its last channels', () => {
    const { bulk, workflow } = setup();
    const welcome = workflow('welcome');
    const answer = bulk({
      preferences: [
        { workflowId: 'welcome', channels: { email: false } },
        { workflowId: 'digest', channels: { sms: false } },
        { workflowId: welcome._id, channels: { in_app: false } },
        { workflowId: buildSlug('Welcome', 'workflow', welcome._id), channels: { email: true } },
      ],
    });
    expect(
      answer.map((preference) => [preference.workflow.identifier, preference.channels]),
    ).toStrictEqual([
      ['welcome', { email: true, in_app: true }],
      ['digest', { sms: false }],
    ]);
  });

  it('finds a workflow by its _id written in capitals, as the service casts it', () => {
    const { bulk, workflow } = setup();
    const welcome = workflow('welcome');
    const [answer] = bulk({
      preferences: [{ workflowId: welcome._id.toUpperCase(), channels: { email: false } }],
    });
    expect(answer?.workflow.id).toBe(welcome._id);
  });
});

describe("bulk preferences: the service's checks", () => {
  it('answers 404 for an unknown subscriber first', () => {
    const { bulk } = setup();
    expect(refusalOf(() => bulk({ preferences: [] }, 'ghost'))).toStrictEqual(
      httpRefusal(404, 'Not Found', 'Subscriber with id: ghost is not found'),
    );
  });

  it('answers 400 for an empty list', () => {
    const { bulk } = setup();
    expect(refusalOf(() => bulk({ preferences: [] }))).toStrictEqual(
      httpRefusal(400, 'Bad Request', 'No preferences provided for bulk update'),
    );
  });

  it('takes 100 items and refuses 101 with 422', () => {
    const { bulk } = setup();
    const item = { workflowId: 'welcome', channels: { email: false } };
    expect(bulk({ preferences: Array.from({ length: 100 }, () => item) })).toHaveLength(1);
    expect(
      refusalOf(() => bulk({ preferences: Array.from({ length: 101 }, () => item) })),
    ).toStrictEqual(validationError(['preferences must contain no more than 100 elements']));
  });

  it('answers 422 for a missing list or a malformed item', () => {
    const { bulk } = setup();
    expect(refusalOf(() => bulk({}))).toStrictEqual(
      validationError(['preferences should not be null or undefined']),
    );
    expect(refusalOf(() => bulk({ preferences: [{ channels: {} }] }))).toStrictEqual(
      validationError(['preferences.0.workflowId should not be null or undefined']),
    );
  });

  it('answers 404 naming every unknown workflow, and changes nothing', () => {
    const { bulk, context } = setup();
    expect(
      refusalOf(() =>
        bulk({
          preferences: [
            { workflowId: 'welcome', channels: { email: false } },
            { workflowId: 'ghost', channels: {} },
            { workflowId: 'phantom', channels: {} },
          ],
        }),
      ),
    ).toStrictEqual(httpRefusal(404, 'Not Found', 'Workflows with ids: ghost, phantom not found'));
    expect(context.data.preferences.size).toBe(0);
  });

  it('answers 400 naming the critical workflows by _id, and changes nothing', () => {
    const { bulk, context, workflow } = setup();
    expect(
      refusalOf(() =>
        bulk({
          preferences: [
            { workflowId: 'welcome', channels: { email: false } },
            { workflowId: 'security', channels: { email: false } },
          ],
        }),
      ),
    ).toStrictEqual(
      httpRefusal(
        400,
        'Bad Request',
        `Critical workflows with ids: ${workflow('security')._id} cannot be updated`,
      ),
    );
    expect(context.data.preferences.size).toBe(0);
  });
});
