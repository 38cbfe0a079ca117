// svc.messages (docs/behaviour/messages.md#list, #delete, #delete-by-transaction) through the
// real client against the engine, strict validation.
import { NotFoundError, SvcValidationError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada', email: 'ada@acme.com' },
      { subscriberId: 'grace', firstName: 'Grace', email: 'grace@acme.com' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          { type: 'email', name: 'Mail', controlValues: { subject: 'Welcome', body: 'Hello' } },
        ],
      },
    ],
  },
});

async function triggerWelcome(to: string | string[], transactionId?: string) {
  const result = await client().events.trigger({
    name: 'welcome',
    to,
    ...(transactionId === undefined ? {} : { transactionId }),
  });
  return result.transactionId ?? '';
}

describe('messages.list', () => {
  it('lists the environment messages oldest first, with their subscriber', async () => {
    await triggerWelcome(['ada', 'grace'], 'first');
    const page = await client().messages.list();
    expect(page.data.map((message) => [message.channel, message.subscriber?.subscriberId])).toEqual(
      [
        ['in_app', 'ada'],
        ['email', 'ada'],
        ['in_app', 'grace'],
        ['email', 'grace'],
      ],
    );
    expect(page.data[0]?.subscriber).toMatchObject({
      _id: expect.any(String),
      subscriberId: 'ada',
      firstName: 'Ada',
      email: 'ada@acme.com',
    });
    expect({ page: page.page, pageSize: page.pageSize, hasMore: page.hasMore }).toEqual({
      page: 0,
      pageSize: 10,
      hasMore: false,
    });
  });

  it('filters by channel, subscriberId and any of several transactionIds', async () => {
    await triggerWelcome('ada', 't-1');
    await triggerWelcome('grace', 't-2');
    await triggerWelcome('ada', 't-3');
    const inApp = await client().messages.list({ channel: 'in_app', subscriberId: 'ada' });
    expect(inApp.data.map((message) => message.transactionId)).toEqual(['t-1', 't-3']);
    const two = await client().messages.list({ transactionId: ['t-2', 't-3'], channel: 'email' });
    expect(two.data.map((message) => message.transactionId)).toEqual(['t-2', 't-3']);
    const one = await client().messages.list({ transactionId: 't-1' });
    expect(one.data).toHaveLength(2);
  });

  it('walks every page with for await: full pages say hasMore, an empty page ends the walk', async () => {
    await triggerWelcome(['ada', 'grace'], 'walk');
    const pages = [];
    for await (const page of client().messages.list({ limit: 2 }).pages()) {
      pages.push({ page: page.page, size: page.data.length, hasMore: page.hasMore });
    }
    expect(pages).toEqual([
      { page: 0, size: 2, hasMore: true },
      { page: 1, size: 2, hasMore: true },
      { page: 2, size: 0, hasMore: false },
    ]);
    const all = [];
    for await (const message of client().messages.list({ limit: 3 })) all.push(message._id);
    expect(new Set(all).size).toBe(4);
  });

  it('answers 404 for an unknown subscriberId', async () => {
    const error = await rejection(client().messages.list({ subscriberId: 'nobody' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain('Subscriber not found for id nobody');
  });

  it('checks the limit before sending (at most 1000)', async () => {
    expect(await rejection(client().messages.list({ limit: 1001 }))).toBeInstanceOf(
      SvcValidationError,
    );
  });

  it('does not list another environment messages', async () => {
    await triggerWelcome('ada');
    const production = await client('Production').messages.list();
    expect(production.data).toEqual([]);
  });
});

describe('messages.delete', () => {
  it('deletes one message: it leaves the list and the subscriber feed', async () => {
    await triggerWelcome('ada');
    const [first, second] = (await client().messages.list()).data;
    expect(await client().messages.delete(first?._id ?? '')).toEqual({
      acknowledged: true,
      status: 'deleted',
    });
    const left = await client().messages.list({ subscriberId: 'ada' });
    expect(left.data.map((message) => message._id)).toEqual([second?._id]);
    // mark-as no longer finds the deleted message
    const marked = await client().subscribers.messages.markAs('ada', {
      messageId: first?._id ?? '',
      markAs: 'read',
    });
    expect(marked).toEqual([]);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const unknown = await rejection(client().messages.delete('64da692e9a94fb2e6449ad60'));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as NotFoundError).message).toContain(
      'Message with id 64da692e9a94fb2e6449ad60 not found',
    );
    expect(await rejection(client().messages.delete('not-an-id'))).toBeInstanceOf(
      UnprocessableEntityError,
    );
  });

  it('cannot delete a message of another environment', async () => {
    await triggerWelcome('ada');
    const [first] = (await client().messages.list()).data;
    const error = await rejection(client('Production').messages.delete(first?._id ?? ''));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((await client().messages.list()).data).toHaveLength(2);
  });
});

describe('messages.list: contexts', () => {
  it('stores the trigger context on each message and filters by the exact set, in any order', async () => {
    await client().events.trigger({
      name: 'welcome',
      to: 'ada',
      transactionId: 'in-context',
      context: { tenant: 'acme', region: { id: 'eu' } },
    });
    await triggerWelcome('ada', 'no-context');
    const all = await client().messages.list();
    expect(all.data.map((message) => [message.transactionId, message.contextKeys])).toEqual([
      ['in-context', ['tenant:acme', 'region:eu']],
      ['in-context', ['tenant:acme', 'region:eu']],
      ['no-context', undefined],
      ['no-context', undefined],
    ]);
    const exact = await client().messages.list({ contextKeys: ['region:eu', 'tenant:acme'] });
    expect(exact.data.map((message) => message.transactionId)).toEqual([
      'in-context',
      'in-context',
    ]);
    expect((await client().messages.list({ contextKeys: ['tenant:acme'] })).data).toEqual([]);
  });
});

describe('messages.deleteByTransactionId', () => {
  it('deletes the transaction messages, of one channel when given, resolving to nothing', async () => {
    const keep = await triggerWelcome('grace');
    const transactionId = await triggerWelcome(['ada', 'grace']);
    expect(
      await client().messages.deleteByTransactionId(transactionId, { channel: 'email' }),
    ).toBeUndefined();
    const left = await client().messages.list({ transactionId });
    expect(left.data.map((message) => message.channel)).toEqual(['in_app', 'in_app']);
    await client().messages.deleteByTransactionId(transactionId);
    expect((await client().messages.list({ transactionId })).data).toEqual([]);
    expect((await client().messages.list({ transactionId: keep })).data).toHaveLength(2);
    expect(engine.outbox.count()).toBe(6);
  });

  it('answers 404 for a transaction without messages', async () => {
    const error = await rejection(client().messages.deleteByTransactionId('nothing-here'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain('Invalid transactionId or channel');
  });

  it('succeeds without deleting anything for a channel the transaction has none of', async () => {
    engine.seed({
      messages: [{ subscriberId: 'ada', transactionId: 'seeded', content: 'only in-app' }],
    });
    await client().messages.deleteByTransactionId('seeded', { channel: 'sms' });
    expect((await client().messages.list({ transactionId: 'seeded' })).data).toHaveLength(1);
  });
});
