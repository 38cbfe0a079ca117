// svc.notifications.list / retrieve (docs/behaviour/notifications.md) through the real client against the engine, strict
// validation: page-number paging with `for await`, the filters, and the errors as error classes.
import {
  BadRequestError,
  NotFoundError,
  SvcValidationError,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.com' },
      { subscriberId: 'grace', email: 'grace@navy.mil' },
      { subscriberId: 'linus' },
    ],
    topics: [{ key: 'news', subscribers: ['ada', 'grace'] }],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{payload.n}}' } }],
      },
      {
        workflowId: 'mail',
        name: 'Mail',
        severity: 'high',
        steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } }],
      },
    ],
  },
});

/** Triggers `count` events for `to`, one minute apart; answers their transactionIds, oldest first. */
async function trigger(count: number, name = 'welcome', to: string | object = 'linus') {
  const svc = client();
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const result = await svc.events.trigger({
      name,
      to: to as string,
      payload: { n: index },
      transactionId: `${name}-${ids.length}-${engine.clock.now()}`,
    });
    expect(result.status).toBe('processed');
    ids.push(result.transactionId ?? '');
    engine.clock.advance('1m');
  }
  return ids;
}

describe('notifications.list paging', () => {
  it('walks every notification newest first with for await, over three pages', async () => {
    const ids = await trigger(25);
    const seen: string[] = [];
    for await (const notification of client().notifications.list({ limit: 10 })) {
      seen.push(notification.transactionId);
    }
    expect(seen).toEqual([...ids].reverse());

    const sizes: number[] = [];
    for await (const page of client().notifications.list({ limit: 10 }).pages()) {
      sizes.push(page.data.length);
    }
    expect(sizes).toEqual([10, 10, 5]);
  });

  it('says hasMore on a full last page and ends on the empty page after it', async () => {
    const ids = await trigger(30);
    const svc = client();
    const last = await svc.notifications.list({ limit: 10, page: 2 });
    expect(last.hasMore).toBe(true);
    expect(last.data).toHaveLength(10);
    const after = await svc.notifications.list({ limit: 10, page: 3 });
    expect({ page: after.page, hasMore: after.hasMore, pageSize: after.pageSize }).toEqual({
      page: 3,
      hasMore: false,
      pageSize: 10,
    });
    expect(after.data).toEqual([]);

    const pages: { page: number; size: number }[] = [];
    for await (const page of svc.notifications.list({ limit: 10 }).pages()) {
      pages.push({ page: page.page, size: page.data.length });
    }
    // The walk learns the end from the empty page 3, fetched once, and stops there.
    expect(pages).toEqual([
      { page: 0, size: 10 },
      { page: 1, size: 10 },
      { page: 2, size: 10 },
      { page: 3, size: 0 },
    ]);
    const all = await svc.notifications.list({ limit: 10 }).toArray({ limit: 100 });
    expect(all.map((n) => n.transactionId)).toEqual([...ids].reverse());
  });

  it('defaults to pages of 10 from page 0', async () => {
    await trigger(12);
    const first = await client().notifications.list();
    expect({ page: first.page, pageSize: first.pageSize, hasMore: first.hasMore }).toEqual({
      page: 0,
      pageSize: 10,
      hasMore: true,
    });
    expect(first.data).toHaveLength(10);
  });

  it('refuses a limit over 50 in the client, before sending', async () => {
    const error = await rejection(client().notifications.list({ limit: 51 }));
    expect(error).toBeInstanceOf(SvcValidationError);
  });
});

describe('notifications.list filters', () => {
  it('filters by subscriber, email, channel, workflow, severity, transaction and topic', async () => {
    const [welcomeForLinus] = await trigger(1, 'welcome', 'linus');
    const [mailForAda] = await trigger(1, 'mail', 'ada');
    const [topicWelcome] = await trigger(1, 'welcome', { type: 'Topic', topicKey: 'news' });
    const svc = client();
    const ids = async (query: Parameters<typeof svc.notifications.list>[0]) =>
      (await svc.notifications.list(query).toArray({ limit: 50 })).map((n) => [
        n.transactionId,
        n.subscriber?.subscriberId,
      ]);

    expect(await ids({ subscriberIds: 'linus' })).toEqual([[welcomeForLinus, 'linus']]);
    expect(await ids({ emails: ['grace@navy.mil'] })).toEqual([[topicWelcome, 'grace']]);
    expect(await ids({ channels: 'email' })).toEqual([[mailForAda, 'ada']]);
    expect(await ids({ severity: ['high'] })).toEqual([[mailForAda, 'ada']]);
    expect(await ids({ transactionId: topicWelcome })).toHaveLength(2);
    expect(await ids({ topicKey: 'news' })).toEqual([
      [topicWelcome, expect.any(String)],
      [topicWelcome, expect.any(String)],
    ]);
    expect(await ids({ search: 'ACME.com' })).toEqual([
      [topicWelcome, 'ada'],
      [mailForAda, 'ada'],
    ]);
    const mail = (await svc.notifications.list({ channels: ['email'] })).data[0];
    expect(await ids({ templates: mail?._templateId ?? '' })).toEqual([[mailForAda, 'ada']]);
  });

  it('answers an empty first page when no subscriber matches', async () => {
    await trigger(3);
    const page = await client().notifications.list({ subscriberIds: ['nobody'], limit: 7 });
    expect({ page: page.page, hasMore: page.hasMore, pageSize: page.pageSize }).toEqual({
      page: 0,
      hasMore: false,
      pageSize: 7,
    });
    expect(page.data).toEqual([]);
  });

  it('keeps createdAt within inclusive after/before bounds', async () => {
    const start = engine.clock.now();
    const ids = await trigger(5);
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const listed = await client()
      .notifications.list({ after: at(1), before: at(3) })
      .toArray({ limit: 50 });
    expect(listed.map((n) => n.transactionId)).toEqual([ids[3], ids[2], ids[1]]);
  });

  it('answers malformed and reversed dates with BadRequestError', async () => {
    const malformed = await rejection(client().notifications.list({ after: 'yesterday' }));
    expect(malformed).toBeInstanceOf(BadRequestError);
    expect((malformed as BadRequestError).message).toBe(
      "Invalid date format for parameter 'after': yesterday. Please provide a valid ISO 8601 date string.",
    );
    const reversed = await rejection(
      client().notifications.list({
        after: '2026-02-01T00:00:00Z',
        before: '2026-01-01T00:00:00Z',
      }),
    );
    expect(reversed).toBeInstanceOf(BadRequestError);
    expect((reversed as BadRequestError).message).toBe(
      'Invalid date range: start date (after) must be earlier than end date (before)',
    );
  });

  it('answers a template id that is not a database id with UnprocessableEntityError', async () => {
    const error = await rejection(client().notifications.list({ templates: ['welcome'] }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
  });

  it('lists only the key environment: Production sees nothing of Development', async () => {
    await trigger(2);
    expect((await client('Production').notifications.list()).data).toEqual([]);
  });
});

describe('notifications.retrieve', () => {
  it('returns the event with its subscriber, workflow, jobs and execution details', async () => {
    const [transactionId] = await trigger(1, 'welcome', 'ada');
    const svc = client();
    const [listed] = (await svc.notifications.list({ transactionId })).data;
    const event = await svc.notifications.retrieve(listed?._id ?? '');
    expect(event).toMatchObject({
      _id: listed?._id,
      _environmentId: engine.environment('Development')._id,
      transactionId,
      channels: ['in_app'],
      payload: { n: 0 },
      severity: 'none',
      subscriber: { subscriberId: 'ada', firstName: 'Ada', email: 'ada@acme.com' },
      template: { name: 'Welcome', triggers: [{ type: 'event', identifier: 'welcome' }] },
    });
    expect(event.jobs).toHaveLength(1);
    expect(event.jobs?.[0]).toMatchObject({
      type: 'in_app',
      status: 'completed',
      providerId: 'svc',
    });
    expect(event.jobs?.[0]?.executionDetails.length).toBeGreaterThan(0);
    expect(event).toEqual(listed);
  });

  it('answers an unknown id with NotFoundError', async () => {
    const error = await rejection(client().notifications.retrieve('0123456789abcdef01234567'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Notification not found');
  });

  it('answers an id that is not a database id with UnprocessableEntityError', async () => {
    const error = await rejection(client().notifications.retrieve('not-an-id'));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).status).toBe(422);
  });

  it('answers another environment’s event with NotFoundError', async () => {
    const [transactionId] = await trigger(1);
    const [listed] = (await client().notifications.list({ transactionId })).data;
    const error = await rejection(client('Production').notifications.retrieve(listed?._id ?? ''));
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
