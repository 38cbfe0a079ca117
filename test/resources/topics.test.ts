// svc.topics.* (docs/behaviour/topics.md) through the real client against the engine, strict
// validation: every answer parses with the client's schemas.
import { BadRequestError, ConflictError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'bob' }],
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
