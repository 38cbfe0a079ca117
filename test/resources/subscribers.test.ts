// svc.subscribers.* (docs/behaviour/subscribers.md, messages.md#mark-as) through the real client against the engine, strict validation.
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  SvcValidationError,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const pad = (index: number) => String(index).padStart(2, '0');
const PEOPLE = Array.from({ length: 25 }, (_, index) => ({
  subscriberId: `user-${pad(index)}`,
  firstName: index % 2 === 0 ? 'Ada' : 'Grace',
  lastName: `Number${pad(index)}`,
  email: `user-${pad(index)}@${index % 5 === 0 ? 'Acme' : 'acme'}.com`,
  phone: `+1555000${pad(index)}`,
}));

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'user-1', firstName: 'Ada', email: 'ada@example.com' },
      ...PEOPLE,
    ],
    topics: Array.from({ length: 23 }, (_, index) => ({
      key: `topic-${pad(index)}`,
      name: `Topic ${index}`,
      subscribers: ['user-00'],
    })),
    integrations: [{ providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' }],
    messages: [
      { subscriberId: 'user-00', content: 'one' },
      { subscriberId: 'user-00', content: 'two', read: true, seen: true },
      { subscriberId: 'user-01', content: 'not yours' },
    ],
  },
});

function messageIdsOf(subscriberId: string): string[] {
  const { data } = engine.scope('Development');
  const owner = data.subscribers.get(subscriberId);
  return data.messages.filter((m) => m._subscriberId === owner?._id).map((m) => m._id);
}

describe('subscribers.retrieve', () => {
  it('returns the subscriber', async () => {
    const subscriber = await client().subscribers.retrieve('user-1');
    expect(subscriber).toMatchObject({ subscriberId: 'user-1', firstName: 'Ada' });
  });

  it('answers an unknown subscriber with NotFoundError and the service body', async () => {
    const error = await rejection(client().subscribers.retrieve('ghost'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toEqual({
      error: 'Not Found',
      statusCode: 404,
      timestamp: engine.clock.iso(),
      path: '/v2/subscribers/ghost',
      message: 'Subscriber: ghost was not found',
      ctx: { error: 'Not Found', statusCode: 404 },
    });
  });

  it('encodes an id with reserved characters and finds it', async () => {
    engine.seed({ subscribers: [{ subscriberId: 'a/b c?d#e' }] });
    const subscriber = await client().subscribers.retrieve('a/b c?d#e');
    expect(subscriber.subscriberId).toBe('a/b c?d#e');
  });

  it('answers a wrong key with AuthenticationError', async () => {
    const error = await rejection(
      client('Development', { secretKey: 'wrong' }).subscribers.retrieve('user-1'),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toBe('API Key not found');
    expect((error as AuthenticationError).status).toBe(401);
  });

  it('keeps environments apart: the Production key does not see Development data', async () => {
    await expect(client('Production').subscribers.retrieve('user-1')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('subscribers.update', () => {
  it('sets given fields, clears null ones and replaces data whole', async () => {
    const svc = client();
    await svc.subscribers.update('user-1', { data: { plan: 'pro', seats: 3 } });
    const updated = await svc.subscribers.update('user-1', {
      lastName: 'Lovelace',
      email: null,
      data: { plan: 'team' },
    });
    expect(updated).toMatchObject({
      subscriberId: 'user-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(updated.email).toBeNull();
    expect(updated.data).toEqual({ plan: 'team' });
    expect(await svc.subscribers.retrieve('user-1')).toMatchObject({
      lastName: 'Lovelace',
      email: null,
      data: { plan: 'team' },
    });
  });

  it('answers an unknown subscriber with NotFoundError', async () => {
    const error = await rejection(client().subscribers.update('ghost', { firstName: 'x' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Subscriber ghost was not found');
  });

  it('answers an invalid email with the 422 Validation Error of the service', async () => {
    const error = await rejection(client().subscribers.update('user-1', { email: 'not-an-email' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).message).toBe('Validation Error');
    expect((error as UnprocessableEntityError).errors).toEqual({
      general: { messages: ['email must be an email'], value: 'No Value Recorded' },
    });
  });

  it('rejects a wrongly typed field in the client, before sending', async () => {
    const error = await rejection(
      client().subscribers.update('user-1', { firstName: 42 as unknown as string }),
    );
    expect(error).toBeInstanceOf(SvcValidationError);
  });

  it('replays the same idempotency key and refuses it for another body', async () => {
    const svc = client();
    const first = await svc.subscribers
      .update('user-1', { firstName: 'One' }, { idempotencyKey: 'update-1' })
      .withResponse();
    engine.clock.advance(1000);
    await svc.subscribers.update('user-1', { firstName: 'Two' }, { idempotencyKey: 'update-2' });
    const replay = await svc.subscribers
      .update('user-1', { firstName: 'One' }, { idempotencyKey: 'update-1' })
      .withResponse();
    expect(replay.response.headers.get('idempotency-replay')).toBe('true');
    expect(replay.data).toEqual(first.data);
    expect((await svc.subscribers.retrieve('user-1')).firstName).toBe('Two');

    const error = await rejection(
      svc.subscribers.update('user-1', { firstName: 'Three' }, { idempotencyKey: 'update-1' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).message).toBe(
      'Request with key "update-1" is being reused for a different body',
    );
  });
});

describe('subscribers.search', () => {
  it('walks every subscriber with for await, in _id order, without duplicates', async () => {
    const seen: string[] = [];
    for await (const subscriber of client().subscribers.search({ limit: 7 })) {
      seen.push(subscriber._id ?? '');
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('pages forwards with next and back with previous to the same pages', async () => {
    const first = await client().subscribers.search({ limit: 5, orderDirection: 'ASC' });
    expect(first.previous).toBeNull();
    expect(first.totalCount).toBe(26);
    const forward = [];
    for await (const page of first.iterPages()) forward.push(page);
    expect(forward).toHaveLength(6);
    const last = forward[forward.length - 1];
    expect(last?.next).toBeNull();
    const backward = [];
    if (!last) throw new Error('no pages');
    for await (const page of last.iterPreviousPages()) backward.push(page);
    expect(backward.map((page) => page.data.map((s) => s.subscriberId))).toEqual(
      forward.map((page) => page.data.map((s) => s.subscriberId)).reverse(),
    );
  });

  it('filters case-sensitively: substring on email and name, exact subscriberId', async () => {
    const svc = client();
    const upper = await svc.subscribers.search({ email: '@Acme.com', limit: 100 });
    expect(upper.data.map((s) => s.subscriberId).sort()).toEqual([
      'user-00',
      'user-05',
      'user-10',
      'user-15',
      'user-20',
    ]);
    const names = [];
    for await (const s of svc.subscribers.search({ name: 'Grace Number1', limit: 3 })) {
      names.push(s.subscriberId);
    }
    expect(names.sort()).toEqual(['user-11', 'user-13', 'user-15', 'user-17', 'user-19']);
    expect((await svc.subscribers.search({ name: 'grace' })).data).toEqual([]);
    expect((await svc.subscribers.search({ subscriberId: 'user-0' })).data).toEqual([]);
    expect((await svc.subscribers.search({ phone: '555000' })).totalCount).toBe(25);
  });

  it('answers an unknown cursor with an empty page and a limit above 100 with 422', async () => {
    const empty = await client().subscribers.search({ after: 'ffffffffffffffffffffffff' });
    expect(empty.data).toEqual([]);
    expect(empty.hasNextPage()).toBe(false);
    const error = await rejection(client().subscribers.search({ limit: 101 }));
    expect(error).toSatisfy(
      (e) => e instanceof UnprocessableEntityError || e instanceof SvcValidationError,
    );
  });

  it('answers both cursors at once with BadRequestError', async () => {
    const error = await rejection(
      client().subscribers.search({
        after: 'ffffffffffffffffffffffff',
        before: 'ffffffffffffffffffffffff',
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      'Cannot specify both "before" and "after" cursors at the same time.',
    );
  });
});

describe('subscribers.subscriptions.list', () => {
  it('walks every subscription over several pages, forwards and backwards', async () => {
    const svc = client();
    const keys: string[] = [];
    for await (const subscription of svc.subscribers.subscriptions.list('user-00', { limit: 5 })) {
      keys.push(subscription.topic.key);
    }
    expect(keys).toHaveLength(23);
    expect(new Set(keys).size).toBe(23);
    expect(keys[0]).toBe('topic-22');

    const pages = [];
    for await (const page of (
      await svc.subscribers.subscriptions.list('user-00', { limit: 5, orderDirection: 'ASC' })
    ).iterPages()) {
      pages.push(page);
    }
    expect(pages).toHaveLength(5);
    const backward = [];
    const lastPage = pages[4];
    if (!lastPage) throw new Error('no fifth page');
    for await (const page of lastPage.iterPreviousPages()) backward.push(page);
    expect(backward.flatMap((page) => page.data.map((s) => s._id))).toEqual(
      pages
        .map((page) => page.data.map((s) => s._id))
        .reverse()
        .flat(),
    );
  });

  it('filters by topic key and returns the documented item shape', async () => {
    const page = await client().subscribers.subscriptions.list('user-00', { key: 'topic-03' });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      topic: { key: 'topic-03', name: 'Topic 3' },
      subscriber: { subscriberId: 'user-00', firstName: 'Ada' },
    });
  });

  it('answers an unknown subscriber with NotFoundError', async () => {
    const error = await rejection(client().subscribers.subscriptions.list('ghost'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Subscriber not found');
  });
});

describe('subscribers.credentials.upsert', () => {
  it('stores push credentials and replaces device tokens', async () => {
    const svc = client();
    await svc.subscribers.credentials.upsert('user-1', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['a', 'b'] },
    });
    const updated = await svc.subscribers.credentials.upsert('user-1', {
      providerId: 'fcm',
      credentials: { deviceTokens: ['c'] },
    });
    expect(updated.channels).toHaveLength(1);
    expect(updated.channels?.[0]).toMatchObject({
      providerId: 'fcm',
      credentials: { deviceTokens: ['c'] },
    });
    expect((await svc.subscribers.retrieve('user-1')).channels?.[0]?.credentials).toEqual({
      deviceTokens: ['c'],
    });
  });

  it('answers more than 100 device tokens with BadRequestError and the counts', async () => {
    const deviceTokens = Array.from({ length: 101 }, (_, index) => `token-${index}`);
    const error = await rejection(
      client().subscribers.credentials.upsert('user-1', {
        providerId: 'fcm',
        credentials: { deviceTokens },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      'Device tokens limit exceeded. Maximum allowed tokens per subscriber channel is 100, but got 101 tokens.',
    );
    expect((error as BadRequestError).body).toMatchObject({ currentCount: 101, limit: 100 });
  });

  it('answers an unknown subscriber with BadRequestError (a 400, as the service does)', async () => {
    const error = await rejection(
      client().subscribers.credentials.upsert('ghost', {
        providerId: 'fcm',
        credentials: { deviceTokens: ['a'] },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe('SubscriberId: ghost not found');
  });

  it('answers a provider without an active integration with BadRequestError', async () => {
    const error = await rejection(
      client().subscribers.credentials.upsert('user-1', {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.slack.com/x' },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      `Subscribers environment (${engine.environment('Development')._id}) do not have active slack integration.`,
    );
  });
});

describe('subscribers.messages.markAs', () => {
  it.each([
    ['read', true, true],
    ['unread', false, true],
    ['seen', false, true],
    ['unseen', false, false],
  ] as const)('marks %s per the table', async (markAs, read, seen) => {
    const [first = ''] = messageIdsOf('user-00');
    const messages = await client().subscribers.messages.markAs('user-00', {
      messageId: first,
      markAs,
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ _id: first, read, seen, channel: 'in_app' });
  });

  it('ignores ids of other subscribers', async () => {
    const ids = [...messageIdsOf('user-00'), ...messageIdsOf('user-01')];
    const messages = await client().subscribers.messages.markAs('user-00', {
      messageId: ids,
      markAs: 'read',
    });
    expect(messages.map((message) => message._id).sort()).toEqual(messageIdsOf('user-00').sort());
  });

  it('answers an unknown subscriber with NotFoundError', async () => {
    const [first = ''] = messageIdsOf('user-00');
    const error = await rejection(
      client().subscribers.messages.markAs('ghost', { messageId: first, markAs: 'read' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Subscriber ghost not found');
  });

  it('answers a malformed message id with the service 422', async () => {
    const error = await rejection(
      client().subscribers.messages.markAs('user-00', { messageId: 'nope', markAs: 'read' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual({
      general: {
        messages: [
          'messageId must be a valid MongoDB ObjectId or an array of valid MongoDB ObjectIds',
        ],
        value: 'No Value Recorded',
      },
    });
  });
});
