// The fuzzed endpoints, one table entry each: the route, what its path, query and body look like
// when valid, and the client schema its success body must satisfy. Endpoints 12-14 are added with
// one entry each.
import {
  Integration,
  Message,
  Subscriber,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  WorkflowListResponse,
  WorkflowSyncResponse,
} from '@svc/api';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { mostly, pathId, segment, unknownObjectId, wildNumberText, wildString } from './values';

/** Ids and keys of the fuzz engine's seeded data. */
export interface KnownValues {
  subscriberIds: string[];
  subscriberObjectIds: string[];
  subscriptionIds: string[];
  messageIds: string[];
  integrationIds: string[];
  workflowIds: string[];
  environmentIds: string[];
}

/** One endpoint as the fuzzer sees it. */
export interface FuzzEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** The MSW route pattern that serves it. */
  route: string;
  /** Builds the path from the generated (unencoded) path parameters. */
  path: (params: string[]) => string;
  /** Arbitraries of the path parameters. */
  params: fc.Arbitrary<string>[];
  /** Valid-ish text of each query parameter. */
  query: Record<string, fc.Arbitrary<string>>;
  /** Valid-ish value of each body field (no body when absent). */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** Schema of the unwrapped success body. */
  success: z.ZodMiniType;
}

const cursorQuery = (ids: string[]) => ({
  after: mostly(
    fc.constantFrom(...ids),
    fc.oneof(unknownObjectId, wildString),
  ) as fc.Arbitrary<string>,
  before: mostly(
    fc.constantFrom(...ids),
    fc.oneof(unknownObjectId, wildString),
  ) as fc.Arbitrary<string>,
  limit: wildNumberText,
  orderDirection: fc.oneof(fc.constantFrom('ASC', 'DESC', 'asc', ''), wildString),
  includeCursor: fc.oneof(fc.constantFrom('true', 'false', '1'), wildString),
});

const text = (...known: string[]) => fc.oneof(fc.constantFrom(...known), wildString);

const CHAT_PUSH = ['fcm', 'slack', 'fcm', 'slack', 'discord', 'svc-slack'];
const stepFilter = fc.record({
  isNegated: mostly(fc.boolean()),
  type: mostly(fc.constantFrom('BOOLEAN', 'TEXT', 'GROUP')),
  value: mostly(fc.constantFrom('AND', 'OR')),
  children: mostly(
    fc.array(
      fc.record({
        field: mostly(fc.string()),
        value: mostly(fc.string()),
        operator: mostly(fc.constantFrom('EQUAL', 'IN', 'LIKE')),
        on: mostly(fc.constantFrom('subscriber', 'payload')),
      }),
      { maxLength: 3 },
    ),
  ),
});

/**
 * The table of endpoints 1-11 over the given seeded values.
 */
export function fuzzEndpoints(known: KnownValues): FuzzEndpoint[] {
  const subscriber = pathId(fc.constantFrom(...known.subscriberIds));
  return [
    {
      name: 'E1 PATCH /v1/subscribers/{id}/credentials',
      route: '/v1/subscribers/:subscriberId/credentials',
      method: 'PATCH',
      path: ([id = '']) => `/v1/subscribers/${segment(id)}/credentials`,
      params: [subscriber],
      query: {},
      body: {
        providerId: mostly(fc.constantFrom(...CHAT_PUSH)),
        integrationIdentifier: mostly(fc.constantFrom('fcm-main', 'nope')),
        credentials: mostly(
          fc.record(
            {
              webhookUrl: mostly(
                fc.constantFrom(
                  'https://hooks.slack.com/services/T/B/X',
                  'http://localhost:1',
                  'not a url',
                ),
              ),
              channel: mostly(fc.string()),
              deviceTokens: mostly(
                fc.oneof(
                  fc.array(fc.string(), { maxLength: 5 }),
                  // Around the limit of 100 tokens per channel.
                  fc
                    .integer({ min: 99, max: 102 })
                    .map((count) => Array.from({ length: count }, (_, index) => `token-${index}`)),
                ),
              ),
              alertUid: mostly(fc.string()),
              title: mostly(fc.string()),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      success: Subscriber,
    },
    {
      name: 'E2 PATCH /v2/subscribers/{id}',
      route: '/v2/subscribers/:subscriberId',
      method: 'PATCH',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}`,
      params: [subscriber],
      query: {},
      body: {
        firstName: mostly(fc.option(fc.string())),
        lastName: mostly(fc.option(fc.string())),
        email: mostly(
          fc.option(
            fc.oneof(fc.constantFrom('ada@acme.com', 'x@y.co', 'a@b', '@acme.com'), fc.string()),
          ),
        ),
        phone: mostly(fc.option(fc.string())),
        avatar: mostly(fc.option(fc.constantFrom('https://cdn.acme.com/a.png', 'avatar-1'))),
        locale: mostly(fc.option(fc.constantFrom('en-US', 'fr', 'xx-invalid-', ''))),
        timezone: mostly(fc.option(fc.constantFrom('Europe/Paris', 'UTC', 'Mars/Base', ''))),
        data: mostly(fc.option(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })))),
      },
      success: Subscriber,
    },
    {
      name: 'E3 GET /v2/subscribers',
      route: '/v2/subscribers',
      method: 'GET',
      path: () => '/v2/subscribers',
      params: [],
      query: {
        ...cursorQuery(known.subscriberObjectIds),
        orderBy: text('_id', 'updatedAt', 'createdAt', 'email', '__proto__', 'constructor'),
        email: text('@acme', 'ADA'),
        name: text('Ada', 'Ada Lovelace'),
        phone: text('+1', '555'),
        subscriberId: text(...known.subscriberIds),
      },
      success: SubscriberSearchResponse,
    },
    {
      name: 'E4 GET /v2/subscribers/{id}',
      route: '/v2/subscribers/:subscriberId',
      method: 'GET',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}`,
      params: [subscriber],
      query: {},
      success: Subscriber,
    },
    {
      name: 'E5 GET /v2/subscribers/{id}/subscriptions',
      route: '/v2/subscribers/:subscriberId/subscriptions',
      method: 'GET',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}/subscriptions`,
      params: [subscriber],
      query: {
        ...cursorQuery(known.subscriptionIds),
        orderBy: text('_id', 'createdAt'),
        key: text('news', 'topic-1'),
        contextKeys: text('', 'tenant:acme', 'a,b'),
      },
      success: SubscriptionsListResponse,
    },
    {
      name: 'E6 POST /v1/integrations',
      route: '/v1/integrations',
      method: 'POST',
      path: () => '/v1/integrations',
      params: [],
      query: {},
      body: {
        providerId: mostly(
          fc.constantFrom('sendgrid', 'twilio', 'svc', 'svc-email', 'svc-sms', 'fcm'),
        ),
        channel: mostly(fc.constantFrom('in_app', 'email', 'sms', 'chat', 'push')),
        name: mostly(fc.string()),
        identifier: mostly(fc.constantFrom('dup', 'other')),
        _environmentId: mostly(fc.constantFrom(...known.environmentIds)),
        credentials: mostly(
          fc.record(
            {
              apiKey: mostly(fc.string()),
              port: mostly(fc.string()),
              secure: mostly(fc.boolean()),
              tlsOptions: mostly(fc.object({ maxDepth: 1 })),
            },
            { requiredKeys: [] },
          ),
        ),
        active: mostly(fc.boolean()),
        check: mostly(fc.boolean()),
        conditions: mostly(fc.array(stepFilter, { maxLength: 2 })),
        configurations: mostly(
          fc.record(
            {
              inboundWebhookEnabled: mostly(fc.boolean()),
              inboundWebhookSigningKey: mostly(fc.string()),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      success: Integration,
    },
    {
      name: 'E7 POST /v1/subscribers/{id}/messages/mark-as',
      route: '/v1/subscribers/:subscriberId/messages/mark-as',
      method: 'POST',
      path: ([id = '']) => `/v1/subscribers/${segment(id)}/messages/mark-as`,
      params: [subscriber],
      query: {},
      body: {
        messageId: mostly(
          fc.oneof(
            fc.constantFrom(...known.messageIds),
            fc.array(fc.oneof(fc.constantFrom(...known.messageIds), unknownObjectId), {
              maxLength: 4,
            }),
            fc.constant(known.messageIds.join(',')),
          ),
        ),
        markAs: mostly(fc.constantFrom('read', 'seen', 'unread', 'unseen', 'READ')),
      },
      success: z.array(Message),
    },
    {
      name: 'E8 POST /v1/integrations/{id}/set-primary',
      route: '/v1/integrations/:integrationId/set-primary',
      method: 'POST',
      path: ([id = '']) => `/v1/integrations/${segment(id)}/set-primary`,
      params: [pathId(fc.constantFrom(...known.integrationIds))],
      query: {},
      success: Integration,
    },
    {
      name: 'E9 GET /v2/workflows',
      route: '/v2/workflows',
      method: 'GET',
      path: () => '/v2/workflows',
      params: [],
      query: {
        limit: wildNumberText,
        offset: wildNumberText,
        orderBy: text('createdAt', 'updatedAt', 'name', 'lastTriggeredAt'),
        orderDirection: text('ASC', 'DESC'),
        query: text('welcome', 'WEL'),
        tags: text('onboarding', 'billing'),
        status: text('ACTIVE', 'INACTIVE', 'ERROR'),
      },
      success: WorkflowListResponse,
    },
    {
      name: 'E10 GET /v1/integrations',
      route: '/v1/integrations',
      method: 'GET',
      path: () => '/v1/integrations',
      params: [],
      query: {},
      success: z.array(Integration),
    },
    {
      name: 'E11 PUT /v2/workflows/{id}/sync',
      route: '/v2/workflows/:workflowId/sync',
      method: 'PUT',
      path: ([id = '']) => `/v2/workflows/${segment(id)}/sync`,
      params: [pathId(fc.constantFrom(...known.workflowIds))],
      query: {},
      body: {
        targetEnvironmentId: mostly(fc.constantFrom(...known.environmentIds)),
      },
      success: WorkflowSyncResponse,
    },
  ];
}
