// Subscriber preferences directly through the engine (mock-server/engine/resources/preferences.ts,
// docs/behaviour/subscribers.md#preferences): which workflows and channels GET lists and in which
// order, what makes a workflow critical, and what PATCH stores (channels, schedule, errors).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { buildSlug } from '../../../mock-server/engine/resources/slug';
import type { SeedData } from '../../../mock-server/engine/seed';
import { contextOf, serviceErrorOf } from '../helpers';

const step = (type: 'in_app' | 'email' | 'sms' | 'chat' | 'push', active = true) => ({
  type,
  name: `${type} step`,
  active,
  controlValues: { body: 'Hi', subject: 'Hi' },
});

type Seed = NonNullable<SeedData['workflows']>;

const WORKFLOWS: Seed = [
  {
    workflowId: 'mixed',
    name: 'Mixed Bag',
    // listed channels follow email, sms, in_app, chat, push; an inactive step is not a channel
    steps: [step('in_app'), step('sms'), step('email'), step('email'), step('push', false)],
    // a level without `channels` sets none
    preferences: { default: { all: { enabled: true, readOnly: false } }, user: null },
  },
  { workflowId: 'flagged', steps: [step('chat')], critical: true },
  {
    workflowId: 'ro-default',
    steps: [step('push')],
    preferences: { default: { all: { enabled: true, readOnly: true }, channels: {} }, user: null },
  },
  {
    workflowId: 'ro-user',
    steps: [step('push')],
    preferences: {
      default: { all: { enabled: true, readOnly: false }, channels: {} },
      user: { all: { enabled: true, readOnly: true }, channels: {} },
    },
  },
  {
    workflowId: 'defaults-off',
    steps: [step('email'), step('sms')],
    preferences: {
      default: { all: { enabled: true, readOnly: false }, channels: { email: { enabled: false } } },
      user: 'not an object',
    },
  },
  {
    workflowId: 'user-off',
    steps: [step('sms')],
    preferences: {
      // a level without `all` is not read-only
      default: { channels: { sms: { enabled: true } } },
      user: { all: { readOnly: 'yes' }, channels: { sms: { enabled: false }, email: null } },
    },
  },
  { workflowId: 'paused', steps: [step('chat')], active: false },
];

function setup(seed: Partial<SeedData> = {}) {
  const engine = createMockEngine({
    seed: { subscribers: [{ subscriberId: 'ada' }], workflows: WORKFLOWS, ...seed },
  });
  const data = contextOf(engine).data;
  const workflow = (id: string) => {
    const found = data.workflows.find((item) => item.workflowId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const list = (criticality: 'critical' | 'nonCritical' | 'all' = 'nonCritical') =>
    engine.operations['subscribers.preferences.list'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      query: { criticality: criticality },
    });
  return { engine, workflow, list };
}

describe('preferences: GET', () => {
  it('lists the active non-critical workflows with their channels in the service order', () => {
    const { workflow, list } = setup();
    const mixed = workflow('mixed');
    const answer = list();
    expect(answer.global).toEqual({
      enabled: true,
      channels: { email: true, sms: true, in_app: true },
    });
    expect(answer.workflows.map((item) => item.workflow.identifier)).toEqual([
      'mixed',
      'defaults-off',
      'user-off',
    ]);
    expect(answer.workflows[0]).toEqual({
      enabled: true,
      channels: { email: true, sms: true, in_app: true },
      overrides: [
        { channel: 'in_app', source: 'subscriber' },
        { channel: 'email', source: 'subscriber' },
        { channel: 'sms', source: 'subscriber' },
      ],
      workflow: {
        slug: buildSlug('Mixed Bag', 'workflow', mixed._id),
        identifier: 'mixed',
        name: 'Mixed Bag',
        updatedAt: mixed.updatedAt,
      },
    });
    expect(Object.keys(answer.workflows[0]?.channels ?? {})).toEqual(['email', 'sms', 'in_app']);
  });

  it('applies the workflow default and user levels; a non-object level is ignored', () => {
    const { list } = setup();
    const byId = Object.fromEntries(
      list().workflows.map((item) => [item.workflow.identifier, item.channels]),
    );
    expect(byId['defaults-off']).toEqual({ email: false, sms: true });
    expect(byId['user-off']).toEqual({ sms: false });
  });

  it('critical: flagged or read-only (default or user level) workflows, in seed order', () => {
    const { list } = setup();
    expect(list('critical').workflows.map((item) => item.workflow.identifier)).toEqual([
      'flagged',
      'ro-default',
      'ro-user',
    ]);
    expect(list('all').workflows.map((item) => item.workflow.identifier)).toEqual([
      'mixed',
      'flagged',
      'ro-default',
      'ro-user',
      'defaults-off',
      'user-off',
    ]);
  });

  it('the global level lists only the non-critical channels, whatever was asked', () => {
    const { list } = setup();
    expect(list('critical').global.channels).toEqual({ email: true, sms: true, in_app: true });
  });

  it('an unknown subscriber is a 404 "Subscriber nobody not found"', () => {
    const { engine } = setup();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.preferences.list'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
        query: { criticality: 'nonCritical' },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Subscriber nobody not found');
  });
});

describe('preferences: PATCH', () => {
  it('a global change shows on the global level and every non-critical workflow', () => {
    const { engine } = setup();
    const answer = engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        channels: { email: false },
      },
    });
    expect(answer.global).toEqual({
      enabled: true,
      channels: { email: false, sms: true, in_app: true },
    });
    const byId = Object.fromEntries(
      answer.workflows.map((item) => [item.workflow.identifier, item]),
    );
    expect(byId['mixed']?.channels).toEqual({ email: false, sms: true, in_app: true });
    expect(byId['mixed']).not.toHaveProperty('updatedAt');
    expect(byId['defaults-off']?.channels).toEqual({ email: false, sms: true });
  });

  it('a workflow change wins over the global one, carries its updatedAt, and keeps earlier channels', () => {
    const { engine } = setup();
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { channels: { sms: false } },
    });
    engine.clock.advance('1m');
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        workflowId: 'mixed',
        channels: { sms: true, email: false },
      },
    });
    engine.clock.advance('1m');
    const answer = engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        workflowId: 'mixed',
        channels: { in_app: false },
      },
    });
    const mixed = answer.workflows.find((item) => item.workflow.identifier === 'mixed');
    expect(mixed?.channels).toEqual({ email: false, sms: true, in_app: false });
    expect(mixed?.updatedAt).toBe(engine.clock.iso());
    expect(answer.global.channels).toEqual({ email: true, sms: false, in_app: true });
  });

  it('a critical workflow ignores the subscriber levels', () => {
    const { engine, list } = setup();
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { channels: { chat: false } },
    });
    const flagged = list('critical').workflows.find(
      (item) => item.workflow.identifier === 'flagged',
    );
    expect(flagged?.channels).toEqual({ chat: true });
  });

  it('stores a global schedule and answers it; a workflow PATCH does not touch it', () => {
    const { engine, list } = setup();
    expect(list().global).not.toHaveProperty('schedule');
    const schedule = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true } } };
    const answer = engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: { schedule },
    });
    expect(answer.global.schedule).toEqual(schedule);
    engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        workflowId: 'mixed',
        schedule: { isEnabled: false },
        channels: { email: false },
      },
    });
    expect(list().global.schedule).toEqual(schedule);
  });

  it('finds the workflow by its _id as well as its identifier', () => {
    const { engine, workflow } = setup();
    const answer = engine.operations['subscribers.preferences.update'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: {
        workflowId: workflow('defaults-off')._id,
        channels: { email: true },
      },
    });
    const item = answer.workflows.find((entry) => entry.workflow.identifier === 'defaults-off');
    expect(item?.channels).toEqual({ email: true, sms: true });
    expect(answer.global.channels).toEqual({ email: true, sms: true, in_app: true });
  });

  it('an unknown workflow is a 404 "Workflow cannot be found" naming it in ctx', () => {
    const { engine } = setup();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.preferences.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          workflowId: 'ghost',
          channels: { email: false },
        },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Workflow cannot be found');
    expect(error.ctx).toEqual({ error: 'Not Found', statusCode: 404, workflowId: 'ghost' });
  });

  it('an unknown subscriber is a 404 "Subscriber with id: nobody is not found"', () => {
    const { engine } = setup();
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.preferences.update'](contextOf(engine), {
        params: { subscriberId: 'nobody' },
        body: {
          channels: { email: false },
        },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Subscriber with id: nobody is not found');
  });

  it('a critical workflow is a 400 naming its _id and stores nothing', () => {
    const { engine, workflow, list } = setup();
    const flagged = workflow('flagged');
    const error = serviceErrorOf(() =>
      engine.operations['subscribers.preferences.update'](contextOf(engine), {
        params: { subscriberId: 'ada' },
        body: {
          workflowId: 'flagged',
          channels: { chat: false },
        },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Critical workflow with id: ${flagged._id} can not be updated`);
    expect(
      list('critical').workflows.find((item) => item.workflow.identifier === 'flagged'),
    ).not.toHaveProperty('updatedAt');
  });
});
