// Messages directly through the engine (mock-server/engine/resources/messages.ts and message-list.ts,
// docs/behaviour/messages.md): the mark-as table and its refusals, the list's filters, pages and
// subscriber, and both deletes.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { listMessages } from '../../../mock-server/engine/resources/message-list';
import type { MessageSearch } from '../../../mock-server/engine/wire/message-query';
import { refusalOf, validationError } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';
const BAD_MESSAGE_ID =
  'messageId must be a valid MongoDB ObjectId or an array of valid MongoDB ObjectIds';

/**
 * Stored in this order: one (ada, in_app, tx a), two (ada, email, tx b, read and seen),
 * three (grace, in_app, tx a), four (ada, sms, tx c, seen), five (ada, in_app, tx a).
 */
function setup() {
  const engine = createMockEngine({
    clockStart: START,
    seed: {
      subscribers: [
        { subscriberId: 'ada', email: 'ada@example.com' },
        { subscriberId: 'grace', firstName: 'Grace' },
      ],
      messages: [
        { subscriberId: 'ada', content: 'one', transactionId: 'a' },
        {
          subscriberId: 'ada',
          content: 'two',
          channel: 'email',
          transactionId: 'b',
          read: true,
          seen: true,
        },
        { subscriberId: 'grace', content: 'three', transactionId: 'a' },
        { subscriberId: 'ada', content: 'four', channel: 'sms', transactionId: 'c', seen: true },
        { subscriberId: 'ada', content: 'five', transactionId: 'a' },
      ],
    },
  });
  const context = engine.scope('Development');
  const idOf = (content: string): string => {
    const message = context.data.messages.find((item) => item.content === content);
    if (message === undefined) throw new Error(`no message ${content}`);
    return message._id;
  };
  const stored = (content: string) => {
    const message = context.data.messages.find((item) => item.content === content);
    if (message === undefined) throw new Error(`no message ${content}`);
    const { read, seen, lastReadDate, lastSeenDate, updatedAt } = message;
    return { read, seen, lastReadDate, lastSeenDate, updatedAt };
  };
  const markAs = (subscriberId: string, body: unknown) =>
    engine.operations['subscribers.messages.markAs'](context, {
      params: { subscriberId },
      body: body,
    });
  const list = (search: Partial<MessageSearch> = {}) =>
    listMessages(context, { page: 0, limit: 10, ...search });
  const contents = (search: Partial<MessageSearch> = {}) =>
    list(search).data.map((message) => message.content);
  return { engine, context, idOf, stored, markAs, list, contents };
}

const flags = (
  messages: { read: boolean; seen: boolean; lastReadDate?: string | null; lastSeenDate?: string }[],
) =>
  messages.map(({ read, seen, lastReadDate, lastSeenDate }) => ({
    read,
    seen,
    lastReadDate,
    lastSeenDate,
  }));

describe('messages: mark-as table', () => {
  it('read sets read and seen and both dates to now', () => {
    const { idOf, stored, markAs } = setup();
    const answer = markAs('ada', { messageId: idOf('one'), markAs: 'read' });
    expect(flags(answer)).toStrictEqual([
      { read: true, seen: true, lastReadDate: START, lastSeenDate: START },
    ]);
    expect(stored('one')).toStrictEqual({
      read: true,
      seen: true,
      lastReadDate: START,
      lastSeenDate: START,
      updatedAt: START,
    });
  });

  it('unread clears read, sets seen and both dates to now', () => {
    const { engine, idOf, stored, markAs } = setup();
    engine.clock.advance('1m');
    const answer = markAs('ada', { messageId: [idOf('two')], markAs: 'unread' });
    expect(flags(answer)).toStrictEqual([
      { read: false, seen: true, lastReadDate: LATER, lastSeenDate: LATER },
    ]);
    expect(stored('two')).toStrictEqual({
      read: false,
      seen: true,
      lastReadDate: LATER,
      lastSeenDate: LATER,
      updatedAt: LATER,
    });
  });

  it('unread of a message never seen marks it seen', () => {
    const { idOf, stored, markAs } = setup();
    markAs('ada', { messageId: idOf('one'), markAs: 'unread' });
    expect(stored('one')).toStrictEqual({
      read: false,
      seen: true,
      lastReadDate: START,
      lastSeenDate: START,
      updatedAt: START,
    });
  });

  it('seen sets seen and lastSeenDate, leaving read and lastReadDate', () => {
    const { engine, idOf, stored, markAs } = setup();
    markAs('ada', { messageId: idOf('two'), markAs: 'read' });
    engine.clock.advance('1m');
    const answer = markAs('ada', { messageId: [idOf('one'), idOf('two')], markAs: 'seen' });
    expect(flags(answer)).toStrictEqual([
      { read: false, seen: true, lastReadDate: undefined, lastSeenDate: LATER },
      { read: true, seen: true, lastReadDate: START, lastSeenDate: LATER },
    ]);
    expect(stored('one')).toStrictEqual({
      read: false,
      seen: true,
      lastReadDate: undefined,
      lastSeenDate: LATER,
      updatedAt: LATER,
    });
  });

  it('unseen clears seen and sets lastSeenDate, leaving read and lastReadDate', () => {
    const { engine, idOf, stored, markAs } = setup();
    markAs('ada', { messageId: idOf('two'), markAs: 'read' });
    engine.clock.advance('1m');
    const answer = markAs('ada', { messageId: [idOf('four'), idOf('two')], markAs: 'unseen' });
    expect(flags(answer)).toStrictEqual([
      { read: true, seen: false, lastReadDate: START, lastSeenDate: LATER },
      { read: false, seen: false, lastReadDate: undefined, lastSeenDate: LATER },
    ]);
    expect(stored('two')).toStrictEqual({
      read: true,
      seen: false,
      lastReadDate: START,
      lastSeenDate: LATER,
      updatedAt: LATER,
    });
  });

  it('answers the changed messages in stored order with archived, without tags and updatedAt', () => {
    const { idOf, markAs } = setup();
    const answer = markAs('ada', { messageId: [idOf('five'), idOf('one')], markAs: 'read' });
    expect(answer.map((message) => message.content)).toStrictEqual(['one', 'five']);
    for (const message of answer) {
      expect(message.archived).toBe(false);
      expect(Object.hasOwn(message, 'tags')).toBe(false);
      expect(Object.hasOwn(message, 'updatedAt')).toBe(false);
    }
  });

  it("ignores another subscriber's message and unknown ids without an error", () => {
    const { idOf, stored, markAs } = setup();
    const answer = markAs('ada', {
      messageId: [idOf('three'), '6955b900a087eaf30000ffff', idOf('one')],
      markAs: 'read',
    });
    expect(answer.map((message) => message.content)).toStrictEqual(['one']);
    expect(stored('three')).toStrictEqual({
      read: false,
      seen: false,
      lastReadDate: undefined,
      lastSeenDate: undefined,
      updatedAt: START,
    });
  });

  it('finds messages by an id in upper case', () => {
    const { idOf, markAs } = setup();
    const answer = markAs('ada', { messageId: idOf('one').toUpperCase(), markAs: 'read' });
    expect(answer.map((message) => message.content)).toStrictEqual(['one']);
  });
});

describe('messages: mark-as refusals', () => {
  it('answers 404 "Subscriber <id> not found" for an unknown subscriber', () => {
    const { idOf, markAs } = setup();
    expect(
      refusalOf(() => markAs('nobody', { messageId: idOf('one'), markAs: 'read' })),
    ).toStrictEqual({
      status: 404,
      message: 'Subscriber nobody not found',
      ctx: { error: 'Not Found', statusCode: 404 },
      extra: {},
    });
  });

  it.each([
    ['a number', 5],
    ['an empty array', []],
    ['a string that is not an ObjectId', 'abc'],
    ['an array with one id that is not an ObjectId', ['6955b900a087eaf30000ffff', 'abc']],
  ])('refuses %s as messageId with 422 and the ObjectId text', (_name, messageId) => {
    const { stored, markAs } = setup();
    expect(refusalOf(() => markAs('ada', { messageId, markAs: 'read' }))).toStrictEqual(
      validationError([BAD_MESSAGE_ID]),
    );
    expect(stored('one').read).toBe(false);
  });

  it('validates the ids before looking the subscriber up', () => {
    const { markAs } = setup();
    expect(refusalOf(() => markAs('nobody', { messageId: 'abc', markAs: 'read' }))).toStrictEqual(
      validationError([BAD_MESSAGE_ID]),
    );
  });

  it('refuses a list that mixes a valid id with a bad one and changes nothing', () => {
    const { idOf, stored, markAs } = setup();
    expect(
      refusalOf(() => markAs('ada', { messageId: [idOf('one'), 'nope'], markAs: 'read' })),
    ).toStrictEqual(validationError([BAD_MESSAGE_ID]));
    expect(stored('one').read).toBe(false);
  });
});

describe('messages: list', () => {
  it('answers every message oldest first, each with its whole subscriber', () => {
    const { engine, context, list } = setup();
    const page = list();
    expect(page.data.map((message) => message.content)).toStrictEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
    ]);
    expect({ ...page, data: [] }).toStrictEqual({
      hasMore: false,
      page: 0,
      pageSize: 10,
      data: [],
    });
    expect(page.data.map((message) => message.subscriber)).toStrictEqual(
      ['ada', 'ada', 'grace', 'ada', 'ada'].map((id) =>
        engine.operations['subscribers.retrieve'](context, { params: { subscriberId: id } }),
      ),
    );
    expect(page.data[2]?.subscriber?.firstName).toBe('Grace');
  });

  it('filters by channel, an unknown one matching nothing', () => {
    const { contents } = setup();
    expect(contents({ channel: 'in_app' })).toStrictEqual(['one', 'three', 'five']);
    expect(contents({ channel: 'sms' })).toStrictEqual(['four']);
    expect(contents({ channel: 'fax' })).toStrictEqual([]);
  });

  it("filters by subscriberId to that subscriber's messages", () => {
    const { contents } = setup();
    expect(contents({ subscriberId: 'grace' })).toStrictEqual(['three']);
    expect(contents({ subscriberId: 'ada' })).toStrictEqual(['one', 'two', 'four', 'five']);
  });

  it('answers 404 "Subscriber not found for id <id>" for an unknown subscriberId', () => {
    const { list } = setup();
    expect(refusalOf(() => list({ subscriberId: 'nobody' }))).toStrictEqual({
      status: 404,
      message: 'Subscriber not found for id nobody',
      ctx: { error: 'Not Found', statusCode: 404 },
      extra: {},
    });
  });

  it('filters by any of the transactionIds', () => {
    const { contents } = setup();
    expect(contents({ transactionIds: ['b', 'c'] })).toStrictEqual(['two', 'four']);
    expect(contents({ transactionIds: ['a'] })).toStrictEqual(['one', 'three', 'five']);
    expect(contents({ transactionIds: ['z'] })).toStrictEqual([]);
  });

  it('combines the filters', () => {
    const { contents } = setup();
    expect(
      contents({ subscriberId: 'ada', channel: 'in_app', transactionIds: ['a'] }),
    ).toStrictEqual(['one', 'five']);
  });

  it('stops at limit and says hasMore when the page is full', () => {
    const { list } = setup();
    const page = list({ limit: 2 });
    expect(page.data.map((message) => message.content)).toStrictEqual(['one', 'two']);
    expect(page.hasMore).toBe(true);
    expect(page.pageSize).toBe(2);
    expect(list({ limit: 5 }).hasMore).toBe(true);
    expect(list({ limit: 6 }).hasMore).toBe(false);
  });

  it('skips page × limit matching messages', () => {
    const { list, contents } = setup();
    expect(contents({ page: 1, limit: 2 })).toStrictEqual(['three', 'four']);
    expect(contents({ page: 2, limit: 2 })).toStrictEqual(['five']);
    expect(contents({ page: 1, limit: 1, subscriberId: 'ada' })).toStrictEqual(['two']);
    expect(contents({ page: 1, limit: 3, channel: 'in_app' })).toStrictEqual([]);
    const last = list({ page: 2, limit: 2 });
    expect({ ...last, data: [] }).toStrictEqual({
      hasMore: false,
      page: 2,
      pageSize: 2,
      data: [],
    });
  });
});

describe('messages: delete', () => {
  it('deletes exactly the message with that id', () => {
    const { engine, context, idOf, contents } = setup();
    expect(
      engine.operations['messages.delete'](context, { params: { messageId: idOf('three') } }),
    ).toStrictEqual({
      acknowledged: true,
      status: 'deleted',
    });
    expect(contents()).toStrictEqual(['one', 'two', 'four', 'five']);
  });

  it('finds the message by an id in upper case', () => {
    const { engine, context, idOf, contents } = setup();
    engine.operations['messages.delete'](context, {
      params: { messageId: idOf('four').toUpperCase() },
    });
    expect(contents()).toStrictEqual(['one', 'two', 'three', 'five']);
  });

  it('answers 422 "messageId must be a mongodb id" for an id that is not an ObjectId', () => {
    const { engine, context, contents } = setup();
    expect(
      refusalOf(() =>
        engine.operations['messages.delete'](context, { params: { messageId: 'abc' } }),
      ),
    ).toStrictEqual(validationError(['messageId must be a mongodb id']));
    expect(contents()).toHaveLength(5);
  });

  it('answers 404 "Message with id <id> not found" for an id it does not hold', () => {
    const { engine, context, contents } = setup();
    expect(
      refusalOf(() =>
        engine.operations['messages.delete'](context, {
          params: { messageId: '6955b900a087eaf30000ffff' },
        }),
      ),
    ).toStrictEqual({
      status: 404,
      message: 'Message with id 6955b900a087eaf30000ffff not found',
      ctx: { error: 'Not Found', statusCode: 404 },
      extra: {},
    });
    expect(contents()).toHaveLength(5);
  });
});

describe('messages: delete by transaction', () => {
  it("deletes every message of the transaction and keeps the others'", () => {
    const { engine, context, contents } = setup();
    engine.operations['messages.deleteByTransactionId'](context, {
      params: { transactionId: 'a' },
    });
    expect(contents()).toStrictEqual(['two', 'four']);
  });

  it("deletes only the transaction's messages of the channel", () => {
    const { engine, context, contents } = setup();
    engine.operations['messages.deleteByTransactionId'](context, {
      params: { transactionId: 'b' },
      query: { channel: 'email' },
    });
    expect(contents()).toStrictEqual(['one', 'three', 'four', 'five']);
  });

  it('keeps the transaction messages of other channels', () => {
    const { engine, context, idOf, contents } = setup();
    engine.operations['messages.delete'](context, { params: { messageId: idOf('four') } });
    engine.seed({
      messages: [{ subscriberId: 'ada', content: 'six', channel: 'email', transactionId: 'a' }],
    });
    engine.operations['messages.deleteByTransactionId'](context, {
      params: { transactionId: 'a' },
      query: { channel: 'in_app' },
    });
    expect(contents()).toStrictEqual(['two', 'six']);
  });

  it('succeeds and deletes nothing for a channel the transaction has no message of', () => {
    const { engine, context, contents } = setup();
    engine.operations['messages.deleteByTransactionId'](context, {
      params: { transactionId: 'a' },
      query: { channel: 'email' },
    });
    expect(contents()).toStrictEqual(['one', 'two', 'three', 'four', 'five']);
  });

  it('answers 404 "Invalid transactionId or channel" for a transaction without messages', () => {
    const { engine, context, contents } = setup();
    expect(
      refusalOf(() =>
        engine.operations['messages.deleteByTransactionId'](context, {
          params: { transactionId: 'z' },
        }),
      ),
    ).toStrictEqual({
      status: 404,
      message: 'Invalid transactionId or channel',
      ctx: { error: 'Not Found', statusCode: 404 },
      extra: {},
    });
    expect(contents()).toHaveLength(5);
  });
});
