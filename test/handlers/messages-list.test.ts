// GET /v1/messages and the message deletes through the msw handlers with raw fetch: the query
// rules, the envelopes and the 204 (docs/behaviour/messages.md).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
    messages: [
      { subscriberId: 'ada', content: 'one', transactionId: 't-1' },
      { subscriberId: 'ada', content: 'two', transactionId: 't-2', channel: 'email' },
      { subscriberId: 'grace', content: 'three', transactionId: 't-2' },
    ],
  },
});

const messages = (body: { errors?: { general?: { messages?: string[] } } }) =>
  body.errors?.general?.messages;

describe('GET /v1/messages', () => {
  it('reads contextKeys= alone as "sent without a context"', async () => {
    const reply = await call('GET', '/v1/messages?contextKeys=');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(3);
    const none = await call('GET', '/v1/messages?contextKeys=tenant:acme');
    expect(none.body.data).toEqual([]);
  });

  it('answers the page without another envelope', async () => {
    const reply = await call('GET', '/v1/messages?limit=2');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize']);
    expect(reply.body).toMatchObject({ page: 0, pageSize: 2, hasMore: true });
    expect(reply.body.data.map((message: { content: string }) => message.content)).toEqual([
      'one',
      'two',
    ]);
  });

  it('reads repeated and bracketed transactionId parameters', async () => {
    for (const query of [
      'transactionId=t-1&transactionId=t-2',
      'transactionId[]=t-1&transactionId[]=t-2',
    ]) {
      const reply = await call('GET', `/v1/messages?${query}`);
      expect(reply.body.data).toHaveLength(3);
    }
    const one = await call('GET', '/v1/messages?transactionId=t-2&channel=email');
    expect(one.body.data.map((message: { content: string }) => message.content)).toEqual(['two']);
  });

  it('matches nothing for an unknown channel, as the service does not check it', async () => {
    const reply = await call('GET', '/v1/messages?channel=pigeon');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([]);
  });

  it.each([
    ['page=abc', 422, 'page must be a number conforming to the specified constraints'],
    ['limit=0', 422, 'limit must not be less than 1'],
    ['page=-1', 422, 'page must not be less than 0'],
    ['limit=2.5', 422, 'limit must be an integer number'],
  ])('answers %s with %i', async (query, status, message) => {
    const reply = await call('GET', `/v1/messages?${query}`);
    expect(reply.status).toBe(status);
    expect(messages(reply.body)).toEqual([message]);
  });

  it('answers 400 for a limit over 1000', async () => {
    const reply = await call('GET', '/v1/messages?limit=1001');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Limit can not be larger then 1000');
  });
});

describe('DELETE /v1/messages/{messageId}', () => {
  it('answers 422 for an id that is not an ObjectId', async () => {
    const reply = await call('DELETE', '/v1/messages/abc');
    expect(reply.status).toBe(422);
    expect(messages(reply.body)).toEqual(['messageId must be a mongodb id']);
  });

  it('deletes and answers the acknowledgement in the envelope', async () => {
    const [first] = (await call('GET', '/v1/messages')).body.data;
    const reply = await call('DELETE', `/v1/messages/${first._id}`);
    expect(reply.body).toEqual({ data: { acknowledged: true, status: 'deleted' } });
    const again = await call('DELETE', `/v1/messages/${first._id}`);
    expect(again.status).toBe(404);
  });
});

describe('DELETE /v1/messages/transaction/{transactionId}', () => {
  it('answers 204 with no body and no content type', async () => {
    const reply = await call('DELETE', '/v1/messages/transaction/t-2?channel=email');
    expect(reply.status).toBe(204);
    expect(reply.body).toBeUndefined();
    expect(reply.headers.get('content-type')).toBeNull();
    expect((await call('GET', '/v1/messages?transactionId=t-2')).body.data).toHaveLength(1);
  });

  it('answers 422 for an unknown channel and deletes nothing', async () => {
    const reply = await call('DELETE', '/v1/messages/transaction/t-2?channel=pigeon');
    expect(reply.status).toBe(422);
    expect(messages(reply.body)).toEqual([
      'channel must be one of the following values: in_app, email, sms, chat, push',
    ]);
    expect((await call('GET', '/v1/messages?transactionId=t-2')).body.data).toHaveLength(2);
  });
});
