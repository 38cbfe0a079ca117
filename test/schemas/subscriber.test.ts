import { describe, expect, it } from 'vitest';
import { SubscriberSearchResponse, SubscriptionsListResponse } from '../../src/schemas/pagination';
import {
  ChannelSettings,
  CredentialsUpsertBody,
  Subscriber,
  SubscriberSearchQuery,
  SubscriberUpdateBody,
  SubscriptionsListQuery,
} from '../../src/schemas/subscriber';
import { Topic, TopicSubscription } from '../../src/schemas/topic';
import { ids, issuePaths, parses, ts } from './helpers';

const subscriber = {
  _id: ids.sub,
  firstName: 'John',
  lastName: 'Doe',
  email: 'john.doe@example.com',
  phone: '+1234567890',
  avatar: 'https://example.com/avatar.jpg',
  locale: 'en-US',
  channels: [
    {
      providerId: 'slack',
      _integrationId: '64da692e9a94fb2e6449ad10',
      credentials: { webhookUrl: 'https://example.com/webhook' },
    },
    {
      providerId: 'fcm',
      _integrationId: '64da692e9a94fb2e6449ad11',
      integrationIdentifier: 'fcm-abc',
      credentials: { deviceTokens: ['token1', 'token2', 'token3'] },
    },
  ],
  topics: [],
  isOnline: null,
  lastOnlineAt: null,
  __v: 0,
  data: { plan: 'pro', seats: 3 },
  timezone: 'America/New_York',
  subscriberId: 'user-123',
  _organizationId: ids.org,
  _environmentId: ids.env,
  deleted: false,
  createdAt: ts,
  updatedAt: ts,
};

describe('Subscriber', () => {
  it('parses a realistic subscriber and keeps extra fields', () => {
    const result = Subscriber.safeParse({ ...subscriber, brandNew: 1 });
    expect(result.success).toBe(true);
    expect(result.data?.['brandNew']).toBe(1);
  });

  it('parses the minimal required form and nulls', () => {
    const { subscriberId, _organizationId, _environmentId, deleted, createdAt, updatedAt } =
      subscriber;
    const minimal = {
      subscriberId,
      _organizationId,
      _environmentId,
      deleted,
      createdAt,
      updatedAt,
    };
    expect(parses(Subscriber, minimal)).toBe(true);
    expect(parses(Subscriber, { ...minimal, email: null, data: null, locale: null })).toBe(true);
  });

  it('rejects a missing required field and names it', () => {
    const { subscriberId: _omit, ...rest } = subscriber;
    expect(issuePaths(Subscriber, rest)).toContain('subscriberId');
  });

  it('accepts an unknown channel provider id', () => {
    expect(
      parses(ChannelSettings, {
        providerId: 'telegram',
        _integrationId: 'x',
        credentials: { newKey: true },
      }),
    ).toBe(true);
  });
});

describe('SubscriberUpdateBody', () => {
  it('accepts strings, nulls and data', () => {
    expect(parses(SubscriberUpdateBody, { firstName: 'Jane', phone: null, data: null })).toBe(true);
    expect(parses(SubscriberUpdateBody, {})).toBe(true);
  });
  it('rejects wrong types', () => {
    expect(issuePaths(SubscriberUpdateBody, { firstName: 1 })).toEqual(['firstName']);
    expect(issuePaths(SubscriberUpdateBody, { data: 'x' })).toEqual(['data']);
  });
});

describe('CredentialsUpsertBody', () => {
  it('accepts a chat and a push provider', () => {
    expect(
      parses(CredentialsUpsertBody, {
        providerId: 'slack',
        credentials: { webhookUrl: 'https://hooks.example.com' },
      }),
    ).toBe(true);
    expect(
      parses(CredentialsUpsertBody, {
        providerId: 'fcm',
        integrationIdentifier: 'fcm-1',
        credentials: { deviceTokens: ['a'] },
      }),
    ).toBe(true);
  });
  it('rejects an unknown or email provider', () => {
    expect(issuePaths(CredentialsUpsertBody, { providerId: 'sendgrid', credentials: {} })).toEqual([
      'providerId',
    ]);
  });
  it('requires credentials as an object', () => {
    expect(issuePaths(CredentialsUpsertBody, { providerId: 'fcm' })).toEqual(['credentials']);
    expect(issuePaths(CredentialsUpsertBody, { providerId: 'fcm', credentials: 'x' })).toEqual([
      'credentials',
    ]);
  });
});

describe('SubscriberSearchQuery and SubscriptionsListQuery', () => {
  it('accepts a full query', () => {
    expect(
      parses(SubscriberSearchQuery, {
        after: ids.sub,
        limit: 100,
        orderDirection: 'ASC',
        orderBy: 'updatedAt',
        includeCursor: true,
        email: 'john',
        name: 'John Doe',
        phone: '123',
        subscriberId: 'user-123',
      }),
    ).toBe(true);
    expect(parses(SubscriptionsListQuery, { key: 'product-updates', limit: 1 })).toBe(true);
  });
  it.each([0, 101, 1.5, '10'])('rejects limit %s', (limit) => {
    expect(issuePaths(SubscriberSearchQuery, { limit })).toEqual(['limit']);
    expect(issuePaths(SubscriptionsListQuery, { limit })).toEqual(['limit']);
  });
  it('rejects an unknown order direction', () => {
    expect(issuePaths(SubscriberSearchQuery, { orderDirection: 'asc' })).toEqual([
      'orderDirection',
    ]);
  });
});

describe('Topic subscriptions and cursor pages', () => {
  const subscription = {
    _id: '64da692e9a94fb2e6449ad08',
    identifier: 'tk_product-updates:si_user-123',
    createdAt: ts,
    topic: { _id: ids.topic, key: 'product-updates', name: 'Product Updates', createdAt: ts },
    subscriber: {
      _id: ids.sub,
      subscriberId: 'user-123',
      avatar: null,
      firstName: 'John',
      lastName: 'Doe',
      email: 'john@example.com',
    },
    contextKeys: ['tenant:org-a'],
  };

  it('parses a subscription and a topic', () => {
    expect(parses(TopicSubscription, subscription)).toBe(true);
    expect(parses(Topic, { _id: ids.topic, key: 'k' })).toBe(true);
    expect(issuePaths(TopicSubscription, { ...subscription, topic: { _id: 'x' } })).toEqual([
      'topic.key',
    ]);
  });

  it('parses cursor pages', () => {
    const page = { next: 'abc', previous: null, totalCount: 1, totalCountCapped: false };
    expect(parses(SubscriptionsListResponse, { ...page, data: [subscription] })).toBe(true);
    expect(parses(SubscriberSearchResponse, { ...page, data: [subscriber], extra: 1 })).toBe(true);
    expect(issuePaths(SubscriberSearchResponse, { ...page, next: undefined, data: [] })).toEqual([
      'next',
    ]);
  });
});
