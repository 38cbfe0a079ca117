// The service's own Inbox client (@novu/js 3.19, unmodified) against svc-mock's HTTP server:
// session, list and filters, counts, each action, bulk actions, snooze on the clock, preferences
// shaping the next trigger, isolation, HMAC on and off, CORS for the client's headers.
import { createHmac } from 'node:crypto';
import { Novu } from '@novu/js';
import { Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    maxRetries: 0,
  });
  await svc.workflows.create({
    workflowId: 'inbox-welcome',
    name: 'Inbox welcome',
    tags: ['onboarding'],
    steps: [
      {
        type: 'in_app',
        name: 'Inbox',
        controlValues: {
          subject: 'Hi {{payload.name}}',
          body: 'Welcome {{payload.name}}',
          primaryAction: { label: 'Start', redirect: { url: '/start' } },
        },
      },
    ],
  } as never);
});
afterAll(() => server.close());
afterEach(async () => {
  // Each test gets its own subscribers; HMAC goes back off.
  await hmac(false);
});

function inbox(subscriberId: string, more: Record<string, unknown> = {}) {
  return new Novu({
    applicationIdentifier: server.engine.environment('Development').identifier,
    subscriber: subscriberId,
    apiUrl: server.url,
    socketUrl: server.url.replace('http', 'ws'),
    ...more,
  } as ConstructorParameters<typeof Novu>[0]);
}

/** An error's message and those of the errors it wraps (the client nests them). */
const causes = (error: unknown): string[] =>
  error instanceof Error
    ? [error.message, ...causes((error as { originalError?: unknown }).originalError)]
    : [];

async function hmac(on: boolean) {
  const integrations = await svc.integrations.list();
  const inApp = integrations.find(
    (integration) =>
      integration.channel === 'in_app' &&
      integration._environmentId === server.engine.environment('Development')._id,
  );
  await svc.integrations.update(inApp?._id ?? '', { credentials: { hmac: on } });
}

const trigger = (to: string, name = 'Ada') =>
  svc.events.trigger({ name: 'inbox-welcome', to, payload: { name } });

describe('@novu/js against svc-mock', () => {
  it('lists, counts, reads, archives and deletes through the client', async () => {
    await trigger('http-ada', 'one');
    await trigger('http-ada', 'two');
    const novu = inbox('http-ada');
    const listed = await novu.notifications.list({ limit: 10 });
    expect(listed.error).toBeUndefined();
    const [two, one] = listed.data?.notifications ?? [];
    expect(two).toMatchObject({ body: 'Welcome two', subject: 'Hi two', isRead: false });
    expect(one?.primaryAction).toMatchObject({ label: 'Start', redirect: { url: '/start' } });
    expect((await two?.read())?.data?.isRead).toBe(true);
    expect((await two?.unread())?.data?.isRead).toBe(false);
    expect((await two?.archive())?.data?.isArchived).toBe(true);
    expect((await two?.unarchive())?.data?.isArchived).toBe(false);
    expect((await one?.completePrimary())?.data?.primaryAction?.isCompleted).toBe(true);
    expect((await one?.revertPrimary())?.data?.primaryAction?.isCompleted).toBe(false);
    const counts = await novu.notifications.count({
      filters: [{ read: false }, { archived: true }],
    });
    expect(counts.data?.counts.map((entry) => entry.count)).toEqual([1, 0]);
    expect((await novu.notifications.readAll()).error).toBeUndefined();
    expect(
      (await novu.notifications.count({ filters: [{ read: false }] })).data?.counts[0]?.count,
    ).toBe(0);
    expect((await novu.notifications.archiveAllRead()).error).toBeUndefined();
    const archived = await novu.notifications.list({ archived: true });
    expect(archived.data?.notifications).toHaveLength(2);
    expect((await one?.delete())?.error).toBeUndefined();
    expect((await novu.notifications.list({ archived: true })).data?.notifications).toHaveLength(1);
    const messages = await svc.messages.list({ subscriberId: 'http-ada' } as never);
    expect(messages.data.map((message) => message.content)).toEqual(['Welcome two']);
  });

  it('snoozes until the clock passes the end, then the notification is back', async () => {
    await trigger('http-snooze');
    const novu = inbox('http-snooze');
    const [first] = (await novu.notifications.list()).data?.notifications ?? [];
    const until = new Date(server.engine.clock.now() + 5 * 60 * 1000).toISOString();
    const snoozed = await first?.snooze(until);
    expect(snoozed?.error).toBeUndefined();
    expect(snoozed?.data?.isSnoozed).toBe(true);
    expect((await novu.notifications.list({ snoozed: true })).data?.notifications).toHaveLength(1);
    server.engine.clock.advance('5m');
    const [back] =
      (await novu.notifications.list({ useCache: false } as never)).data?.notifications ?? [];
    expect(back?.isSnoozed).toBe(false);
    expect(back?.deliveredAt).toHaveLength(2);
  });

  it('a workflow switched off in the Inbox preferences stops the next delivery', async () => {
    const novu = inbox('http-prefs');
    const preferences = await novu.preferences.list();
    expect(preferences.error).toBeUndefined();
    const welcome = preferences.data?.find(
      (preference) => preference.workflow?.identifier === 'inbox-welcome',
    );
    expect(welcome?.channels.in_app).toBe(true);
    const updated = await welcome?.update({ channels: { in_app: false } });
    expect(updated?.error).toBeUndefined();
    await trigger('http-prefs');
    expect((await novu.notifications.list()).data?.notifications).toHaveLength(0);
    const admin = await svc.subscribers.preferences.list('http-prefs');
    expect(
      admin.workflows.find((entry) => entry.workflow.identifier === 'inbox-welcome')?.channels,
    ).toEqual({
      in_app: false,
    });
  });

  it('shows each subscriber only their own notifications', async () => {
    await trigger('http-one');
    await trigger('http-two');
    const one = (await inbox('http-one').notifications.list()).data?.notifications ?? [];
    const two = (await inbox('http-two').notifications.list()).data?.notifications ?? [];
    expect(one.map((notification) => notification.to.subscriberId)).toEqual(['http-one']);
    expect(two.map((notification) => notification.to.subscriberId)).toEqual(['http-two']);
  });

  it('needs the subscriberHash once HMAC is on in the in-app integration', async () => {
    await hmac(true);
    const refused = await inbox('http-hmac').notifications.list();
    expect(causes(refused.error).join(' | ')).toContain('Please provide a valid HMAC hash');
    const subscriberHash = createHmac('sha256', server.engine.environment('Development').apiKey)
      .update('http-hmac')
      .digest('hex');
    const admitted = await inbox('http-hmac', { subscriberHash }).notifications.list();
    expect(admitted.error).toBeUndefined();
  });

  it('answers the preflight of the client headers, and a bad token with the service error', async () => {
    const preflight = await fetch(`${server.url}/v1/inbox/notifications`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers':
          'authorization, content-type, novu-api-version, novu-client-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('novu-api-version');
    const unauthorized = await fetch(`${server.url}/v1/inbox/notifications`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('*');
    expect(await unauthorized.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});
