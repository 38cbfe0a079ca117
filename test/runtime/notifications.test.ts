// End-to-end through the client in mock mode: listing and retrieving notifications (docs/behaviour/notifications.md).
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [
      { subscriberId: 'ada', email: 'ada@example.com' },
      { subscriberId: 'bob', email: 'bob@example.com' },
    ],
    workflows: [
      { workflowId: 'inbox', steps: [{ type: 'in_app', name: 'I', controlValues: { body: 'x' } }] },
      {
        workflowId: 'mail',
        severity: 'high',
        steps: [{ type: 'email', name: 'E', controlValues: { subject: 's', body: 'b' } }],
      },
    ],
  },
});
const svc = () => mock.client('Development', { maxRetries: 0 });

async function triggerMany(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await svc().events.trigger({
      name: i % 2 ? 'mail' : 'inbox',
      to: i % 3 ? 'ada' : 'bob',
    });
    ids.push(result.transactionId ?? '');
    mock.engine.clock.advance('1m');
  }
  return ids;
}

describe('GET /v1/notifications', () => {
  it('pages newest first with hasMore when the page is full', async () => {
    const ids = await triggerMany(12);
    const first = await svc().notifications.list({ limit: 5 });
    expect(first.data.map((item) => item.transactionId)).toEqual(ids.slice(7).reverse());
    expect(first).toMatchObject({ page: 0, pageSize: 5, hasMore: true });
    const third = await svc().notifications.list({ limit: 5, page: 2 });
    expect(third.data.map((item) => item.transactionId)).toEqual(ids.slice(0, 2).reverse());
    expect(third.hasMore).toBe(false);
    const exact = await svc().notifications.list({ limit: 6, page: 1 });
    expect(exact.hasMore).toBe(true); // full page, even though nothing follows
    expect((await svc().notifications.list()).pageSize).toBe(10);
  });

  it('filters by channels, templates, subscriberIds, emails, severity and transactionId', async () => {
    const ids = await triggerMany(6);
    const email = await svc().notifications.list({ channels: ['email'] });
    expect(email.data.every((item) => item.channels?.includes('email'))).toBe(true);
    expect(email.data).toHaveLength(3);
    const mail = email.data[0]?._templateId ?? '';
    expect((await svc().notifications.list({ templates: [mail] })).data).toHaveLength(3);
    expect((await svc().notifications.list({ subscriberIds: 'bob' })).data).toHaveLength(2);
    expect((await svc().notifications.list({ emails: ['ada@example.com'] })).data).toHaveLength(4);
    expect((await svc().notifications.list({ severity: ['high'] })).data).toHaveLength(3);
    expect((await svc().notifications.list({ severity: 'none' })).data).toHaveLength(3);
    expect((await svc().notifications.list({ transactionId: ids[2] ?? '' })).data).toHaveLength(1);
    expect(await svc().notifications.list({ subscriberIds: 'nobody' })).toMatchObject({
      page: 0,
      hasMore: false,
      data: [],
    });
  });

  it('filters by after/before and answers the date errors', async () => {
    const start = mock.engine.clock.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await triggerMany(4); // one a minute from `start`
    const page = await svc().notifications.list({ after: at(1), before: at(2) });
    expect(page.data.map((item) => item.createdAt)).toEqual([at(2), at(1)]);
    await expect(svc().notifications.list({ after: 'yesterday' })).rejects.toMatchObject({
      status: 400,
      body: expect.objectContaining({
        message:
          "Invalid date format for parameter 'after': yesterday. Please provide a valid ISO 8601 date string.",
      }),
    });
    await expect(
      svc().notifications.list({ after: '2026-02-01T00:00:00Z', before: '2026-01-01T00:00:00Z' }),
    ).rejects.toMatchObject({
      status: 400,
      body: expect.objectContaining({
        message: 'Invalid date range: start date (after) must be earlier than end date (before)',
      }),
    });
  });

  it('answers 422 for a limit over 50 and a bad template id', async () => {
    const key = mock.engine.environment('Development').apiKey;
    const get = (query: string) =>
      fetch(`https://api.svc.co/v1/notifications?${query}`, {
        headers: { authorization: `ApiKey ${key}` },
      });
    const tooMany = await get('limit=51');
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors.general.messages).toEqual([
      'limit must not be greater than 50',
    ]);
    const badTemplate = await get('templates=abc');
    expect(badTemplate.status).toBe(422);
    await badTemplate.arrayBuffer();
  });
});

describe('GET /v1/notifications/{id}', () => {
  it('returns the activity with subscriber, template, jobs and details; 422 malformed, 404 unknown', async () => {
    await triggerMany(1);
    const [listed] = (await svc().notifications.list()).data;
    const activity = await svc().notifications.retrieve(listed?._id ?? '');
    expect(activity).toMatchObject({
      subscriber: { subscriberId: 'bob', email: 'bob@example.com' },
      template: { name: 'inbox', triggers: [{ type: 'event', identifier: 'inbox' }] },
      channels: ['in_app'],
      severity: 'none',
      jobs: [{ type: 'in_app', status: 'completed', providerId: 'svc' }],
    });
    await expect(svc().notifications.retrieve('not-an-id')).rejects.toMatchObject({ status: 422 });
    await expect(svc().notifications.retrieve('6955b9000000000000000001')).rejects.toMatchObject({
      status: 404,
      body: expect.objectContaining({ message: 'Notification not found' }),
    });
  });
});
