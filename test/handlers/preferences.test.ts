// Preferences that shape delivery, end to end through the msw handlers with raw fetch
// (docs/behaviour/subscribers.md#preferences, runs.md#preferences): update, trigger, then read
// the outbox and the activity feed.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const steps = [
  { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } },
  { type: 'email' as const, name: 'Email', controlValues: { subject: 'Hi', body: 'Hello' } },
];

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
    workflows: [
      { workflowId: 'welcome', name: 'Welcome', steps },
      { workflowId: 'alerts', name: 'Alerts', steps },
      { workflowId: 'security', name: 'Security', critical: true, steps },
      {
        workflowId: 'no-email-default',
        name: 'No email by default',
        steps,
        preferences: {
          user: null,
          default: {
            all: { enabled: true, readOnly: false },
            channels: { email: { enabled: false }, in_app: { enabled: true } },
          },
        },
      },
    ],
  },
});

async function deliveredChannels(workflow: string): Promise<string[]> {
  engine.outbox.clear();
  const trigger = await call('POST', '/v1/events/trigger', { body: { name: workflow, to: 'ada' } });
  expect(trigger.status).toBe(201);
  return engine.outbox.list().map((message) => message.channel);
}

async function emailJob(workflowName: string) {
  const feed = await call('GET', '/v1/notifications');
  const notification = feed.body.data.find(
    (item: { template: { name: string } }) => item.template.name === workflowName,
  );
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  return notification.jobs.find((job: any) => job.type === 'email');
}

describe('preferences shape delivery', () => {
  it('a global channel switch skips that channel in every non-critical workflow', async () => {
    const update = await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { email: false } },
    });
    expect(update.status).toBe(200);
    expect(update.body.data.global.channels).toEqual({ email: false, in_app: true });
    expect(await deliveredChannels('welcome')).toEqual(['in_app']);
    const job = await emailJob('Welcome');
    expect(job.status).toBe('skipped');
    expect(job.executionDetails.map((detail: { detail: string }) => detail.detail)).toContain(
      'Step filtered by subscriber global preferences',
    );
  });

  it('a workflow switch wins over the global one, for that workflow only', async () => {
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { email: false } },
    });
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { workflowId: 'welcome', channels: { email: true, in_app: false } },
    });
    expect(await deliveredChannels('welcome')).toEqual(['email']);
    expect(await deliveredChannels('alerts')).toEqual(['in_app']);
    const feed = await call('GET', '/v1/notifications');
    const welcome = feed.body.data.find(
      (item: { template: { name: string } }) => item.template.name === 'Welcome',
    );
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
    const inbox = welcome.jobs.find((job: any) => job.type === 'in_app');
    expect(inbox.status).toBe('skipped');
    expect(inbox.executionDetails.at(-1)).toMatchObject({
      detail: 'Step filtered by subscriber workflow preferences',
      status: 'Success',
      source: 'Internal',
    });
    expect(JSON.parse(inbox.executionDetails.at(-1).raw)).toMatchObject({
      channels: { in_app: false, email: true },
    });
  });

  it('critical workflows ignore the subscriber and refuse per-workflow updates', async () => {
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { email: false, in_app: false } },
    });
    expect(await deliveredChannels('security')).toEqual(['in_app', 'email']);
    const refused = await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { workflowId: 'security', channels: { email: false } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^Critical workflow with id: [0-9a-f]{24} can not be updated$/,
    );
  });

  it("the workflow's own defaults apply until the subscriber says otherwise", async () => {
    expect(await deliveredChannels('no-email-default')).toEqual(['in_app']);
    expect((await emailJob('No email by default')).executionDetails.at(-1).detail).toBe(
      'Step filtered by workflow preferences',
    );
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { workflowId: 'no-email-default', channels: { email: true } },
    });
    expect(await deliveredChannels('no-email-default')).toEqual(['in_app', 'email']);
  });
});

describe('GET /v2/subscribers/{subscriberId}/preferences', () => {
  it('reports what will apply, per workflow, with the criticality filter', async () => {
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { email: false } },
    });
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { workflowId: 'alerts', channels: { email: true } },
    });
    const reply = await call('GET', '/v2/subscribers/ada/preferences');
    expect(reply.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
    const byId = new Map<string, any>(
      // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
      reply.body.data.workflows.map((item: any) => [item.workflow.identifier, item]),
    );
    expect([...byId.keys()].sort()).toEqual(['alerts', 'no-email-default', 'welcome']);
    expect(byId.get('welcome').channels).toEqual({ email: false, in_app: true });
    expect(byId.get('alerts').channels).toEqual({ email: true, in_app: true });
    expect(byId.get('alerts').updatedAt).toBeDefined();
    expect(byId.get('welcome').updatedAt).toBeUndefined();
    expect(byId.get('welcome').overrides).toEqual([
      { channel: 'in_app', source: 'subscriber' },
      { channel: 'email', source: 'subscriber' },
    ]);
    expect(byId.get('welcome').workflow.slug).toMatch(/^welcome_wf_/);
    const critical = await call('GET', '/v2/subscribers/ada/preferences?criticality=critical');
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
    expect(critical.body.data.workflows.map((item: any) => item.workflow.identifier)).toEqual([
      'security',
    ]);
    expect(critical.body.data.workflows[0].channels).toEqual({ email: true, in_app: true });
    const all = await call('GET', '/v2/subscribers/ada/preferences?criticality=all');
    expect(all.body.data.workflows).toHaveLength(4);
    expect((await call('GET', '/v2/subscribers/ada/preferences?criticality=some')).status).toBe(
      422,
    );
  });

  it('answers 404 for unknown subscribers and workflows, changing nothing', async () => {
    expect((await call('GET', '/v2/subscribers/nobody/preferences')).body.message).toBe(
      'Subscriber nobody not found',
    );
    const patch = await call('PATCH', '/v2/subscribers/nobody/preferences', {
      body: { channels: { sms: false } },
    });
    expect(patch.status).toBe(404);
    const workflow = await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { workflowId: 'ghost', channels: { sms: false } },
    });
    expect(workflow.status).toBe(404);
    expect(
      (
        await call('PATCH', '/v2/subscribers/ada/preferences', {
          body: { channels: { sms: 'no' } },
        })
      ).status,
    ).toBe(422);
    const { data } = engine.scope('Development');
    expect(data.preferences.size).toBe(0);
  });

  it('keeps the schedule on the global preference', async () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
      },
    };
    await call('PATCH', '/v2/subscribers/ada/preferences', { body: { schedule } });
    const reply = await call('GET', '/v2/subscribers/ada/preferences');
    expect(reply.body.data.global.schedule).toEqual(schedule);
  });

  it('is isolated per environment', async () => {
    await call('PATCH', '/v2/subscribers/ada/preferences', {
      body: { channels: { email: false } },
    });
    const production = engine.environment('Production').apiKey;
    const reply = await call('GET', '/v2/subscribers/ada/preferences', { key: production });
    expect(reply.status).toBe(404);
  });
});

describe('PATCH /v2/subscribers/{subscriberId}/preferences/bulk', () => {
  it('answers 200 with each workflow preference, and the trigger then skips the turned-off channels', async () => {
    const reply = await call('PATCH', '/v2/subscribers/ada/preferences/bulk', {
      body: {
        preferences: [
          { workflowId: 'welcome', channels: { email: false } },
          { workflowId: 'alerts', channels: { in_app: false } },
        ],
      },
    });
    expect(reply.status).toBe(200);
    expect(
      reply.body.data.map((item: { workflow: { identifier: string }; channels: object }) => [
        item.workflow.identifier,
        item.channels,
      ]),
    ).toEqual([
      ['welcome', { email: false, in_app: true }],
      ['alerts', { email: true, in_app: false }],
    ]);
    expect(await deliveredChannels('welcome')).toEqual(['in_app']);
    expect(await deliveredChannels('alerts')).toEqual(['email']);
  });

  it("answers the service's 400 for a critical workflow and 422 past 100 items", async () => {
    const critical = await call('PATCH', '/v2/subscribers/ada/preferences/bulk', {
      body: { preferences: [{ workflowId: 'security', channels: { email: false } }] },
    });
    expect(critical.status).toBe(400);
    expect(critical.body.message).toMatch(
      /^Critical workflows with ids: [0-9a-f]{24} cannot be updated$/,
    );
    const tooMany = await call('PATCH', '/v2/subscribers/ada/preferences/bulk', {
      body: {
        preferences: Array.from({ length: 101 }, () => ({ workflowId: 'welcome', channels: {} })),
      },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.general.messages).toEqual([
      'preferences must contain no more than 100 elements',
    ]);
  });
});
