import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    messages: [
      { subscriberId: 'ada', content: 'one' },
      { subscriberId: 'ada', content: 'two', read: true, seen: true },
      { subscriberId: 'grace', content: 'not yours' },
    ],
  },
});

async function messageIds() {
  const { data } = engine.scope('Development');
  return data.messages.map((message) => message._id);
}

const markAs = (body: unknown, subscriberId = 'ada') =>
  call('POST', `/v1/subscribers/${subscriberId}/messages/mark-as`, { body });

describe('POST /v1/subscribers/{id}/messages/mark-as', () => {
  it.each([
    ['read', { read: true, seen: true, lastReadDate: true }],
    ['unread', { read: false, seen: true, lastReadDate: true }],
    ['seen', { read: false, seen: true, lastReadDate: false }],
    ['unseen', { read: false, seen: false, lastReadDate: false }],
  ] as const)('applies %s per the table, answering 201', async (mark, expected) => {
    engine.clock.advance(1000);
    const [first = ''] = await messageIds();
    const reply = await markAs({ messageId: first, markAs: mark });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toHaveLength(1);
    const message = reply.body.data[0];
    expect({ read: message.read, seen: message.seen }).toEqual({
      read: expected.read,
      seen: expected.seen,
    });
    expect(message.lastSeenDate).toBe(engine.clock.iso());
    expect(message.lastReadDate === engine.clock.iso()).toBe(expected.lastReadDate);
  });

  it('keeps read untouched on seen/unseen', async () => {
    const [, second = ''] = await messageIds();
    const reply = await markAs({ messageId: [second], markAs: 'unseen' });
    expect(reply.body.data[0]).toMatchObject({ read: true, seen: false });
  });

  it("silently ignores other subscribers' and unknown ids, in database order", async () => {
    const [first = '', second = '', graces = ''] = await messageIds();
    const reply = await markAs({
      messageId: [second, graces, '0123456789abcdef01234567', first],
      markAs: 'read',
    });
    expect(reply.body.data.map((m: { _id: string }) => m._id)).toEqual([first, second]);
    const { data } = engine.scope('Development');
    expect(data.messages[2]?.read).toBe(false);
  });

  it('validates messageId and markAs with 422, and answers 404 for an unknown subscriber', async () => {
    const badId = await markAs({ messageId: 'abc', markAs: 'read' });
    expect(badId.status).toBe(422);
    expect(badId.body.errors.general.messages).toEqual([
      'messageId must be a valid MongoDB ObjectId or an array of valid MongoDB ObjectIds',
    ]);
    expect((await markAs({ messageId: [], markAs: 'read' })).status).toBe(422);
    const badMark = await markAs({ messageId: '0123456789abcdef01234567', markAs: 'archived' });
    expect(badMark.body.errors.general.messages).toEqual([
      'markAs must be one of the following values: read, seen, unread, unseen',
    ]);
    const ghost = await markAs({ messageId: '0123456789abcdef01234567', markAs: 'read' }, 'ghost');
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe('Subscriber ghost not found');
  });
});
