import { describe, expect, it } from 'vitest';
import {
  ActivityNotification,
  Job,
  NotificationListQuery,
  NotificationListResponse,
} from '../../src/schemas/notification';
import { ids, issuePaths, parses, ts } from './helpers';

const job = {
  _id: '64da692e9a94fb2e6449ad72',
  type: 'digest',
  status: 'completed',
  providerId: 'svc',
  digest: {
    type: 'timed',
    digestKey: 'postId',
    events: [{ postId: 1 }],
    timed: { atTime: '09:00', monthDays: [1, 15], cronExpression: '0 9 * * *' },
  },
  payload: {},
  overrides: {},
  updatedAt: ts,
  scheduleExtensionsCount: 0,
  step: {
    _id: '64da692e9a94fb2e6449ad71',
    active: true,
    filters: [],
    _templateId: '64da692e9a94fb2e6449ad73',
    name: 'Digest',
    _parentId: null,
    metadata: { type: 'regular' },
    variants: [{ _id: 'v', active: false, filters: [], _templateId: 't' }],
  },
  executionDetails: [
    {
      _id: '64da692e9a94fb2e6449ad74',
      createdAt: ts,
      status: 'Success',
      detail: 'Message sent',
      isRetry: false,
      isTest: false,
      providerId: 'svc',
      raw: null,
      source: 'Internal',
    },
  ],
};

const activity = {
  _id: '64da692e9a94fb2e6449ad61',
  _environmentId: ids.env,
  _organizationId: ids.org,
  _subscriberId: ids.sub,
  _templateId: '64da692e9a94fb2e6449ad30',
  transactionId: 'b7c4a2e0-8f1d-4c2a-9a51-0d2f3c4b5a69',
  createdAt: ts,
  updatedAt: ts,
  channels: ['digest', 'in_app'],
  subscriber: { _id: ids.sub, subscriberId: 'user-123', email: 'john@example.com' },
  template: {
    _id: '64da692e9a94fb2e6449ad30',
    name: 'Welcome',
    origin: 'svc-cloud',
    triggers: [{ type: 'event', identifier: 'welcome', variables: [] }],
  },
  jobs: [job],
  payload: { a: 1 },
  tags: [],
  controls: {},
  to: { subscriberId: 'user-123' },
  topics: [{ _topicId: ids.topic, topicKey: 'product-updates' }],
  severity: 'none',
  critical: false,
  contextKeys: [],
};

describe('ActivityNotification', () => {
  it('parses a realistic event with jobs and a page of them', () => {
    expect(issuePaths(ActivityNotification, activity)).toEqual([]);
    expect(
      parses(NotificationListResponse, { page: 0, hasMore: false, pageSize: 10, data: [activity] }),
    ).toBe(true);
  });
  it('tolerates unknown statuses, providers, sources and extra fields', () => {
    expect(
      parses(Job, {
        ...job,
        type: 'http_request',
        status: 'retrying',
        providerId: 'new-provider',
        digest: { type: 'sliding' },
        executionDetails: [
          { ...job.executionDetails[0], status: 'Skipped', source: 'Bridge', providerId: 'x' },
        ],
        _jobExtra: 1,
      }),
    ).toBe(true);
    expect(parses(ActivityNotification, { ...activity, severity: 'urgent', extra: true })).toBe(
      true,
    );
  });
  it('names missing fields, including nested ones', () => {
    const { transactionId: _t, ...rest } = activity;
    expect(issuePaths(ActivityNotification, rest)).toEqual(['transactionId']);
    expect(
      issuePaths(Job, { ...job, step: { ...job.step, variants: [{ _id: 'v', active: true }] } }),
    ).toEqual(['step.variants.0.filters', 'step.variants.0._templateId']);
  });
});

describe('NotificationListQuery', () => {
  it('accepts single values and arrays', () => {
    expect(
      parses(NotificationListQuery, {
        channels: ['email', 'in_app'],
        templates: ids.sub,
        emails: ['a@example.com'],
        subscriberIds: 'user-123',
        severity: 'high',
        page: 0,
        limit: 50,
        transactionId: 't',
        topicKey: 'k',
        after: ts,
        before: ts,
      }),
    ).toBe(true);
    expect(parses(NotificationListQuery, { channels: 'sms', severity: ['low', 'none'] })).toBe(
      true,
    );
  });
  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 51 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ page: -1 }, 'page'],
    [{ page: 0.5 }, 'page'],
    [{ channels: ['fax'] }, 'channels'],
    [{ severity: 'urgent' }, 'severity'],
  ])('rejects %o', (query, path) => {
    expect(issuePaths(NotificationListQuery, query)).toEqual([path]);
  });
});
