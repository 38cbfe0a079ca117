// The query of GET /v1/notifications read directly (mock-server/engine/wire/notification-query.ts,
// docs/behaviour/notifications.md#list): its defaults, the page and limit bounds at their edges,
// the closed lists of channels, templates and severities, the date errors and each filter's key.
import { describe, expect, it } from 'vitest';
import { parseNotificationSearch } from '../../../mock-server/engine/wire/notification-query';
import { refusalOf, validationError } from '../helpers';

const parse = (query: string) => parseNotificationSearch(new URLSearchParams(query));
const refusal = (query: string) => refusalOf(() => parse(query));

const badRequest = (message: string) => ({
  status: 400,
  message,
  ctx: { error: 'Bad Request', statusCode: 400 },
  extra: {},
});

const CHANNELS_RULE =
  'each value in channels must be one of the following values: in_app, email, sms, chat, push';
const SEVERITY_RULE =
  'each value in severity must be one of the following values: high, medium, low, none';
const TEMPLATE_ID = '507f1f77bcf86cd799439011';
const JAN_1 = '2024-01-01T00:00:00.000Z';
const JAN_2 = '2024-01-02T00:00:00.000Z';

describe('parseNotificationSearch: page and limit', () => {
  it('defaults to page 0 and limit 10, with no filter keys at all', () => {
    expect(parse('')).toStrictEqual({ page: 0, limit: 10 });
  });

  it('takes page 0 and a large page, limit 1 and 50, the edges', () => {
    expect(parse('page=0&limit=1')).toStrictEqual({ page: 0, limit: 1 });
    expect(parse('page=3&limit=50')).toStrictEqual({ page: 3, limit: 50 });
    expect(parse(`page=${Number.MAX_SAFE_INTEGER}`).page).toBe(Number.MAX_SAFE_INTEGER);
    expect(parse('page=&limit=5')).toStrictEqual({ page: 0, limit: 5 });
  });

  it.each([
    ['page=abc', 'page must be an integer number'],
    ['page=1.5', 'page must be an integer number'],
    ['page=-1', 'page must not be less than 0'],
    [`page=${Number.MAX_SAFE_INTEGER + 1}`, 'page must not be greater than 9007199254740991'],
    ['limit=abc', 'limit must be an integer number'],
    ['limit=1.5', 'limit must be an integer number'],
    ['limit=0', 'limit must not be less than 1'],
    // `@Type(() => Number)` reads a blank value as Number(''), 0.
    ['limit=', 'limit must not be less than 1'],
    ['limit=%20', 'limit must not be less than 1'],
    ['limit=51', 'limit must not be greater than 50'],
  ])('%s answers 422: %s', (query, message) => {
    expect(refusal(query)).toStrictEqual(validationError([message]));
  });
});

describe('parseNotificationSearch: closed lists', () => {
  it('takes every channel and severity, in either list form', () => {
    expect(
      parse('channels=in_app&channels=email&channels[]=sms&channels=chat&channels=push'),
    ).toStrictEqual({
      page: 0,
      limit: 10,
      channels: ['in_app', 'email', 'chat', 'push', 'sms'],
    });
    expect(parse('severity=high&severity=medium&severity[]=low&severity=none')).toStrictEqual({
      page: 0,
      limit: 10,
      severity: ['high', 'medium', 'none', 'low'],
    });
  });

  it('lower-cases workflow ids given in capitals', () => {
    expect(
      parse(`templates=${TEMPLATE_ID.toUpperCase()}&templates[]=${TEMPLATE_ID}`),
    ).toStrictEqual({
      page: 0,
      limit: 10,
      templates: [TEMPLATE_ID, TEMPLATE_ID],
    });
  });

  it.each([
    ['channels=email&channels=fax', CHANNELS_RULE],
    ['channels=fax', CHANNELS_RULE],
    [`templates=${TEMPLATE_ID}&templates=welcome`, 'each value in templates must be a mongodb id'],
    ['templates=', 'each value in templates must be a mongodb id'],
    ['severity=high&severity=urgent', SEVERITY_RULE],
  ])('one bad value among good ones is refused: %s', (query, message) => {
    expect(refusal(query)).toStrictEqual(validationError([message]));
  });

  it('lists every problem in one 422, in field order, before looking at dates', () => {
    expect(
      refusal('page=-1&limit=51&channels=fax&templates=x&severity=urgent&after=never'),
    ).toStrictEqual(
      validationError([
        'page must not be less than 0',
        'limit must not be greater than 50',
        CHANNELS_RULE,
        'each value in templates must be a mongodb id',
        SEVERITY_RULE,
      ]),
    );
  });

  it('a not-a-number limit still lets page be checked', () => {
    expect(refusal('limit=abc&page=-2')).toStrictEqual(
      validationError(['page must not be less than 0', 'limit must be an integer number']),
    );
  });
});

describe('parseNotificationSearch: dates', () => {
  it('reads after and before as epoch milliseconds; equal bounds are a valid range', () => {
    expect(parse(`after=${JAN_1}&before=${JAN_2}`)).toStrictEqual({
      page: 0,
      limit: 10,
      after: 1_704_067_200_000,
      before: 1_704_153_600_000,
    });
    expect(parse(`after=${JAN_1}&before=${JAN_1}`)).toStrictEqual({
      page: 0,
      limit: 10,
      after: 1_704_067_200_000,
      before: 1_704_067_200_000,
    });
  });

  it('takes either bound alone; an empty one is no bound', () => {
    expect(parse(`after=${JAN_2}`)).toStrictEqual({ page: 0, limit: 10, after: 1_704_153_600_000 });
    expect(parse(`before=${JAN_1}`)).toStrictEqual({
      page: 0,
      limit: 10,
      before: 1_704_067_200_000,
    });
    expect(parse('after=&before=')).toStrictEqual({ page: 0, limit: 10 });
  });

  it.each([
    ['after=yesterday', 'after', 'yesterday'],
    [`before=soon&after=${JAN_1}`, 'before', 'soon'],
    ['after=2024-13-45&before=nope', 'after', '2024-13-45'],
  ])('%s answers 400 naming the parameter and its text', (query, name, raw) => {
    expect(refusal(query)).toStrictEqual(
      badRequest(
        `Invalid date format for parameter '${name}': ${raw}. Please provide a valid ISO 8601 date string.`,
      ),
    );
  });

  it('after later than before answers 400', () => {
    expect(refusal(`after=${JAN_2}&before=${JAN_1}`)).toStrictEqual(
      badRequest('Invalid date range: start date (after) must be earlier than end date (before)'),
    );
  });
});

describe('parseNotificationSearch: filters', () => {
  it('puts each filter under its own key', () => {
    expect(
      parse(
        'emails=a%40x.io&emails[]=b%40x.io&subscriberIds=ada&subscriberIds=bob&search=ada&transactionId=t1&transactionId[]=t2&topicKey=news&subscriptionId=tk_news%3Asi_ada&contextKeys=tenant%3Aa',
      ),
    ).toStrictEqual({
      page: 0,
      limit: 10,
      emails: ['a@x.io', 'b@x.io'],
      subscriberIds: ['ada', 'bob'],
      search: 'ada',
      transactionIds: ['t1', 't2'],
      topicKey: 'news',
      subscriptionId: 'tk_news:si_ada',
      contextKeys: ['tenant:a'],
    });
  });

  it('contextKeys: each value is one key (commas do not split), empty values drop, empty alone means no context', () => {
    expect(parse('contextKeys=a:1,b:2&contextKeys[]=c:3').contextKeys).toEqual(['a:1,b:2', 'c:3']);
    expect(parse('contextKeys=a:1&contextKeys=&contextKeys=b:2').contextKeys).toEqual([
      'a:1',
      'b:2',
    ]);
    expect(parse('contextKeys=')).toStrictEqual({ page: 0, limit: 10, contextKeys: [] });
  });
});
