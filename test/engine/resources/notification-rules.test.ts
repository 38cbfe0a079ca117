// Notifications directly through the engine (mock-server/engine/resources/notifications.ts,
// docs/behaviour/notifications.md): the activity shape of retrieve, its 422/404, and every filter,
// the order, the page arithmetic and `hasMore` of the list.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import type { ActivityDto } from '../../../mock-server/engine/resources/notifications';
import { listNotifications } from '../../../mock-server/engine/resources/notifications';
import type { NotificationRecord } from '../../../mock-server/engine/store/state';
import type { NotificationSearch } from '../../../mock-server/engine/wire/notification-query';
import { contextOf, refusalOf } from '../helpers';

const START = '2026-01-01T00:00:00.000Z';

function recordOf(engine: MockEngine, transactionId: string): NotificationRecord {
  const record = contextOf(engine).data.notifications.find(
    (item) => item.transactionId === transactionId,
  );
  if (record === undefined) throw new Error(`no notification ${transactionId}`);
  return record;
}

/**
 * Five notifications, one a minute from START (t1 at 00:00 ... t5 at 00:04):
 * t1 inbox → ada, t2 mail → grace, t3 alert (severity high) → linus, t4 inbox → ada with context
 * tenant:acme + region:eu, t5 mail through the topics news and sport (ada is in both, grace only
 * in sport: t5 is ada's, t5-grace is grace's, same minute).
 */
function listFixture() {
  const engine = createMockEngine({
    clockStart: START,
    seed: {
      subscribers: [
        { subscriberId: 'ada', email: 'ada@example.com', firstName: 'Ada' },
        { subscriberId: 'grace', email: 'hopper@example.com' },
        { subscriberId: 'linus' },
      ],
      topics: [
        { key: 'news', subscribers: ['ada'] },
        { key: 'sport', subscribers: ['ada', 'grace'] },
      ],
      workflows: [
        {
          workflowId: 'inbox',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hello' } }],
        },
        {
          workflowId: 'mail',
          steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 'Hi', body: 'Hi' } }],
        },
        {
          workflowId: 'alert',
          severity: 'high',
          steps: [{ type: 'sms', name: 'Text', controlValues: { body: 'Alert' } }],
        },
      ],
    },
  });
  const context = contextOf(engine);
  const trigger = (body: Record<string, unknown>) => {
    engine.operations['events.trigger'](context, { body: body });
    engine.clock.advance('1m');
  };
  trigger({ name: 'inbox', to: 'ada', transactionId: 't1' });
  trigger({ name: 'mail', to: 'grace', transactionId: 't2' });
  trigger({ name: 'alert', to: 'linus', transactionId: 't3' });
  trigger({
    name: 'inbox',
    to: 'ada',
    transactionId: 't4',
    context: { tenant: 'acme', region: 'eu' },
  });
  trigger({
    name: 'mail',
    to: [
      { type: 'Topic', topicKey: 'news' },
      { type: 'Topic', topicKey: 'sport' },
    ],
    transactionId: 't5',
  });
  const list = (search: Partial<NotificationSearch> = {}) =>
    listNotifications(context, { page: 0, limit: 10, ...search });
  /** The transactionIds of the page, with grace's copy of t5 named `t5-grace`. */
  const listed = (search: Partial<NotificationSearch> = {}) =>
    list(search).data.map((item) =>
      item.transactionId === 't5' && item.subscriber?.subscriberId === 'grace'
        ? 't5-grace'
        : item.transactionId,
    );
  return { engine, context, list, listed };
}

describe('notifications: list order and pages', () => {
  it('answers every notification newest first with page, pageSize and hasMore false when not full', () => {
    const { list, listed } = listFixture();
    expect(listed()).toStrictEqual(['t5-grace', 't5', 't4', 't3', 't2', 't1']);
    const { data: _data, ...rest } = list();
    expect(rest).toStrictEqual({ page: 0, hasMore: false, pageSize: 10 });
  });

  it('stops at limit and says hasMore when the page is full', () => {
    const { list, listed } = listFixture();
    expect(listed({ limit: 2 })).toStrictEqual(['t5-grace', 't5']);
    const { data: _data, ...rest } = list({ limit: 2 });
    expect(rest).toStrictEqual({ page: 0, hasMore: true, pageSize: 2 });
  });

  it('says hasMore when the page is exactly full, even with nothing after it', () => {
    const { list } = listFixture();
    expect(list({ limit: 6 }).hasMore).toBe(true);
    expect(list({ limit: 6 }).data).toHaveLength(6);
    expect(list({ limit: 7 }).hasMore).toBe(false);
  });

  it('skips page × limit matching notifications', () => {
    const { list, listed } = listFixture();
    expect(listed({ page: 1, limit: 2 })).toStrictEqual(['t4', 't3']);
    expect(listed({ page: 2, limit: 2 })).toStrictEqual(['t2', 't1']);
    const { data: _data, ...rest } = list({ page: 3, limit: 2 });
    expect(rest).toStrictEqual({ page: 3, hasMore: false, pageSize: 2 });
    expect(list({ page: 3, limit: 2 }).data).toStrictEqual([]);
  });

  it('skips only the notifications that match the filters', () => {
    const { listed } = listFixture();
    expect(listed({ page: 1, limit: 1, subscriberIds: ['ada'] })).toStrictEqual(['t4']);
    expect(listed({ page: 2, limit: 1, subscriberIds: ['ada'] })).toStrictEqual(['t1']);
  });
});

describe('notifications: list filters', () => {
  it('channels keeps a notification with any of the given step types', () => {
    const { listed } = listFixture();
    expect(listed({ channels: ['email'] })).toStrictEqual(['t5-grace', 't5', 't2']);
    expect(listed({ channels: ['chat', 'sms'] })).toStrictEqual(['t3']);
    expect(listed({ channels: ['sms', 'in_app'] })).toStrictEqual(['t4', 't3', 't1']);
    expect(listed({ channels: ['push'] })).toStrictEqual([]);
  });

  it('templates keeps the notifications of the given workflow _ids', () => {
    const { engine, listed } = listFixture();
    const inbox = recordOf(engine, 't1')._templateId;
    const alert = recordOf(engine, 't3')._templateId;
    expect(listed({ templates: [inbox] })).toStrictEqual(['t4', 't1']);
    expect(listed({ templates: [alert, inbox] })).toStrictEqual(['t4', 't3', 't1']);
  });

  it('severity matches the notification severity, none matching those without one', () => {
    const { engine, listed } = listFixture();
    expect(listed({ severity: ['high'] })).toStrictEqual(['t3']);
    expect(listed({ severity: ['low', 'medium'] })).toStrictEqual([]);
    expect(listed({ severity: ['none'] })).toStrictEqual(['t5-grace', 't5', 't4', 't2', 't1']);
    // A stored notification without a severity counts as none.
    Reflect.deleteProperty(recordOf(engine, 't3'), 'severity');
    expect(listed({ severity: ['none'] })).toStrictEqual([
      't5-grace',
      't5',
      't4',
      't3',
      't2',
      't1',
    ]);
    expect(listed({ severity: ['high'] })).toStrictEqual([]);
  });

  it('transactionIds keeps the notifications of any of them', () => {
    const { listed } = listFixture();
    expect(listed({ transactionIds: ['t2', 't4'] })).toStrictEqual(['t4', 't2']);
    expect(listed({ transactionIds: ['nope'] })).toStrictEqual([]);
  });

  it('topicKey keeps notifications sent through that topic, among others', () => {
    const { listed } = listFixture();
    expect(listed({ topicKey: 'sport' })).toStrictEqual(['t5-grace', 't5']);
    expect(listed({ topicKey: 'news' })).toStrictEqual(['t5']);
    expect(listed({ topicKey: 'weather' })).toStrictEqual([]);
  });

  it('subscriptionId keeps notifications sent through that topic subscription', () => {
    const { listed } = listFixture();
    expect(listed({ subscriptionId: 'tk_sport:si_grace' })).toStrictEqual(['t5-grace']);
    expect(listed({ subscriptionId: 'tk_news:si_ada' })).toStrictEqual(['t5']);
    expect(listed({ subscriptionId: 'tk_news:si_grace' })).toStrictEqual([]);
  });

  it('contextKeys is the exact set of the trigger context keys, in any order', () => {
    const { listed } = listFixture();
    expect(listed({ contextKeys: ['region:eu', 'tenant:acme'] })).toStrictEqual(['t4']);
    expect(listed({ contextKeys: ['tenant:acme', 'region:eu'] })).toStrictEqual(['t4']);
  });

  it('contextKeys does not match a subset, a superset or other keys of the same count', () => {
    const { listed } = listFixture();
    expect(listed({ contextKeys: ['tenant:acme'] })).toStrictEqual([]);
    expect(listed({ contextKeys: ['tenant:acme', 'region:eu', 'team:a'] })).toStrictEqual([]);
    expect(listed({ contextKeys: ['tenant:acme', 'region:us'] })).toStrictEqual([]);
    expect(listed({ contextKeys: ['tenant:other', 'region:us'] })).toStrictEqual([]);
  });

  it('an empty contextKeys means the notifications without context', () => {
    const { listed } = listFixture();
    expect(listed({ contextKeys: [] })).toStrictEqual(['t5-grace', 't5', 't3', 't2', 't1']);
  });

  it('before and after bound createdAt inclusively', () => {
    const { listed } = listFixture();
    const at = (minute: number) => Date.parse(START) + minute * 60_000;
    expect(listed({ before: at(1) })).toStrictEqual(['t2', 't1']);
    expect(listed({ after: at(3) })).toStrictEqual(['t5-grace', 't5', 't4']);
    expect(listed({ after: at(1), before: at(2) })).toStrictEqual(['t3', 't2']);
    expect(listed({ after: at(2), before: at(2) })).toStrictEqual(['t3']);
    expect(listed({ before: at(-1) })).toStrictEqual([]);
  });

  it('filters and the date bounds combine', () => {
    const { listed } = listFixture();
    const at = (minute: number) => Date.parse(START) + minute * 60_000;
    expect(listed({ subscriberIds: ['ada'], before: at(3) })).toStrictEqual(['t4', 't1']);
    expect(listed({ channels: ['email'], after: at(2) })).toStrictEqual(['t5-grace', 't5']);
  });
});

describe('notifications: list by subscriber', () => {
  it('subscriberIds keeps the notifications of those subscribers only', () => {
    const { listed } = listFixture();
    expect(listed({ subscriberIds: ['grace'] })).toStrictEqual(['t5-grace', 't2']);
    expect(listed({ subscriberIds: ['linus', 'grace'] })).toStrictEqual(['t5-grace', 't3', 't2']);
  });

  it('emails keeps the notifications of the subscribers with exactly that email', () => {
    const { listed } = listFixture();
    expect(listed({ emails: ['ada@example.com'] })).toStrictEqual(['t5', 't4', 't1']);
    expect(listed({ emails: ['hopper@example.com'] })).toStrictEqual(['t5-grace', 't2']);
  });

  it('subscriberIds and emails add up', () => {
    const { listed } = listFixture();
    expect(listed({ subscriberIds: ['linus'], emails: ['hopper@example.com'] })).toStrictEqual([
      't5-grace',
      't3',
      't2',
    ]);
  });

  it('search matches an email substring in any case', () => {
    const { listed } = listFixture();
    expect(listed({ search: 'ADA@Ex' })).toStrictEqual(['t5', 't4', 't1']);
    expect(listed({ search: 'hopper' })).toStrictEqual(['t5-grace', 't2']);
  });

  it('search matches an exact subscriberId, not a part of one', () => {
    const { list, listed } = listFixture();
    expect(listed({ search: 'grace' })).toStrictEqual(['t5-grace', 't2']);
    expect(listed({ search: 'linus' })).toStrictEqual(['t3']);
    expect(list({ search: 'grac' })).toStrictEqual({
      page: 0,
      hasMore: false,
      pageSize: 10,
      data: [],
    });
  });

  it('an empty search adds no subscriber to the emails filter', () => {
    const { listed } = listFixture();
    expect(listed({ emails: ['hopper@example.com'], search: '' })).toStrictEqual([
      't5-grace',
      't2',
    ]);
  });

  it('an empty search alone filters nothing', () => {
    const { listed } = listFixture();
    expect(listed({ search: '' })).toStrictEqual(['t5-grace', 't5', 't4', 't3', 't2', 't1']);
  });

  it('answers an empty first page when no subscriber matches, whatever the page asked', () => {
    const { list } = listFixture();
    expect(list({ page: 2, limit: 5, subscriberIds: ['nobody'] })).toStrictEqual({
      page: 0,
      hasMore: false,
      pageSize: 5,
      data: [],
    });
    expect(list({ page: 1, limit: 3, emails: ['nobody@example.com'] })).toStrictEqual({
      page: 0,
      hasMore: false,
      pageSize: 3,
      data: [],
    });
  });
});

/**
 * ada in the topic news; the workflow `digest` (tags weekly, news) digests for 5 minutes then
 * writes to the inbox, and `dynamic` waits for `payload.wakeAt` (so it fails without it).
 */
function activityFixture() {
  const engine = createMockEngine({
    clockStart: START,
    seed: {
      subscribers: [
        { subscriberId: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: null },
      ],
      topics: [{ key: 'news', subscribers: ['ada'] }],
      workflows: [
        {
          workflowId: 'digest',
          name: 'Weekly digest',
          tags: ['weekly', 'news'],
          steps: [
            {
              type: 'digest',
              name: 'Digest',
              controlValues: { amount: 5, unit: 'minutes' },
              metadata: { type: 'regular', amount: 5, unit: 'minutes' },
            },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'Digest' } },
          ],
        },
        {
          workflowId: 'dynamic',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'dynamic', dynamicKey: 'payload.wakeAt' },
            },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'Later' } },
          ],
        },
      ],
    },
  });
  const context = contextOf(engine);
  const retrieve = (transactionId: string): ActivityDto =>
    engine.operations['notifications.retrieve'](context, {
      params: { notificationId: recordOf(engine, transactionId)._id },
    });
  return { engine, context, retrieve };
}

const detail = (status: string, text: string, raw: string | null) => ({
  _id: expect.any(String),
  createdAt: START,
  status,
  detail: text,
  source: 'Internal',
  isRetry: false,
  isTest: false,
  raw,
});

describe('notifications: the activity of retrieve', () => {
  it('answers the merged digest event with subscriber, template, jobs, tags, topics and context', () => {
    const { engine, context, retrieve } = activityFixture();
    engine.operations['events.trigger'](context, {
      body: {
        name: 'digest',
        to: { type: 'Topic', topicKey: 'news' },
        transactionId: 'first',
        payload: { n: 1 },
      },
    });
    engine.operations['events.trigger'](context, {
      body: {
        name: 'digest',
        to: { type: 'Topic', topicKey: 'news' },
        transactionId: 'second',
        payload: { n: 2 },
        context: { tenant: 'acme' },
      },
    });
    const first = recordOf(engine, 'first');
    const second = recordOf(engine, 'second');
    const ada = engine.operations['subscribers.retrieve'](context, {
      params: { subscriberId: 'ada' },
    });
    const news = engine.operations['topics.retrieve'](context, { params: { topicKey: 'news' } });
    const [digestJob, inboxJob] = second.jobs;
    if (digestJob === undefined || inboxJob === undefined) throw new Error('two jobs expected');
    const step = (job: typeof digestJob) => ({
      _id: job.step._id,
      _templateId: second._templateId,
      stepId: job.step.stepId,
      name: job.step.name,
      type: job.step.type,
      active: true,
      shouldStopOnFail: false,
      filters: [],
    });
    expect(retrieve('second')).toStrictEqual({
      _id: second._id,
      _environmentId: engine.environment('Development')._id,
      _organizationId: engine.organization._id,
      _subscriberId: ada._id,
      _templateId: first._templateId,
      _digestedNotificationId: first._id,
      transactionId: 'second',
      channels: ['digest', 'in_app'],
      createdAt: START,
      updatedAt: START,
      subscriber: {
        _id: ada._id,
        subscriberId: 'ada',
        email: 'ada@example.com',
        firstName: 'Ada',
      },
      template: {
        _id: first._templateId,
        name: 'Weekly digest',
        origin: 'svc-cloud',
        triggers: [{ type: 'event', identifier: 'digest', variables: [], subscriberVariables: [] }],
      },
      jobs: [
        {
          _id: digestJob._id,
          type: 'digest',
          status: 'merged',
          providerId: '',
          digest: {
            amount: 5,
            unit: 'minutes',
            type: 'regular',
            digestKey: 'No-Key-Provided',
            digestValue: 'No-Value-Provided',
            events: [],
          },
          payload: { n: 2 },
          overrides: {},
          step: {
            ...step(digestJob),
            stepId: 'digest',
            name: 'Digest',
            type: 'digest',
            controlVariables: { amount: 5, unit: 'minutes' },
            metadata: { type: 'regular', amount: 5, unit: 'minutes' },
          },
          updatedAt: START,
          executionDetails: [
            detail('Pending', 'Step queued', null),
            detail(
              'Success',
              'Digest was merged with other digest',
              JSON.stringify({ digestedNotificationId: first._id }),
            ),
          ],
        },
        {
          _id: inboxJob._id,
          type: 'in_app',
          status: 'merged',
          providerId: 'svc',
          payload: { n: 2 },
          overrides: {},
          step: {
            ...step(inboxJob),
            stepId: 'inbox',
            name: 'Inbox',
            type: 'in_app',
            controlVariables: { body: 'Digest' },
          },
          updatedAt: START,
          executionDetails: [],
        },
      ],
      payload: { n: 2 },
      to: { subscriberId: 'ada' },
      controls: {},
      tags: ['weekly', 'news'],
      topics: [{ _topicId: news._id, topicKey: 'news' }],
      severity: 'none',
      critical: false,
      contextKeys: ['tenant:acme'],
    });
  });

  it('answers the first digest event without _digestedNotificationId, its job collecting both payloads', () => {
    const { engine, context, retrieve } = activityFixture();
    for (const [transactionId, n] of [
      ['first', 1],
      ['second', 2],
    ] as const) {
      engine.operations['events.trigger'](context, {
        body: {
          name: 'digest',
          to: 'ada',
          transactionId,
          payload: { n },
        },
      });
    }
    const activity = retrieve('first');
    expect(Object.hasOwn(activity, '_digestedNotificationId')).toBe(false);
    expect(activity.jobs.map((job) => job.digest)).toStrictEqual([
      {
        amount: 5,
        unit: 'minutes',
        type: 'regular',
        digestKey: 'No-Key-Provided',
        digestValue: 'No-Value-Provided',
        events: [{ n: 1 }, { n: 2 }],
      },
      undefined,
    ]);
    expect(activity.jobs.map((job) => Object.hasOwn(job, 'digest'))).toStrictEqual([true, false]);
    expect(activity.jobs.map((job) => Object.hasOwn(job.step, 'metadata'))).toStrictEqual([
      true,
      false,
    ]);
    expect(activity.jobs.map((job) => job.status)).toStrictEqual(['delayed', 'pending']);
    expect(activity.topics).toStrictEqual([]);
    expect(activity.contextKeys).toStrictEqual([]);
  });

  it("tells a failed job's reason in its execution details, not in job fields the service's mapper leaves out", () => {
    const { engine, context, retrieve } = activityFixture();
    engine.operations['events.trigger'](context, {
      body: { name: 'dynamic', to: 'ada', transactionId: 'd' },
    });
    const activity = retrieve('d');
    expect(activity.jobs.map((job) => job.status)).toStrictEqual(['failed', 'canceled']);
    // The service's `mapJobToDto` answers neither the job's `error` nor its `createdAt`.
    for (const job of activity.jobs) {
      expect(Object.hasOwn(job, 'error')).toBe(false);
      expect(Object.hasOwn(job, 'createdAt')).toBe(false);
    }
    expect(activity.jobs.map((job) => job.executionDetails)).toStrictEqual([
      [
        detail('Pending', 'Step queued', null),
        detail(
          'Failed',
          'Invalid delay configuration',
          JSON.stringify({ error: "Dynamic delay key 'payload.wakeAt' not found in payload" }),
        ),
      ],
      [detail('Warning', 'Step was canceled because a previous step failed', null)],
    ]);
  });

  it('leaves out subscriber and template when they no longer exist', () => {
    const { engine, context, retrieve } = activityFixture();
    engine.operations['events.trigger'](context, {
      body: { name: 'dynamic', to: 'ada', transactionId: 'd' },
    });
    engine.operations['subscribers.delete'](context, { params: { subscriberId: 'ada' } });
    engine.operations['workflows.delete'](context, { params: { workflowId: 'dynamic' } });
    const activity = retrieve('d');
    expect(Object.hasOwn(activity, 'subscriber')).toBe(false);
    expect(Object.hasOwn(activity, 'template')).toBe(false);
    expect(activity.transactionId).toBe('d');
    expect(activity.channels).toStrictEqual(['delay', 'in_app']);
  });

  it('leaves empty subscriber fields out of the activity', () => {
    const { engine, context, retrieve } = activityFixture();
    engine.seed({ subscribers: [{ subscriberId: 'bare', phone: '+15550100' }] });
    engine.operations['events.trigger'](context, {
      body: { name: 'dynamic', to: 'bare', transactionId: 'b' },
    });
    const bare = engine.operations['subscribers.retrieve'](context, {
      params: { subscriberId: 'bare' },
    });
    expect(retrieve('b').subscriber).toStrictEqual({
      _id: bare._id,
      subscriberId: 'bare',
      phone: '+15550100',
    });
  });

  it('finds a notification by its id in upper case', () => {
    const { engine, context } = activityFixture();
    engine.operations['events.trigger'](context, {
      body: { name: 'dynamic', to: 'ada', transactionId: 'd' },
    });
    const id = recordOf(engine, 'd')._id;
    expect(
      engine.operations['notifications.retrieve'](context, {
        params: { notificationId: id.toUpperCase() },
      })._id,
    ).toBe(id);
  });

  it('answers 422 from GetActivityCommand for a malformed id', () => {
    const { engine, context } = activityFixture();
    expect(
      refusalOf(() =>
        engine.operations['notifications.retrieve'](context, { params: { notificationId: 'abc' } }),
      ),
    ).toStrictEqual({
      status: 422,
      message:
        'Validation failed for GetActivityCommand: notificationId: notificationId must be a mongodb id',
      ctx: {},
      extra: {
        errors: {
          notificationId: { messages: ['notificationId must be a mongodb id'], value: 'abc' },
        },
      },
    });
  });

  it('answers 404 "Notification not found" for an unknown id', () => {
    const { engine, context } = activityFixture();
    expect(
      refusalOf(() =>
        engine.operations['notifications.retrieve'](context, {
          params: { notificationId: '6955b900a087eaf30000ffff' },
        }),
      ),
    ).toStrictEqual({
      status: 404,
      message: 'Notification not found',
      ctx: { error: 'Not Found', statusCode: 404 },
      extra: {},
    });
  });
});
