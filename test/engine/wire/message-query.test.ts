// The queries of GET /v1/messages and DELETE /v1/messages/transaction/{id} read directly
// (mock-server/engine/wire/message-query.ts, docs/behaviour/messages.md#list): defaults, the
// 422 texts for page and limit, the 400 above 1000 at its edge, and which filters are kept.
import { describe, expect, it } from 'vitest';
import {
  parseDeleteChannel,
  parseMessageSearch,
} from '../../../mock-server/engine/wire/message-query';
import { refusalOf, validationError } from '../helpers';

const params = (query: string) => new URLSearchParams(query);

describe('parseMessageSearch', () => {
  it('defaults to page 0 and limit 10, with no filter keys at all', () => {
    expect(parseMessageSearch(params(''))).toStrictEqual({ page: 0, limit: 10 });
  });

  it('takes page 0, limit 1 and limit 1000, the edges', () => {
    expect(parseMessageSearch(params('page=0&limit=1'))).toStrictEqual({ page: 0, limit: 1 });
    expect(parseMessageSearch(params('page=&limit=1'))).toStrictEqual({ page: 0, limit: 1 });
    expect(parseMessageSearch(params('page=4&limit=1000'))).toStrictEqual({
      page: 4,
      limit: 1000,
    });
  });

  it('a limit over 1000 answers 400 Limit can not be larger then 1000', () => {
    expect(refusalOf(() => parseMessageSearch(params('limit=1001')))).toStrictEqual({
      status: 400,
      message: 'Limit can not be larger then 1000',
      ctx: { error: 'Bad Request', statusCode: 400 },
      extra: {},
    });
  });

  it.each([
    ['page=abc', ['page must be a number conforming to the specified constraints']],
    ['limit=abc', ['limit must be a number conforming to the specified constraints']],
    [
      'limit=ten&page=one',
      [
        'page must be a number conforming to the specified constraints',
        'limit must be a number conforming to the specified constraints',
      ],
    ],
    ['page=1.5', ['page must be an integer number']],
    ['page=-1', ['page must not be less than 0']],
    ['page=-0.5', ['page must be an integer number']],
    ['limit=0', ['limit must not be less than 1']],
    // `Number(value)` reads a blank value as 0.
    ['limit=', ['limit must not be less than 1']],
    ['limit=2.5', ['limit must be an integer number']],
    ['limit=1000.5', ['limit must be an integer number']],
    ['page=-1&limit=0', ['page must not be less than 0', 'limit must not be less than 1']],
  ])('%s answers 422 with each problem once', (query, messages) => {
    expect(refusalOf(() => parseMessageSearch(params(query)))).toStrictEqual(
      validationError(messages),
    );
  });

  it('the 422 comes before the 400 of a large limit', () => {
    expect(refusalOf(() => parseMessageSearch(params('page=-1&limit=5000')))).toStrictEqual(
      validationError(['page must not be less than 0']),
    );
  });

  it('keeps channel unchecked, subscriberId and every transactionId', () => {
    expect(
      parseMessageSearch(
        params('channel=fax&subscriberId=ada&transactionId=t1&transactionId[]=t2'),
      ),
    ).toStrictEqual({
      page: 0,
      limit: 10,
      channel: 'fax',
      subscriberId: 'ada',
      transactionIds: ['t1', 't2'],
    });
    expect(parseMessageSearch(params('channel=email')).channel).toBe('email');
  });

  it('an empty channel or subscriberId is no filter', () => {
    expect(parseMessageSearch(params('channel=&subscriberId='))).toStrictEqual({
      page: 0,
      limit: 10,
    });
  });
});

describe('parseDeleteChannel', () => {
  it('is undefined when absent', () => {
    expect(parseDeleteChannel(params(''))).toBeUndefined();
  });

  it.each(['in_app', 'email', 'sms', 'chat', 'push'])('takes %s', (channel) => {
    expect(parseDeleteChannel(params(`channel=${channel}`))).toBe(channel);
  });

  it.each(['fax', 'EMAIL', ''])('refuses channel=%j with 422', (channel) => {
    expect(refusalOf(() => parseDeleteChannel(params(`channel=${channel}`)))).toStrictEqual(
      validationError([
        'channel must be one of the following values: in_app, email, sms, chat, push',
      ]),
    );
  });
});
