// The query-string readers and the cursor/offset list queries, read directly
// (mock-server/engine/wire/query.ts; docs/behaviour/subscribers.md#search and #subscriptions,
// docs/behaviour/workflows.md#list): accepted forms, defaults, bounds at their edges and the exact
// 422 answers.
import { describe, expect, it } from 'vitest';
import {
  parseSubscriberSearch,
  parseSubscriptionSearch,
  parseWorkflowSearch,
  queryFlag,
  queryList,
  queryNumber,
  queryString,
} from '../../../mock-server/engine/wire/query';
import { refusalOf, validationError } from '../helpers';

const params = (query: string) => new URLSearchParams(query);

/** The subscriber search's command-validation 422. */
const listSubscribersError = (messages: string[], value: number) => ({
  status: 422,
  message: `Validation failed for ListSubscribersCommand: limit: ${messages.join(', ')}`,
  ctx: {},
  extra: { errors: { limit: { messages, value } } },
});

describe('queryString', () => {
  it('answers the first value of a repeated key, and an empty value as it is', () => {
    expect(queryString(params('a=1&a=2'), 'a')).toBe('1');
    expect(queryString(params('a='), 'a')).toBe('');
  });

  it('answers undefined when the key is absent', () => {
    expect(queryString(params('b=1'), 'a')).toBeUndefined();
  });
});

describe('queryList', () => {
  it('takes key=a&key=b, key[]=a and a single value, plain values first', () => {
    expect(queryList(params('tags=a&tags=b'), 'tags')).toEqual(['a', 'b']);
    expect(queryList(params('tags[]=a'), 'tags')).toEqual(['a']);
    expect(queryList(params('tags=a'), 'tags')).toEqual(['a']);
    expect(queryList(params('tags[]=b&tags=a'), 'tags')).toEqual(['a', 'b']);
  });

  it('keeps an empty value and does not split on commas', () => {
    expect(queryList(params('tags='), 'tags')).toEqual(['']);
    expect(queryList(params('tags=a,b'), 'tags')).toEqual(['a,b']);
  });

  it('answers undefined when neither form is present', () => {
    expect(queryList(params('other=a'), 'tags')).toBeUndefined();
    expect(queryList(params(''), 'tags')).toBeUndefined();
  });
});

describe('queryFlag', () => {
  it('is true only for the literal true (the first value of a repeated key)', () => {
    expect(queryFlag(params('includeCursor=true'), 'includeCursor')).toBe(true);
    expect(queryFlag(params('includeCursor=true&includeCursor=false'), 'includeCursor')).toBe(true);
  });

  it.each(['includeCursor=TRUE', 'includeCursor=1', 'includeCursor=', 'includeCursor=false', ''])(
    'is false for %j',
    (query) => {
      expect(queryFlag(params(query), 'includeCursor')).toBe(false);
    },
  );
});

describe('queryNumber', () => {
  it.each(['', 'limit=', 'limit=%20%20'])('reads %j as absent', (query) => {
    expect(queryNumber(params(query), 'limit')).toStrictEqual({ kind: 'absent' });
  });

  it.each(['abc', 'Infinity', '1x'])('reads %j as not a number, with its raw text', (raw) => {
    expect(queryNumber(params(`limit=${raw}`), 'limit')).toStrictEqual({
      kind: 'not-a-number',
      raw,
    });
  });

  it('reads a number as Number does, keeping the raw text', () => {
    expect(queryNumber(params('limit=%205%20'), 'limit')).toStrictEqual({
      kind: 'number',
      value: 5,
      raw: ' 5 ',
    });
    expect(queryNumber(params('limit=1e2'), 'limit')).toStrictEqual({
      kind: 'number',
      value: 100,
      raw: '1e2',
    });
    expect(queryNumber(params('limit=-1.5'), 'limit')).toStrictEqual({
      kind: 'number',
      value: -1.5,
      raw: '-1.5',
    });
  });
});

describe('parseSubscriberSearch', () => {
  const defaults = {
    limit: 10,
    after: undefined,
    before: undefined,
    includeCursor: false,
    orderBy: '_id',
    orderDirection: 'DESC',
    email: undefined,
    phone: undefined,
    name: undefined,
    subscriberId: undefined,
  };

  it('defaults: limit 10, orderBy _id, DESC, no cursor, no filters', () => {
    expect(parseSubscriberSearch(params(''))).toStrictEqual(defaults);
  });

  it('reads every field', () => {
    expect(
      parseSubscriberSearch(
        params(
          'limit=20&after=a1&before=b1&includeCursor=true&orderBy=updatedAt&orderDirection=ASC&email=%40acme&phone=555&name=Ada&subscriberId=ada',
        ),
      ),
    ).toStrictEqual({
      limit: 20,
      after: 'a1',
      before: 'b1',
      includeCursor: true,
      orderBy: 'updatedAt',
      orderDirection: 'ASC',
      email: '@acme',
      phone: '555',
      name: 'Ada',
      subscriberId: 'ada',
    });
  });

  it.each(['limit=0', 'limit=abc', 'limit='])('%s falls back to limit 10', (query) => {
    expect(parseSubscriberSearch(params(query)).limit).toBe(10);
  });

  it('takes limit 1 and 100, the edges', () => {
    expect(parseSubscriberSearch(params('limit=1')).limit).toBe(1);
    expect(parseSubscriberSearch(params('limit=100')).limit).toBe(100);
  });

  it.each([
    ['101', ['limit must not be greater than 100'], 101],
    ['-1', ['limit must not be less than 1'], -1],
    ['1.5', ['limit must be an integer number'], 1.5],
    ['0.5', ['limit must be an integer number', 'limit must not be less than 1'], 0.5],
    ['100.5', ['limit must be an integer number', 'limit must not be greater than 100'], 100.5],
  ])('limit=%s answers the command validation 422 with every problem', (raw, messages, value) => {
    expect(refusalOf(() => parseSubscriberSearch(params(`limit=${raw}`)))).toStrictEqual(
      listSubscribersError(messages, value),
    );
  });

  it('an empty orderBy is the default _id', () => {
    expect(parseSubscriberSearch(params('orderBy=')).orderBy).toBe('_id');
  });

  it.each([
    ['', 'DESC'],
    ['orderDirection=DESC', 'DESC'],
    ['orderDirection=ASC', 'ASC'],
    ['orderDirection=desc', 'ASC'],
    ['orderDirection=', 'ASC'],
  ])('only exactly DESC (or nothing) is descending: %j gives %s', (query, direction) => {
    expect(parseSubscriberSearch(params(query)).orderDirection).toBe(direction);
  });
});

describe('parseSubscriptionSearch', () => {
  const defaults = {
    limit: 10,
    after: undefined,
    before: undefined,
    includeCursor: false,
    orderDirection: 'DESC',
    key: undefined,
    contextKeys: undefined,
  };

  it('defaults: limit 10, DESC, no cursor, no key, no context filter', () => {
    expect(parseSubscriptionSearch(params(''))).toStrictEqual(defaults);
  });

  it('reads every field', () => {
    expect(
      parseSubscriptionSearch(
        params(
          'limit=5&after=a1&before=b1&includeCursor=true&orderDirection=ASC&key=news&contextKeys=tenant:a',
        ),
      ),
    ).toStrictEqual({
      limit: 5,
      after: 'a1',
      before: 'b1',
      includeCursor: true,
      orderDirection: 'ASC',
      key: 'news',
      contextKeys: ['tenant:a'],
    });
  });

  it('limit 0 is the default 10; 1 and 100 are taken', () => {
    expect(parseSubscriptionSearch(params('limit=0')).limit).toBe(10);
    expect(parseSubscriptionSearch(params('limit=1')).limit).toBe(1);
    expect(parseSubscriptionSearch(params('limit=100')).limit).toBe(100);
  });

  it.each([
    ['abc', 'limit must be a number conforming to the specified constraints'],
    ['101', 'limit must not be greater than 100'],
    ['100.5', 'limit must not be greater than 100'],
    ['-1', 'limit must not be less than 1'],
    ['0.5', 'limit must not be less than 1'],
    ['1.5', 'limit must be an integer number'],
  ])('limit=%s answers 422 with its first problem only', (raw, message) => {
    expect(refusalOf(() => parseSubscriptionSearch(params(`limit=${raw}`)))).toStrictEqual(
      validationError([message]),
    );
  });

  it.each([
    ['orderDirection=ASC', 'ASC'],
    ['orderDirection=DESC', 'DESC'],
    ['orderDirection=asc', 'DESC'],
    ['', 'DESC'],
  ])('only exactly ASC is ascending: %j gives %s', (query, direction) => {
    expect(parseSubscriptionSearch(params(query)).orderDirection).toBe(direction);
  });

  it('contextKeys: each value is one key (commas do not split), empty values drop, empty alone means no context', () => {
    expect(
      parseSubscriptionSearch(params('contextKeys=a:1,b:2&contextKeys[]=c:3')).contextKeys,
    ).toEqual(['a:1,b:2', 'c:3']);
    expect(parseSubscriptionSearch(params('contextKeys=a:1&contextKeys=')).contextKeys).toEqual([
      'a:1',
    ]);
    expect(parseSubscriptionSearch(params('contextKeys=')).contextKeys).toEqual([]);
  });
});

describe('parseWorkflowSearch', () => {
  const defaults = {
    limit: 50,
    offset: 0,
    orderBy: 'createdAt',
    orderDirection: 'DESC',
    query: undefined,
    tags: undefined,
    status: undefined,
  };

  it('defaults: limit 50, offset 0, createdAt DESC, no filters', () => {
    expect(parseWorkflowSearch(params(''))).toStrictEqual(defaults);
  });

  it('reads every field; tags and status take either list form', () => {
    expect(
      parseWorkflowSearch(
        params(
          'limit=10&offset=20&orderBy=name&orderDirection=ASC&query=welcome&tags=a&tags[]=b&status=ACTIVE&status[]=ERROR',
        ),
      ),
    ).toStrictEqual({
      limit: 10,
      offset: 20,
      orderBy: 'name',
      orderDirection: 'ASC',
      query: 'welcome',
      tags: ['a', 'b'],
      status: ['ACTIVE', 'ERROR'],
    });
  });

  it('a limit that is not a number counts as missing', () => {
    expect(parseWorkflowSearch(params('limit=abc')).limit).toBe(50);
  });

  it('takes limit 1 and 100 and offset 0, the edges', () => {
    expect(parseWorkflowSearch(params('limit=1')).limit).toBe(1);
    expect(parseWorkflowSearch(params('limit=100')).limit).toBe(100);
    expect(parseWorkflowSearch(params('offset=0')).offset).toBe(0);
  });

  it.each([
    ['limit=0', 'limit must not be less than 1'],
    ['limit=-1', 'limit must not be less than 1'],
    ['limit=101', 'limit must not be greater than 100'],
    ['limit=1.5', 'limit must be an integer number'],
    ['limit=100.5', 'limit must be an integer number'],
    ['offset=abc', 'offset must be an integer number'],
    ['offset=1.5', 'offset must be an integer number'],
    ['offset=-1', 'offset must not be less than 0'],
    [
      'orderBy=',
      'orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt',
    ],
    [
      'orderBy=_id',
      'orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt',
    ],
    ['orderDirection=asc', 'orderDirection must be one of the following values: ASC, DESC'],
    ['orderDirection=', 'orderDirection must be one of the following values: ASC, DESC'],
    [
      'status=ACTIVE&status=DRAFT',
      'each value in status must be one of the following values: ACTIVE, INACTIVE, ERROR',
    ],
  ])('%s answers 422: %s', (query, message) => {
    expect(refusalOf(() => parseWorkflowSearch(params(query)))).toStrictEqual(
      validationError([message]),
    );
  });

  it.each(['createdAt', 'updatedAt', 'name', 'lastTriggeredAt'])('takes orderBy=%s', (orderBy) => {
    expect(parseWorkflowSearch(params(`orderBy=${orderBy}`)).orderBy).toBe(orderBy);
  });

  it.each(['ASC', 'DESC'])('takes orderDirection=%s', (direction) => {
    expect(parseWorkflowSearch(params(`orderDirection=${direction}`)).orderDirection).toBe(
      direction,
    );
  });

  it('lists every problem in one 422, in field order', () => {
    expect(
      refusalOf(() =>
        parseWorkflowSearch(
          params('limit=0&offset=-1&orderBy=slug&orderDirection=up&status=DRAFT'),
        ),
      ),
    ).toStrictEqual(
      validationError([
        'limit must not be less than 1',
        'offset must not be less than 0',
        'orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt',
        'orderDirection must be one of the following values: ASC, DESC',
        'each value in status must be one of the following values: ACTIVE, INACTIVE, ERROR',
      ]),
    );
  });
});
