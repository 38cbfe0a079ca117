// Subscriber preferences directly through the engine (mock-server/engine/resources/preferences.ts,
// docs/behaviour/subscribers.md#preferences): workflow preference levels that are missing or not
// objects, the records a PATCH stores and under which keys, and when the global schedule changes.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { effectivePreference } from '../../../mock-server/engine/resources/preferences';
import type { SeedData } from '../../../mock-server/engine/seed';
import { contextOf } from '../helpers';

const email = {
  type: 'email' as const,
  name: 'Mail',
  controlValues: { subject: 'Hi', body: 'Hi' },
};

type Seed = NonNullable<SeedData['workflows']>;

const WORKFLOWS: Seed = [
  { workflowId: 'welcome', steps: [email] },
  {
    workflowId: 'text-user',
    steps: [email],
    preferences: {
      default: { all: { enabled: true, readOnly: false }, channels: {} },
      user: 'not an object',
    },
  },
  {
    workflowId: 'no-default',
    steps: [email],
    preferences: { default: null, user: null },
  },
  {
    workflowId: 'user-without-all',
    steps: [email],
    preferences: {
      default: { all: { enabled: true, readOnly: false }, channels: {} },
      user: { channels: { email: { enabled: false } } },
    },
  },
];

const OBJECT_ID = /^[0-9a-f]{24}$/;

function setup() {
  const engine = createMockEngine({
    seed: { subscribers: [{ subscriberId: 'ada' }], workflows: WORKFLOWS },
  });
  const data = contextOf(engine).data;
  const workflow = (id: string) => {
    const found = data.workflows.find((item) => item.workflowId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const ada = data.subscribers.get('ada');
  if (!ada) throw new Error('ada');
  const patch = (body: unknown) =>
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: body,
    });
  const list = () =>
    engine.operations['subscribers.preferences.list'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      query: { criticality: 'nonCritical' },
    });
  return { engine, data, workflow, ada, patch, list };
}

describe('preferences: workflow levels that are missing or not objects', () => {
  it('a workflow user level that is not an object is skipped: the resource level decides', () => {
    const { data, ada, workflow } = setup();
    expect(effectivePreference(data, ada, workflow('text-user'))).toStrictEqual({
      channels: { in_app: true, email: true, sms: true, chat: true, push: true },
      readOnly: false,
      level: 'WORKFLOW_RESOURCE',
      subscriberWorkflow: undefined,
    });
  });

  it('a workflow without a default level has every channel on and is not critical', () => {
    const { data, ada, workflow, list } = setup();
    expect(effectivePreference(data, ada, workflow('no-default'))).toStrictEqual({
      channels: { in_app: true, email: true, sms: true, chat: true, push: true },
      readOnly: false,
      level: 'WORKFLOW_RESOURCE',
      subscriberWorkflow: undefined,
    });
    const item = list().workflows.find((entry) => entry.workflow.identifier === 'no-default');
    expect(item?.channels).toStrictEqual({ email: true });
  });

  it('a workflow user level without `all` is not read-only and its channels apply', () => {
    const { data, ada, workflow } = setup();
    expect(effectivePreference(data, ada, workflow('user-without-all'))).toStrictEqual({
      channels: { in_app: true, email: false, sms: true, chat: true, push: true },
      readOnly: false,
      level: 'USER_WORKFLOW',
      subscriberWorkflow: undefined,
    });
  });
});

describe('preferences: what PATCH stores', () => {
  it('stores the global preference under the subscriber _id with _templateId null', () => {
    const { engine, data, ada, patch } = setup();
    patch({ channels: { email: false } });
    expect([...data.preferences.entries()]).toStrictEqual([
      [
        ada._id,
        {
          _id: expect.stringMatching(OBJECT_ID),
          _subscriberId: ada._id,
          _templateId: null,
          channels: { email: false },
          createdAt: engine.clock.iso(),
          updatedAt: engine.clock.iso(),
        },
      ],
    ]);
  });

  it('stores a workflow preference under "<subscriber _id>:<workflow _id>" with the workflow _id as _templateId', () => {
    const { engine, data, ada, workflow, patch } = setup();
    const welcome = workflow('welcome');
    patch({ workflowId: 'welcome', channels: { email: false } });
    expect([...data.preferences.entries()]).toStrictEqual([
      [
        `${ada._id}:${welcome._id}`,
        {
          _id: expect.stringMatching(OBJECT_ID),
          _subscriberId: ada._id,
          _templateId: welcome._id,
          channels: { email: false },
          createdAt: engine.clock.iso(),
          updatedAt: engine.clock.iso(),
        },
      ],
    ]);
  });

  it('a workflow PATCH with a schedule stores no schedule, on the workflow preference or a global one', () => {
    const { engine, data, ada, workflow, patch } = setup();
    const welcome = workflow('welcome');
    patch({ workflowId: 'welcome', schedule: { isEnabled: true }, channels: { email: false } });
    expect([...data.preferences.entries()]).toStrictEqual([
      [
        `${ada._id}:${welcome._id}`,
        {
          _id: expect.stringMatching(OBJECT_ID),
          _subscriberId: ada._id,
          _templateId: welcome._id,
          channels: { email: false },
          createdAt: engine.clock.iso(),
          updatedAt: engine.clock.iso(),
        },
      ],
    ]);
  });

  it('a global PATCH without a schedule keeps the stored schedule', () => {
    const { data, ada, patch, list } = setup();
    const schedule = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true } } };
    patch({ schedule });
    const answer = patch({ channels: { email: false } });
    expect(answer.global).toStrictEqual({
      enabled: true,
      channels: { email: false },
      schedule,
    });
    expect(list().global).toStrictEqual({ enabled: true, channels: { email: false }, schedule });
    expect(data.preferences.get(ada._id)?.schedule).toStrictEqual(schedule);
  });
});
