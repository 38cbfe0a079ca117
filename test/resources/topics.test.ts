// svc.topics.* (docs/behaviour/topics.md) through the real client against the engine, strict
// validation: every answer parses with the client's schemas.
import { BadRequestError, ConflictError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
    workflows: [
      {
        workflowId: 'invoice',
        tags: ['billing'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Invoice' } }],
      },
    ],
    topics: Array.from({ length: 12 }, (_, index) => ({
      key: `seeded-${index}`,
      name: `Seeded ${index}`,
    })),
  },
});

describe('svc.topics', () => {
  it('create upserts, retrieve and update read and rename, delete removes', async () => {
    const svc = client();
    const created = await svc.topics.create({ key: 'news', name: 'News' });
    expect(created.key).toBe('news');
    const again = await svc.topics.create({ key: 'news', name: 'Product news' }).withResponse();
    expect(again.response.status).toBe(200);
    expect(again.data._id).toBe(created._id);
    expect((await svc.topics.retrieve('news')).name).toBe('Product news');
    expect((await svc.topics.update('news', { name: 'Renamed' })).name).toBe('Renamed');
    expect(await svc.topics.delete('news')).toEqual({ acknowledged: true });
    expect(await rejection(svc.topics.retrieve('news'))).toBeInstanceOf(NotFoundError);
  });

  it('create and update carry custom data, answered typed; null clears it', async () => {
    const svc = client();
    const created = await svc.topics.create({ key: 'labelled', data: { tier: 'pro', seats: 5 } });
    expect(created.data).toEqual({ tier: 'pro', seats: 5 });
    const updated = await svc.topics.update('labelled', { data: { tier: 'team' } });
    expect(updated.data).toEqual({ tier: 'team' });
    expect((await svc.topics.retrieve('labelled')).data).toEqual({ tier: 'team' });
    expect(await svc.topics.update('labelled', { data: null })).not.toHaveProperty('data');
    const nested = { data: { nested: { a: 1 } } } as unknown as { data: Record<string, string> };
    expect(await rejection(svc.topics.update('labelled', nested))).toBeInstanceOf(
      SvcValidationError,
    );
  });

  it('list walks every page with for await', async () => {
    const keys: string[] = [];
    for await (const topic of client().topics.list({ limit: 5, orderDirection: 'ASC' })) {
      keys.push(topic.key);
    }
    expect(keys).toEqual(Array.from({ length: 12 }, (_, index) => `seeded-${index}`));
  });

  it('checks bodies before sending', async () => {
    const error = await rejection(client().topics.create({ key: 'k'.repeat(101) }));
    expect(error).toBeInstanceOf(SvcValidationError);
    expect(await rejection(client().topics.create({ key: 'bad key' }))).toBeInstanceOf(
      BadRequestError,
    );
  });
});

describe('svc.topics.subscriptions', () => {
  it('create, list and delete agree with svc.subscribers.subscriptions.list', async () => {
    const svc = client();
    const created = await svc.topics.subscriptions.create('news', {
      subscriptions: ['ada', { identifier: 'bob-news', subscriberId: 'bob' }],
    });
    expect(created.meta).toEqual({ totalCount: 2, successful: 2, failed: 0 });
    const listed = await svc.topics.subscriptions.list('news').toArray({ limit: 100 });
    expect(listed.map((item) => item.subscriber.subscriberId).sort()).toEqual(['ada', 'bob']);
    const mine = await svc.subscribers.subscriptions.list('bob').toArray({ limit: 100 });
    expect(mine.map((item) => item.identifier)).toEqual(['bob-news']);
    const removed = await svc.topics.subscriptions.delete('news', { subscriptions: ['bob'] });
    expect(removed.data.map((item) => item.identifier)).toEqual(['bob-news']);
    expect(await svc.subscribers.subscriptions.list('bob').toArray({ limit: 100 })).toEqual([]);
    const failed = await rejection(
      svc.topics.subscriptions.create('news', { subscriberIds: ['ghost'] }),
    );
    expect(failed).toBeInstanceOf(BadRequestError);
  });

  it('subscribers.create answers a ConflictError with failIfExists', async () => {
    const svc = client();
    await svc.subscribers.create({ subscriberId: 'new-one' });
    const error = await rejection(
      svc.subscribers.create({ subscriberId: 'new-one' }, { failIfExists: true }),
    );
    expect(error).toBeInstanceOf(ConflictError);
  });
});

describe('svc.topics.subscriptions preferences', () => {
  it('create takes preferences, answers them typed, and the trigger honours them', async () => {
    const svc = client();
    const created = await svc.topics.subscriptions.create('news', {
      subscriptions: ['ada'],
      preferences: [
        {
          filter: { tags: ['billing'] },
          condition: { '===': [{ var: 'payload.tier' }, 'premium'] },
        },
      ],
    });
    const preference = created.data[0]?.preferences?.[0];
    expect(preference).toMatchObject({
      subscriptionId: created.data[0]?._id,
      workflow: { identifier: 'invoice', tags: ['billing'] },
      enabled: true,
      condition: { '===': [{ var: 'payload.tier' }, 'premium'] },
    });
    await svc.topics.subscriptions.create('news', { subscriptions: ['bob'] });
    const reached = async (tier: string) => {
      const { transactionId = '' } = await svc.events.trigger({
        name: 'invoice',
        to: { type: 'Topic', topicKey: 'news' },
        payload: { tier },
      });
      const page = await svc.notifications.list({ transactionId });
      return page.data.map((item) => item.subscriber?.subscriberId).sort();
    };
    expect(await reached('free')).toEqual(['bob']);
    expect(await reached('premium')).toEqual(['ada', 'bob']);
  });

  it('checks preferences before sending', async () => {
    const error = await rejection(
      client().topics.subscriptions.create('news', {
        subscriptions: ['ada'],
        // @ts-expect-error a workflow id must be text
        preferences: [{ workflowId: 42 }],
      }),
    );
    expect(error).toBeInstanceOf(SvcValidationError);
  });
});
