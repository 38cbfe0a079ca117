// The topic list queries read directly (mock-server/engine/wire/topic-query.ts,
// docs/behaviour/topics.md): the cursor rules shared with the subscription listing, their
// defaults, and empty filters read as no filter.
import { describe, expect, it } from 'vitest';
import {
  parseTopicSearch,
  parseTopicSubscriptionSearch,
} from '../../../mock-server/engine/wire/topic-query';
import { refusalOf, validationError } from '../helpers';

const params = (query: string) => new URLSearchParams(query);

describe('parseTopicSearch', () => {
  it('defaults: limit 10, orderBy _id, DESC, no cursor, no key or name, no contextKeys', () => {
    expect(parseTopicSearch(params(''))).toStrictEqual({
      limit: 10,
      after: undefined,
      before: undefined,
      includeCursor: false,
      orderDirection: 'DESC',
      orderBy: '_id',
      key: undefined,
      name: undefined,
    });
  });

  it('reads every field and leaves contextKeys out', () => {
    expect(
      parseTopicSearch(
        params(
          'limit=100&after=a1&before=b1&includeCursor=true&orderDirection=ASC&orderBy=name&key=task&name=Tasks&contextKeys=tenant:a',
        ),
      ),
    ).toStrictEqual({
      limit: 100,
      after: 'a1',
      before: 'b1',
      includeCursor: true,
      orderDirection: 'ASC',
      orderBy: 'name',
      key: 'task',
      name: 'Tasks',
    });
  });

  it('an empty orderBy, key or name is the default', () => {
    expect(parseTopicSearch(params('orderBy=&key=&name='))).toStrictEqual({
      limit: 10,
      after: undefined,
      before: undefined,
      includeCursor: false,
      orderDirection: 'DESC',
      orderBy: '_id',
      key: undefined,
      name: undefined,
    });
  });

  it('limit 0 is the default; 101 and text answer the 422 of the cursor listings', () => {
    expect(parseTopicSearch(params('limit=0')).limit).toBe(10);
    expect(refusalOf(() => parseTopicSearch(params('limit=101')))).toStrictEqual(
      validationError(['limit must not be greater than 100']),
    );
    expect(refusalOf(() => parseTopicSearch(params('limit=many')))).toStrictEqual(
      validationError(['limit must be a number conforming to the specified constraints']),
    );
  });
});

describe('parseTopicSubscriptionSearch', () => {
  it('defaults: limit 10, DESC, no cursor, no subscriberId, no context filter, no key', () => {
    expect(parseTopicSubscriptionSearch(params('key=news'))).toStrictEqual({
      limit: 10,
      after: undefined,
      before: undefined,
      includeCursor: false,
      orderDirection: 'DESC',
      contextKeys: undefined,
      subscriberId: undefined,
    });
  });

  it('reads every field; contextKeys= means no context', () => {
    expect(
      parseTopicSubscriptionSearch(
        params(
          'limit=1&after=a1&includeCursor=true&orderDirection=ASC&subscriberId=ada&contextKeys=',
        ),
      ),
    ).toStrictEqual({
      limit: 1,
      after: 'a1',
      before: undefined,
      includeCursor: true,
      orderDirection: 'ASC',
      contextKeys: [],
      subscriberId: 'ada',
    });
  });

  it('an empty subscriberId is no filter', () => {
    expect(parseTopicSubscriptionSearch(params('subscriberId=')).subscriberId).toBeUndefined();
  });

  it('refuses a limit below 1 with the 422 of the cursor listings', () => {
    expect(refusalOf(() => parseTopicSubscriptionSearch(params('limit=-3')))).toStrictEqual(
      validationError(['limit must not be less than 1']),
    );
  });
});
