// The fuzzed endpoints, one table entry each: the route, what its path, query and body look like
// when valid, and the client schema its success body must satisfy.
import {
  ActivityNotification,
  BulkCreateSubscribersResponse,
  BulkTriggerResponse,
  CancelResponse,
  DeleteMessageResponse,
  DeleteTopicResponse,
  Integration,
  Message,
  MessageListResponse,
  NoContent,
  NotificationListResponse,
  RemoveSubscriberResponse,
  Subscriber,
  SubscriberPreferencesResponse,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  Topic,
  TopicListResponse,
  TopicSubscriptionsResult,
  TriggerResponse,
  WorkflowListResponse,
  WorkflowResponse,
  WorkflowSyncResponse,
} from '@svc/api';
import fc from 'fast-check';
import * as z from 'zod/mini';
import {
  HUGE,
  mostly,
  pathId,
  segment,
  unknownObjectId,
  wildDate,
  wildJson,
  wildNumberText,
  wildString,
} from './values';

/** Ids and keys of the fuzz engine's seeded data. */
export interface KnownValues {
  subscriberIds: string[];
  subscriberObjectIds: string[];
  subscriptionIds: string[];
  messageIds: string[];
  integrationIds: string[];
  workflowIds: string[];
  environmentIds: string[];
  /** Notifications of the key's environment, then of another environment. */
  notificationIds: string[];
  transactionIds: string[];
  /** Workflow `_id`s (the `templates` filter of the notification list). */
  workflowObjectIds: string[];
  /** Step `_id`s of the seeded workflows (a workflow update names the steps it changes). */
  stepObjectIds: string[];
  /** Trigger identifiers, including ones that exist nowhere. */
  workflowTriggers: string[];
  topicKeys: string[];
  /** Topic `_id`s (the cursors of the topic list). */
  topicObjectIds: string[];
  tenantIds: string[];
  emails: string[];
  /** Instants around the seeded notifications, as ISO strings. */
  instants: string[];
}

/** One endpoint as the fuzzer sees it. */
export interface FuzzEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
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

const STEP_TYPE_NAMES = ['in_app', 'email', 'sms', 'chat', 'push', 'digest', 'delay', 'IN_APP'];

/** Steps of a workflow create or update body: valid-ish, sometimes naming stored steps. */
function upsertSteps(known: KnownValues): fc.Arbitrary<unknown> {
  const controlValues = fc.constantFrom(
    { body: 'Hi {{payload.name}}' },
    { subject: 'Hello', body: '<p>Hi</p>' },
    { type: 'regular', amount: 1, unit: 'hours' },
    { body: '{{ bad.root }}' },
    null,
  );
  return mostly(
    fc.array(
      fc.record(
        {
          _id: mostly(fc.constantFrom(...known.stepObjectIds, ...known.workflowObjectIds)),
          stepId: mostly(fc.oneof(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom('bad id'))),
          name: mostly(fc.constantFrom('Inbox', 'Email', 'Wait', '', ' ')),
          type: mostly(fc.constantFrom(...STEP_TYPE_NAMES, 'throttle', 'custom', 'trigger')),
          controlValues: mostly(controlValues),
        },
        { requiredKeys: ['name', 'type'] },
      ),
      { maxLength: 3 },
    ),
  );
}

/** The fields create and update bodies share. */
function upsertFields(known: KnownValues): Record<string, fc.Arbitrary<unknown>> {
  return {
    name: mostly(fc.constantFrom('Welcome', 'Order shipped', '', 'Ünïcode name')),
    steps: upsertSteps(known),
    active: optional(fc.boolean()),
    description: optional(fc.string()),
    tags: optional(fc.array(fc.string(), { maxLength: 3 })),
    payloadSchema: optional(
      fc.constantFrom(
        null,
        { type: 'object', properties: { plan: { type: 'string' } } },
        { type: 'no-such-type' },
      ),
    ),
    validatePayload: optional(fc.boolean()),
    isTranslationEnabled: optional(fc.boolean()),
    severity: optional(fc.constantFrom('high', 'none', 'urgent')),
    preferences: optional(
      fc.constantFrom({}, { user: null, workflow: { all: { enabled: false }, channels: {} } }),
    ),
  };
}

/** An optional body field: absent half the time (JSON drops `undefined`), rarely hostile. */
function optional(known: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.option(fc.oneof({ arbitrary: known, weight: 12 }, { arbitrary: wildJson, weight: 1 }), {
    nil: undefined,
    freq: 2,
  });
}

/** The fields of a trigger body: valid-ish, often absent when optional, rarely hostile. */
function triggerFields(known: KnownValues): Record<string, fc.Arbitrary<unknown>> {
  return {
    name: mostly(
      fc.oneof(
        { arbitrary: fc.constantFrom('welcome', 'mail', 'digest', 'checked'), weight: 4 },
        fc.constantFrom(...known.workflowTriggers),
      ),
    ),
    to: mostly(fc.oneof(recipient(known), fc.array(recipient(known), { maxLength: 5 }))),
    payload: optional(payload),
    overrides: optional(overrides),
    transactionId: optional(
      fc.oneof(
        { arbitrary: fc.uuid(), weight: 3 },
        fc.constantFrom(...known.transactionIds),
        wildString,
      ),
    ),
    actor: optional(fc.oneof(recipientId(known), subscriberDefinition(known))),
    tenant: optional(
      fc.oneof(
        fc.constantFrom(...known.tenantIds, 'ghost-tenant'),
        fc.record(
          {
            identifier: mostly(fc.constantFrom(...known.tenantIds, 'ghost-tenant')),
            name: mostly(fc.string()),
            data: mostly(fc.object({ maxDepth: 1 })),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
    context: optional(
      fc.dictionary(
        fc.constantFrom('tenant', 'project', 'region', 'team', 'app', 'user'),
        fc.oneof(fc.string(), fc.record({ id: fc.string(), data: fc.object({ maxDepth: 1 }) })),
        { maxKeys: 6 },
      ),
    ),
  };
}

/** Subscriber ids the trigger accepts (known or new) and ones it must drop. */
function recipientId(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known.subscriberIds), weight: 4 },
    { arbitrary: fc.constantFrom('new-user', 'new.user:2', 'new@acme.com', 'x_Y-9'), weight: 2 },
    wildString,
  );
}

/** A subscriber definition of `to` or `actor`, with every field sometimes mistyped. */
function subscriberDefinition(known: KnownValues) {
  return fc.record(
    {
      subscriberId: mostly(recipientId(known)),
      firstName: optional(fc.oneof(fc.string(), fc.constant(null))),
      lastName: optional(fc.string({ unit: 'grapheme', maxLength: 20 })),
      email: optional(fc.constantFrom('ada@acme.com', 'not-an-email', '')),
      phone: optional(fc.constantFrom('+15550002', '')),
      avatar: optional(fc.constantFrom('https://cdn.acme.com/a.png')),
      locale: optional(fc.constantFrom('en-US', 'xx-invalid-')),
      timezone: optional(fc.constantFrom('Europe/Paris', 'Mars/Base')),
      data: optional(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 }))),
      ),
      channels: optional(
        fc.array(
          fc.record(
            {
              providerId: mostly(fc.constantFrom(...CHAT_PUSH)),
              integrationIdentifier: mostly(fc.constantFrom('fcm-main', 'nope')),
              credentials: mostly(
                fc.record(
                  {
                    webhookUrl: mostly(fc.constantFrom('https://hooks.slack.com/services/T/B/X')),
                    deviceTokens: mostly(fc.array(fc.string(), { maxLength: 3 })),
                  },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 2 },
        ),
      ),
    },
    { requiredKeys: ['subscriberId'] },
  );
}

/** One recipient of `to`: an id, a definition, a topic, or anything else. */
function recipient(known: KnownValues): fc.Arbitrary<unknown> {
  const topic = fc.record(
    {
      type: mostly(fc.constantFrom('Topic', 'topic', 'Subscriber')),
      topicKey: mostly(fc.oneof(fc.constantFrom(...known.topicKeys), wildString)),
      exclude: mostly(
        fc.oneof(
          fc.array(recipientId(known), { maxLength: 3 }),
          fc.constant(Array.from({ length: 101 }, (_, index) => `user-${index}`)),
        ),
      ),
    },
    { requiredKeys: ['type'] },
  );
  return fc.oneof(
    { arbitrary: recipientId(known), weight: 4 },
    { arbitrary: subscriberDefinition(known), weight: 3 },
    { arbitrary: topic, weight: 2 },
    wildJson,
  );
}

/** Payloads: plain, nested, unicode keys, prototype-looking keys, over 100 kB. */
const payload = fc.oneof(
  {
    arbitrary: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
    weight: 4,
  },
  fc.record({ x: wildJson, group: fc.constantFrom('a', 'b') }, { requiredKeys: [] }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}')),
  fc.constant({ 'Ünïcödé 🙂': 'ü', '': '', 'a.b': { c: [1, 2] } }),
  fc.constant({ big: HUGE }),
);

const overrides = fc.record(
  {
    severity: mostly(fc.constantFrom('high', 'medium', 'low', 'none', 'HIGH')),
    email: mostly(fc.record({ integrationIdentifier: mostly(fc.constantFrom('dup', 'nope')) })),
    steps: mostly(fc.dictionary(fc.string(), fc.object({ maxDepth: 1 }), { maxKeys: 2 })),
    providers: mostly(fc.object({ maxDepth: 1 })),
    channels: mostly(fc.object({ maxDepth: 1 })),
  },
  { requiredKeys: [] },
);

/** Subscriber fields of a create or bulk item, each sometimes wrong. */
function subscriberCreateFields(known: KnownValues) {
  return {
    subscriberId: mostly(
      fc.oneof(
        fc.constantFrom(...known.subscriberIds, 'new-user', 'new@acme.com', ' padded ', ''),
        wildString,
      ),
    ),
    firstName: optional(fc.oneof(fc.string(), fc.constant(null))),
    email: optional(fc.constantFrom('ada@acme.com', 'not-an-email', '', null)),
    locale: optional(fc.constantFrom('en-US', 'xx-invalid-')),
    timezone: optional(fc.constantFrom('Europe/Paris', 'Mars/Base')),
    data: optional(
      fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), fc.constant(null)),
    ),
  };
}

const topicKeyText = (known: KnownValues) =>
  fc.oneof(
    fc.constantFrom(...known.topicKeys, 'task:1', 'ada@acme.com', 'a.b_c-d', 'bad key', ''),
    fc.constant('k'.repeat(101)),
    wildString,
  );

const subscriptionEntries = (known: KnownValues) =>
  fc.oneof(
    fc.array(
      fc.oneof(
        fc.constantFrom(...known.subscriberIds, 'ghost'),
        fc.record(
          {
            identifier: mostly(fc.constantFrom('sub-a', 'sub-b')),
            subscriberId: mostly(fc.constantFrom(...known.subscriberIds, 'ghost')),
          },
          { requiredKeys: [] },
        ),
      ),
      { maxLength: 4 },
    ),
    fc.constant(Array.from({ length: 101 }, (_, index) => `user-${index}`)),
  );

/**
 * The endpoints beyond the interface (subscriber lifecycle, preferences, topics).
 */
export function fuzzEndpointsBeyond(known: KnownValues): FuzzEndpoint[] {
  const subscriber = pathId(fc.constantFrom(...known.subscriberIds));
  const topic = pathId(fc.constantFrom(...known.topicKeys, 'task:1'));
  const channels = fc.record(
    {
      email: mostly(fc.boolean()),
      sms: mostly(fc.boolean()),
      in_app: mostly(fc.boolean()),
      chat: mostly(fc.boolean()),
      push: mostly(fc.boolean()),
    },
    { requiredKeys: [] },
  );
  return [
    {
      name: 'POST /v2/subscribers',
      route: '/v2/subscribers',
      method: 'POST',
      path: () => '/v2/subscribers',
      params: [],
      query: { failIfExists: text('true', 'false') },
      body: subscriberCreateFields(known),
      success: Subscriber,
    },
    {
      name: 'DELETE /v2/subscribers/{id}',
      route: '/v2/subscribers/:subscriberId',
      method: 'DELETE',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}`,
      params: [subscriber],
      query: {},
      success: RemoveSubscriberResponse,
    },
    {
      name: 'POST /v1/subscribers/bulk',
      route: '/v1/subscribers/bulk',
      method: 'POST',
      path: () => '/v1/subscribers/bulk',
      params: [],
      query: {},
      body: {
        subscribers: mostly(
          fc.oneof(
            fc.array(fc.record(subscriberCreateFields(known), { requiredKeys: [] }), {
              maxLength: 4,
            }),
            fc
              .integer({ min: 499, max: 501 })
              .map((count) =>
                Array.from({ length: count }, (_, index) => ({ subscriberId: `b-${index}` })),
              ),
          ),
        ),
      },
      success: BulkCreateSubscribersResponse,
    },
    {
      name: 'PUT /v1/subscribers/{id}/credentials',
      route: '/v1/subscribers/:subscriberId/credentials',
      method: 'PUT',
      path: ([id = '']) => `/v1/subscribers/${segment(id)}/credentials`,
      params: [subscriber],
      query: {},
      body: {
        providerId: mostly(fc.constantFrom(...CHAT_PUSH)),
        credentials: mostly(
          fc.record(
            {
              webhookUrl: mostly(fc.constantFrom('https://hooks.slack.com/services/T/B/X')),
              deviceTokens: mostly(fc.array(fc.string(), { maxLength: 3 })),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      success: Subscriber,
    },
    {
      name: 'DELETE /v1/subscribers/{id}/credentials/{providerId}',
      route: '/v1/subscribers/:subscriberId/credentials/:providerId',
      method: 'DELETE',
      path: ([id = '', provider = '']) =>
        `/v1/subscribers/${segment(id)}/credentials/${segment(provider)}`,
      params: [subscriber, pathId(fc.constantFrom(...CHAT_PUSH))],
      query: {},
      success: z.undefined(),
    },
    {
      name: 'GET /v2/subscribers/{id}/preferences',
      route: '/v2/subscribers/:subscriberId/preferences',
      method: 'GET',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}/preferences`,
      params: [subscriber],
      query: {
        criticality: text('critical', 'nonCritical', 'all'),
        contextKeys: text('tenant:acme'),
      },
      success: SubscriberPreferencesResponse,
    },
    {
      name: 'PATCH /v2/subscribers/{id}/preferences',
      route: '/v2/subscribers/:subscriberId/preferences',
      method: 'PATCH',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}/preferences`,
      params: [subscriber],
      query: {},
      body: {
        channels: mostly(channels),
        workflowId: optional(fc.constantFrom(...known.workflowIds, 'ghost')),
        schedule: optional(
          fc.record(
            {
              isEnabled: mostly(fc.boolean()),
              weeklySchedule: mostly(
                fc.record(
                  { monday: mostly(fc.record({ isEnabled: mostly(fc.boolean()) })) },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      success: SubscriberPreferencesResponse,
    },
    {
      name: 'POST /v2/topics',
      route: '/v2/topics',
      method: 'POST',
      path: () => '/v2/topics',
      params: [],
      query: { failIfExists: text('true', 'false') },
      body: { key: mostly(topicKeyText(known)), name: optional(fc.string()) },
      success: Topic,
    },
    {
      name: 'GET /v2/topics',
      route: '/v2/topics',
      method: 'GET',
      path: () => '/v2/topics',
      params: [],
      query: {
        ...cursorQuery(known.topicObjectIds),
        orderBy: text('_id', 'key', 'name', 'createdAt', '__proto__'),
        key: text('news', 'NEWS', 'topic'),
        name: text('News', 'n'),
      },
      success: TopicListResponse,
    },
    {
      name: 'GET /v2/topics/{key}',
      route: '/v2/topics/:topicKey',
      method: 'GET',
      path: ([key = '']) => `/v2/topics/${segment(key)}`,
      params: [topic],
      query: {},
      success: Topic,
    },
    {
      name: 'PATCH /v2/topics/{key}',
      route: '/v2/topics/:topicKey',
      method: 'PATCH',
      path: ([key = '']) => `/v2/topics/${segment(key)}`,
      params: [topic],
      query: {},
      body: { name: mostly(fc.string()) },
      success: Topic,
    },
    {
      name: 'DELETE /v2/topics/{key}',
      route: '/v2/topics/:topicKey',
      method: 'DELETE',
      path: ([key = '']) => `/v2/topics/${segment(key)}`,
      params: [topic],
      query: {},
      success: DeleteTopicResponse,
    },
    {
      name: 'GET /v2/topics/{key}/subscriptions',
      route: '/v2/topics/:topicKey/subscriptions',
      method: 'GET',
      path: ([key = '']) => `/v2/topics/${segment(key)}/subscriptions`,
      params: [topic],
      query: {
        ...cursorQuery(known.subscriptionIds),
        subscriberId: text(...known.subscriberIds),
        contextKeys: text('', 'tenant:acme', 'a,b'),
      },
      success: SubscriptionsListResponse,
    },
    {
      name: 'POST /v2/topics/{key}/subscriptions',
      route: '/v2/topics/:topicKey/subscriptions',
      method: 'POST',
      path: ([key = '']) => `/v2/topics/${segment(key)}/subscriptions`,
      params: [pathId(topicKeyText(known))],
      query: {},
      body: {
        subscriptions: optional(subscriptionEntries(known)),
        subscriberIds: optional(
          fc.array(fc.constantFrom(...known.subscriberIds, 'ghost'), { maxLength: 3 }),
        ),
        name: optional(fc.string()),
      },
      success: TopicSubscriptionsResult,
    },
    {
      name: 'DELETE /v2/topics/{key}/subscriptions',
      route: '/v2/topics/:topicKey/subscriptions',
      method: 'DELETE',
      path: ([key = '']) => `/v2/topics/${segment(key)}/subscriptions`,
      params: [topic],
      query: {},
      body: {
        subscriptions: optional(subscriptionEntries(known)),
        subscriberIds: optional(
          fc.array(fc.constantFrom(...known.subscriberIds, 'ghost'), { maxLength: 3 }),
        ),
      },
      success: TopicSubscriptionsResult,
    },
  ];
}

/**
 * The table of endpoints 1-14 over the given seeded values.
 */
export function fuzzEndpoints(known: KnownValues): FuzzEndpoint[] {
  const subscriber = pathId(fc.constantFrom(...known.subscriberIds));
  return [
    {
      name: 'PATCH /v1/subscribers/{id}/credentials',
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
      name: 'PATCH /v2/subscribers/{id}',
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
      name: 'GET /v2/subscribers',
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
      name: 'GET /v2/subscribers/{id}',
      route: '/v2/subscribers/:subscriberId',
      method: 'GET',
      path: ([id = '']) => `/v2/subscribers/${segment(id)}`,
      params: [subscriber],
      query: {},
      success: Subscriber,
    },
    {
      name: 'GET /v2/subscribers/{id}/subscriptions',
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
      name: 'POST /v1/integrations',
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
      name: 'POST /v1/subscribers/{id}/messages/mark-as',
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
      name: 'POST /v1/integrations/{id}/set-primary',
      route: '/v1/integrations/:integrationId/set-primary',
      method: 'POST',
      path: ([id = '']) => `/v1/integrations/${segment(id)}/set-primary`,
      params: [pathId(fc.constantFrom(...known.integrationIds))],
      query: {},
      success: Integration,
    },
    {
      name: 'GET /v2/workflows',
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
      name: 'GET /v1/integrations',
      route: '/v1/integrations',
      method: 'GET',
      path: () => '/v1/integrations',
      params: [],
      query: {},
      success: z.array(Integration),
    },
    {
      name: 'PUT /v2/workflows/{id}/sync',
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
    {
      name: 'GET /v1/notifications/{id}',
      route: '/v1/notifications/:notificationId',
      method: 'GET',
      path: ([id = '']) => `/v1/notifications/${segment(id)}`,
      params: [
        pathId(
          fc.oneof(
            fc.constantFrom(...known.notificationIds),
            fc.constantFrom(...known.notificationIds).map((id) => id.toUpperCase()),
          ),
        ),
      ],
      query: {},
      success: ActivityNotification,
    },
    {
      name: 'POST /v1/events/trigger',
      route: '/v1/events/trigger',
      method: 'POST',
      path: () => '/v1/events/trigger',
      params: [],
      query: {},
      // Optional fields are often absent and rarely hostile, or hardly a case would reach a run.
      body: triggerFields(known),
      success: TriggerResponse,
    },
    {
      name: 'GET /v1/notifications',
      route: '/v1/notifications',
      method: 'GET',
      path: () => '/v1/notifications',
      params: [],
      query: {
        page: wildNumberText,
        limit: wildNumberText,
        channels: text(...STEP_TYPE_NAMES),
        templates: text(...known.workflowObjectIds),
        emails: text(...known.emails),
        subscriberIds: text(...known.subscriberIds),
        search: text('ada', 'ACME.COM', ...known.subscriberIds),
        severity: text('high', 'medium', 'low', 'none'),
        transactionId: text(...known.transactionIds),
        topicKey: text(...known.topicKeys),
        after: fc.oneof(fc.constantFrom(...known.instants), wildDate),
        before: fc.oneof(fc.constantFrom(...known.instants), wildDate),
      },
      success: NotificationListResponse,
    },
    // Beyond the interface, part 2.
    {
      name: 'POST /v1/events/trigger/bulk',
      route: '/v1/events/trigger/bulk',
      method: 'POST',
      path: () => '/v1/events/trigger/bulk',
      params: [],
      query: {},
      body: {
        events: mostly(
          fc.array(fc.record(triggerFields(known), { requiredKeys: ['name', 'to'] }), {
            maxLength: 4,
          }),
        ),
      },
      success: BulkTriggerResponse,
    },
    {
      name: 'POST /v1/events/trigger/broadcast',
      route: '/v1/events/trigger/broadcast',
      method: 'POST',
      path: () => '/v1/events/trigger/broadcast',
      params: [],
      query: {},
      body: {
        ...triggerFields(known),
        to: optional(fc.constant('ignored')),
        payload: mostly(payload),
      },
      success: TriggerResponse,
    },
    {
      name: 'DELETE /v1/events/trigger/{transactionId}',
      route: '/v1/events/trigger/:transactionId',
      method: 'DELETE',
      path: ([id = '']) => `/v1/events/trigger/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.transactionIds))],
      query: {},
      success: CancelResponse,
    },
    {
      name: 'GET /v1/messages',
      route: '/v1/messages',
      method: 'GET',
      path: () => '/v1/messages',
      params: [],
      query: {
        page: wildNumberText,
        limit: wildNumberText,
        channel: text(...STEP_TYPE_NAMES),
        subscriberId: text(...known.subscriberIds),
        transactionId: text(...known.transactionIds),
      },
      success: MessageListResponse,
    },
    {
      name: 'DELETE /v1/messages/{messageId}',
      route: '/v1/messages/:messageId',
      method: 'DELETE',
      path: ([id = '']) => `/v1/messages/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.messageIds))],
      query: {},
      success: DeleteMessageResponse,
    },
    {
      name: 'DELETE /v1/messages/transaction/{transactionId}',
      route: '/v1/messages/transaction/:transactionId',
      method: 'DELETE',
      path: ([id = '']) => `/v1/messages/transaction/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.transactionIds))],
      query: { channel: text(...STEP_TYPE_NAMES) },
      success: NoContent,
    },
    {
      name: 'GET /v2/workflows/{workflowId}',
      route: '/v2/workflows/:workflowId',
      method: 'GET',
      path: ([id = '']) => `/v2/workflows/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.workflowIds, ...known.workflowObjectIds))],
      query: {},
      success: WorkflowResponse,
    },
    {
      name: 'PATCH /v2/workflows/{workflowId}',
      route: '/v2/workflows/:workflowId',
      method: 'PATCH',
      path: ([id = '']) => `/v2/workflows/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.workflowIds))],
      query: {},
      body: {
        active: optional(fc.boolean()),
        name: optional(fc.string()),
        description: optional(fc.string()),
        tags: optional(fc.array(fc.string(), { maxLength: 3 })),
        payloadSchema: optional(
          fc.constantFrom(null, { type: 'object', properties: { plan: { type: 'string' } } }),
        ),
        validatePayload: optional(fc.boolean()),
        isTranslationEnabled: optional(fc.boolean()),
      },
      success: WorkflowResponse,
    },
    {
      name: 'POST /v2/workflows',
      route: '/v2/workflows',
      method: 'POST',
      path: () => '/v2/workflows',
      params: [],
      query: {},
      body: {
        ...upsertFields(known),
        workflowId: optional(
          fc.oneof(
            { arbitrary: fc.stringMatching(/^[a-z0-9]{1,10}([-_.][a-z0-9]{1,5})?$/), weight: 4 },
            { arbitrary: fc.constantFrom(...known.workflowIds, 'not a slug', '-x'), weight: 1 },
          ),
        ),
        __source: optional(fc.constantFrom('editor', 'dashboard')),
      },
      success: WorkflowResponse,
    },
    {
      name: 'PUT /v2/workflows/{workflowId}',
      route: '/v2/workflows/:workflowId',
      method: 'PUT',
      path: ([id = '']) => `/v2/workflows/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.workflowIds, ...known.workflowObjectIds))],
      query: {},
      body: {
        ...upsertFields(known),
        preferences: mostly(fc.constantFrom({}, { workflow: null, user: null })),
        origin: mostly(fc.constantFrom('svc-cloud', 'external', 'novu-cloud')),
        workflowId: optional(fc.constantFrom(...known.workflowIds)),
      },
      success: WorkflowResponse,
    },
    {
      name: 'DELETE /v2/workflows/{workflowId}',
      route: '/v2/workflows/:workflowId',
      method: 'DELETE',
      path: ([id = '']) => `/v2/workflows/${segment(id)}`,
      params: [pathId(fc.constantFrom(...known.workflowIds))],
      query: {},
      success: NoContent,
    },
  ];
}
