// Preferences and schedules per context (docs/behaviour/subscribers.md#contexts), through the
// real client on the engine's virtual clock (Thursday 2026-01-01T00:00:00Z): a preference set in
// a context is stored apart, read back in that context, and applied to triggers carrying it; a
// context without its own preference uses the default one.
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };
const email = {
  type: 'email' as const,
  name: 'Email',
  controlValues: { subject: 'Hi', body: 'Hello' },
};

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
    workflows: [{ workflowId: 'welcome', steps: [inbox, email] }],
  },
});

async function delivered(context?: Record<string, string>): Promise<string[]> {
  engine.outbox.clear();
  await client().events.trigger({ name: 'welcome', to: 'ada', ...(context ? { context } : {}) });
  return engine.outbox.list().map((message) => message.channel);
}

describe('preferences in a context', () => {
  it('stores a workflow preference per context and applies it to triggers in that context only', async () => {
    const svc = client();
    const updated = await svc.subscribers.preferences.update('ada', {
      workflowId: 'welcome',
      channels: { email: false },
      context: { tenant: 'acme' },
    });
    expect(updated.workflows[0]?.channels).toEqual({ email: false, in_app: true });
    const inAcme = await svc.subscribers.preferences.list('ada', { contextKeys: ['tenant:acme'] });
    expect(inAcme.workflows[0]?.channels).toEqual({ email: false, in_app: true });
    const byDefault = await svc.subscribers.preferences.list('ada');
    expect(byDefault.workflows[0]?.channels).toEqual({ email: true, in_app: true });
    expect(await delivered({ tenant: 'acme' })).toEqual(['in_app']);
    expect(await delivered()).toEqual(['in_app', 'email']);
    expect(await delivered({ tenant: 'globex' })).toEqual(['in_app', 'email']);
  });

  it('uses the default preference in a context that has none of its own', async () => {
    const svc = client();
    await svc.subscribers.preferences.update('ada', { channels: { email: false } });
    expect(await delivered({ tenant: 'acme' })).toEqual(['in_app']);
    await svc.subscribers.preferences.update('ada', {
      channels: { email: true },
      context: { tenant: 'acme' },
    });
    expect(await delivered({ tenant: 'acme' })).toEqual(['in_app', 'email']);
    expect(await delivered()).toEqual(['in_app']);
  });

  it("matches a context's keys in any order", async () => {
    const svc = client();
    await svc.subscribers.preferences.update('ada', {
      workflowId: 'welcome',
      channels: { email: false },
      context: { tenant: 'acme', region: 'eu' },
    });
    const listed = await svc.subscribers.preferences.list('ada', {
      contextKeys: ['region:eu', 'tenant:acme'],
    });
    expect(listed.workflows[0]?.channels.email).toBe(false);
    expect(await delivered({ region: 'eu', tenant: 'acme' })).toEqual(['in_app']);
  });

  it("applies a context's schedule to triggers in that context", async () => {
    const svc = client();
    // Thursday 00:00 UTC is outside these hours.
    await svc.subscribers.preferences.update('ada', {
      schedule: {
        isEnabled: true,
        weeklySchedule: {
          thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
        },
      },
      context: { tenant: 'acme' },
    });
    expect(await delivered({ tenant: 'acme' })).toEqual(['in_app']);
    expect(await delivered()).toEqual(['in_app', 'email']);
  });

  it('bulk-updates the preferences of a context', async () => {
    const svc = client();
    await svc.subscribers.preferences.bulkUpdate('ada', {
      preferences: [{ workflowId: 'welcome', channels: { in_app: false } }],
      context: { tenant: 'acme' },
    });
    expect(await delivered({ tenant: 'acme' })).toEqual(['email']);
    expect(await delivered()).toEqual(['in_app', 'email']);
  });
});
