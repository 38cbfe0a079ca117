// The trigger operation through the engine (mock-server/engine/run/trigger.ts): the service's
// answers and their order (docs/behaviour/events.md#checks-and-answers), the transactionId rules,
// the payload (docs/behaviour/events.md#payload), the tenant and actor, and what each notification
// stores (docs/behaviour/runs.md).
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import type { NotificationRecord } from '../../../mock-server/engine/store/state';
import { serviceErrorOf } from '../helpers';

type Seed = NonNullable<Parameters<typeof createMockEngine>[0]>['seed'];

const inbox = {
  workflowId: 'welcome',
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hello' } }],
};

function setup(seed: Seed = {}) {
  const engine = createMockEngine({
    seed: { subscribers: [{ subscriberId: 'ada' }], workflows: [inbox], ...seed },
  });
  const context = engine.scope('Development');
  const trigger = (body: unknown) => engine.operations['events.trigger'](context, { body: body });
  return { engine, context, trigger };
}

function only(engine: MockEngine, notifications: NotificationRecord[]): NotificationRecord {
  expect(notifications).toHaveLength(1);
  const [notification] = notifications;
  if (notification === undefined) throw new Error(`no notification (${engine.clock.iso()})`);
  return notification;
}

describe('trigger: answers', () => {
  it('a processed trigger answers acknowledged, the given transactionId and the activity feed link', () => {
    const { engine, trigger } = setup();
    const environmentId = engine.environment('Development')._id;
    expect(trigger({ name: 'welcome', to: 'ada', transactionId: 'tx-1' })).toEqual({
      acknowledged: true,
      status: 'processed',
      transactionId: 'tx-1',
      activityFeedLink: `https://dashboard.svc.co/env/${environmentId}/activity/requests?selectedLogId=tx-1`,
    });
  });

  it('without a transactionId the answer carries a new UUID, stored on the notification', () => {
    const { context, trigger } = setup();
    const answer = trigger({ name: 'welcome', to: 'ada' });
    expect(answer.transactionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(context.data.notifications.map((n) => n.transactionId)).toEqual([answer.transactionId]);
  });

  it('an unknown workflow is a 422 workflow_not_found naming the workflowId, and nothing runs', () => {
    const { context, trigger } = setup();
    const error = serviceErrorOf(() => trigger({ name: 'farewell', to: 'ada' }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('workflow_not_found');
    expect(error.ctx).toEqual({
      error: 'Unprocessable Entity',
      statusCode: 422,
      workflowId: 'farewell',
    });
    expect(context.data.notifications).toEqual([]);
  });

  it('a used transactionId answers status error with the service text, and runs nothing more', () => {
    const { context, trigger } = setup();
    trigger({ name: 'welcome', to: 'ada', transactionId: 'tx-1' });
    expect(trigger({ name: 'welcome', to: 'ada', transactionId: 'tx-1' })).toEqual({
      acknowledged: true,
      status: 'error',
      transactionId: 'tx-1',
      error: [
        'transactionId property is not unique, please make sure all triggers have a unique transactionId',
      ],
    });
    expect(context.data.notifications).toHaveLength(1);
  });

  it('the same transactionId may be used again after the first trigger was refused', () => {
    const { trigger } = setup();
    expect(trigger({ name: 'welcome', to: 'bad id!', transactionId: 'tx-1' }).status).toBe(
      'invalid_recipients',
    );
    expect(trigger({ name: 'welcome', to: 'ada', transactionId: 'tx-1' }).status).toBe('processed');
  });

  it('no usable recipient answers invalid_recipients without an activity feed link', () => {
    const { context, trigger } = setup();
    expect(trigger({ name: 'welcome', to: 'bad id!', transactionId: 'tx-1' })).toEqual({
      acknowledged: true,
      status: 'invalid_recipients',
      transactionId: 'tx-1',
    });
    expect(context.data.notifications).toEqual([]);
    expect(context.data.transactionIds.has('tx-1')).toBe(false);
  });

  it('an unknown tenant answers no_tenant_found before the inactive check', () => {
    const { context, trigger } = setup({
      tenants: [{ identifier: 'acme' }],
      workflows: [{ ...inbox, active: false }],
    });
    expect(trigger({ name: 'welcome', to: 'ada', tenant: 'globex', transactionId: 't' })).toEqual({
      acknowledged: true,
      status: 'no_tenant_found',
      transactionId: 't',
    });
    expect(trigger({ name: 'welcome', to: 'ada', tenant: { identifier: 'globex' } }).status).toBe(
      'no_tenant_found',
    );
    // A tenant object without an identifier names no tenant.
    expect(trigger({ name: 'welcome', to: 'ada', tenant: { name: 'Acme' } }).status).toBe(
      'no_tenant_found',
    );
    expect(trigger({ name: 'welcome', to: 'ada', tenant: 'acme' }).status).toBe(
      'trigger_not_active',
    );
    expect(context.data.notifications).toEqual([]);
  });

  it('an inactive workflow answers trigger_not_active before its steps are looked at', () => {
    const { trigger } = setup({ workflows: [{ workflowId: 'welcome', active: false, steps: [] }] });
    expect(trigger({ name: 'welcome', to: 'ada', transactionId: 't' })).toEqual({
      acknowledged: true,
      status: 'trigger_not_active',
      transactionId: 't',
    });
  });

  it('a workflow without steps, or without active steps, answers so before the transactionId check', () => {
    const { trigger } = setup({
      workflows: [
        inbox,
        { workflowId: 'empty', steps: [] },
        { workflowId: 'idle', steps: [{ type: 'in_app', name: 'Inbox', active: false }] },
      ],
    });
    trigger({ name: 'welcome', to: 'ada', transactionId: 'used' });
    expect(trigger({ name: 'empty', to: 'ada', transactionId: 'used' })).toEqual({
      acknowledged: true,
      status: 'no_workflow_steps_defined',
      transactionId: 'used',
    });
    expect(trigger({ name: 'idle', to: 'ada', transactionId: 'used' })).toEqual({
      acknowledged: true,
      status: 'no_workflow_active_steps_defined',
      transactionId: 'used',
    });
  });

  it('the transactionId check comes before the recipients check', () => {
    const { trigger } = setup();
    trigger({ name: 'welcome', to: 'ada', transactionId: 'used' });
    expect(trigger({ name: 'welcome', to: 'bad id!', transactionId: 'used' }).status).toBe('error');
  });
});

describe('trigger: payload', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'there' },
      plan: { type: 'string' },
    },
    required: ['plan'],
  };

  it('with validatePayload off the schema defaults fill the payload and nothing is refused', () => {
    const { context, trigger } = setup({
      workflows: [{ ...inbox, payloadSchema: schema, validatePayload: false }],
    });
    expect(trigger({ name: 'welcome', to: 'ada', payload: { plan: 5 } }).status).toBe('processed');
    expect(context.data.notifications[0]?.payload).toEqual({ plan: 5, name: 'there' });
  });

  it('with validatePayload on a payload that breaks the schema is a 400', () => {
    const { context, trigger } = setup({
      workflows: [{ ...inbox, payloadSchema: schema, validatePayload: true }],
    });
    expect(serviceErrorOf(() => trigger({ name: 'welcome', to: 'ada', payload: {} })).status).toBe(
      400,
    );
    expect(context.data.notifications).toEqual([]);
    trigger({ name: 'welcome', to: 'ada', payload: { plan: 'pro' } });
    expect(context.data.notifications[0]?.payload).toEqual({ plan: 'pro', name: 'there' });
  });

  it('validatePayload without a schema stores the payload as given', () => {
    const { context, trigger } = setup({ workflows: [{ ...inbox, validatePayload: true }] });
    expect(trigger({ name: 'welcome', to: 'ada', payload: { plan: 5 } }).status).toBe('processed');
    expect(context.data.notifications[0]?.payload).toEqual({ plan: 5 });
  });

  it('the stored payload is a copy: changing the given one afterwards changes nothing', () => {
    const { context, trigger } = setup();
    const payload = { user: { name: 'Ada' } };
    trigger({ name: 'welcome', to: 'ada', payload });
    payload.user.name = 'Bob';
    expect(context.data.notifications[0]?.payload).toEqual({ user: { name: 'Ada' } });
  });

  it('attachments are stored under the organization, the environment and a 32-hex folder', () => {
    const { engine, context, trigger } = setup();
    const environment = engine.environment('Development');
    trigger({
      name: 'welcome',
      to: 'ada',
      payload: { attachments: [{ name: 'a.pdf', file: 'aGk=' }] },
    });
    const stored = context.data.notifications[0]?.payload ?? {};
    const [attachment] = stored['attachments'] as { storagePath: string }[];
    const [organization, env, folder, name, ...rest] = (attachment?.storagePath ?? '').split('/');
    expect([organization, env, name, rest]).toEqual([
      environment._organizationId,
      environment._id,
      'a.pdf',
      [],
    ]);
    expect(folder).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('trigger: the stored notification', () => {
  it('stores the active steps as channels (once each), the tags, and one pending job per active step', () => {
    const { context, trigger } = setup({
      workflows: [
        {
          workflowId: 'welcome',
          tags: ['onboarding', 'growth'],
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours' },
            },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'One' } },
            { type: 'sms', name: 'Off', active: false },
            { type: 'in_app', name: 'Inbox 2', controlValues: { body: 'Two' } },
          ],
        },
      ],
    });
    trigger({ name: 'welcome', to: 'ada' });
    const [notification] = context.data.notifications;
    expect(notification?.channels).toEqual(['delay', 'in_app']);
    expect(notification?.tags).toEqual(['onboarding', 'growth']);
    expect(
      notification?.jobs.map((job) => [job.type, job.status, job.providerId, job.step.name]),
    ).toEqual([
      ['delay', 'delayed', '', 'Wait'],
      ['in_app', 'pending', 'svc', 'Inbox'],
      ['in_app', 'pending', 'svc', 'Inbox 2'],
    ]);
  });

  it('the stored tags are a copy of the workflow tags', () => {
    const { context, trigger } = setup({ workflows: [{ ...inbox, tags: ['a'] }] });
    trigger({ name: 'welcome', to: 'ada' });
    const workflow = [...context.data.workflows.values()][0];
    workflow?.tags.push('b');
    expect(context.data.notifications[0]?.tags).toEqual(['a']);
  });

  it('without actor, tenant, context, overrides or topics the notification stores their empty forms', () => {
    const { engine, context, trigger } = setup();
    trigger({ name: 'welcome', to: 'ada' });
    const notification = only(engine, context.data.notifications);
    expect(notification.contextKeys).toEqual([]);
    expect(notification.topics).toEqual([]);
    expect(notification.overrides).toEqual({});
    expect(notification.controls).toEqual({});
    expect(notification.to).toEqual({ subscriberId: 'ada' });
    expect(Object.keys(notification)).not.toContain('actorId');
    expect(Object.keys(notification)).not.toContain('tenantId');
    expect(Object.keys(notification)).not.toContain('subscriptions');
  });

  it('stores the context as type:id keys in the order given, for both forms', () => {
    const { context, trigger } = setup();
    trigger({
      name: 'welcome',
      to: 'ada',
      context: { tenant: 'acme', region: { id: 'eu', data: { zone: 1 } } },
    });
    expect(context.data.notifications[0]?.contextKeys).toEqual(['tenant:acme', 'region:eu']);
  });

  it('the overrides are stored as a copy on the notification and its jobs', () => {
    const { context, trigger } = setup();
    const overrides = { email: { subject: 'Hi' } };
    trigger({ name: 'welcome', to: 'ada', overrides });
    overrides.email.subject = 'Changed';
    const [notification] = context.data.notifications;
    expect(notification?.overrides).toEqual({ email: { subject: 'Hi' } });
    expect(notification?.jobs[0]?.overrides).toEqual({ email: { subject: 'Hi' } });
  });

  it('overrides.severity high, medium, low or none wins over the workflow severity', () => {
    const { context, trigger } = setup({
      workflows: [
        { ...inbox, severity: 'medium' },
        { ...inbox, workflowId: 'low', severity: 'low' },
      ],
    });
    for (const severity of ['high', 'low', 'none']) {
      trigger({ name: 'welcome', to: 'ada', overrides: { severity } });
    }
    trigger({ name: 'low', to: 'ada', overrides: { severity: 'medium' } });
    expect(context.data.notifications.map((n) => n.severity)).toEqual([
      'high',
      'low',
      'none',
      'medium',
    ]);
  });

  it('an unknown or absent severity override keeps the workflow severity and critical flag', () => {
    const { context, trigger } = setup({
      workflows: [{ ...inbox, severity: 'high', critical: true }],
    });
    trigger({ name: 'welcome', to: 'ada', overrides: { severity: 'urgent' } });
    trigger({ name: 'welcome', to: 'ada', overrides: { channels: { severity: 'low' } } });
    trigger({ name: 'welcome', to: 'ada' });
    expect(context.data.notifications.map((n) => [n.severity, n.critical])).toEqual([
      ['high', true],
      ['high', true],
      ['high', true],
    ]);
  });

  it('a string actor is stored as the actorId of each notification', () => {
    const { context, trigger } = setup({
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
    });
    trigger({ name: 'welcome', to: ['ada', 'bob'], actor: 'carol' });
    expect(context.data.notifications.map((n) => n.actorId)).toEqual(['carol', 'carol']);
    // A string actor is not upserted.
    expect(context.data.subscribers.has('carol')).toBe(false);
  });

  it('an actor object is upserted and its subscriberId stored as actorId', () => {
    const { context, trigger } = setup();
    trigger({ name: 'welcome', to: 'ada', actor: { subscriberId: 'carol', firstName: 'Carol' } });
    expect(context.data.notifications[0]?.actorId).toBe('carol');
    expect(context.data.subscribers.get('carol')?.firstName).toBe('Carol');
  });

  it('an actor object the service cannot use is neither stored nor upserted', () => {
    const { engine, context, trigger } = setup();
    expect(trigger({ name: 'welcome', to: 'ada', actor: { subscriberId: 'bad id!' } }).status).toBe(
      'processed',
    );
    const notification = only(engine, context.data.notifications);
    expect(Object.keys(notification)).not.toContain('actorId');
    expect(context.data.subscribers.has('bad id!')).toBe(false);
  });

  it('a tenant, as a string or an object, is stored as the tenantId', () => {
    const { context, trigger } = setup({ tenants: [{ identifier: 'acme' }] });
    trigger({ name: 'welcome', to: 'ada', tenant: 'acme' });
    trigger({ name: 'welcome', to: 'ada', tenant: { identifier: 'acme' } });
    expect(context.data.notifications.map((n) => n.tenantId)).toEqual(['acme', 'acme']);
  });
});

describe('trigger: tenant updates', () => {
  it('a tenant object updates the stored name, data and updatedAt', () => {
    const { engine, context, trigger } = setup({
      tenants: [{ identifier: 'acme', name: 'Acme', data: { tier: 'gold' } }],
    });
    engine.clock.advance('1h');
    trigger({
      name: 'welcome',
      to: 'ada',
      tenant: { identifier: 'acme', name: 'Acme Inc', data: { tier: 'platinum' } },
    });
    expect(context.data.tenants.get('acme')).toMatchObject({
      name: 'Acme Inc',
      data: { tier: 'platinum' },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T01:00:00.000Z',
    });
  });

  it('a tenant object without name or data keeps them and only moves updatedAt', () => {
    const { engine, context, trigger } = setup({
      tenants: [{ identifier: 'acme', name: 'Acme', data: { tier: 'gold' } }],
    });
    engine.clock.advance('1h');
    trigger({ name: 'welcome', to: 'ada', tenant: { identifier: 'acme' } });
    expect(context.data.tenants.get('acme')).toMatchObject({
      name: 'Acme',
      data: { tier: 'gold' },
      updatedAt: '2026-01-01T01:00:00.000Z',
    });
  });

  it('a string tenant changes nothing on the stored tenant', () => {
    const { engine, context, trigger } = setup({
      tenants: [{ identifier: 'acme', name: 'Acme' }],
    });
    engine.clock.advance('1h');
    trigger({ name: 'welcome', to: 'ada', tenant: 'acme' });
    expect(context.data.tenants.get('acme')).toMatchObject({
      name: 'Acme',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('a tenant that answers no_tenant_found or a refused trigger updates nothing', () => {
    const { engine, context, trigger } = setup({
      tenants: [{ identifier: 'acme', name: 'Acme' }],
    });
    engine.clock.advance('1h');
    trigger({ name: 'welcome', to: 'bad id!', tenant: { identifier: 'acme', name: 'X' } });
    expect(context.data.tenants.get('acme')).toMatchObject({
      name: 'Acme',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
