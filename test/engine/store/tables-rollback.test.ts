// Issue 25 item 4: tables own their writes. Every public operation makes a valid call that
// writes, then fails after its handler returned (every write made); the journal must leave the
// whole state and every derived index (subscriber search and its remembered matches, workflow
// lookups and list orders, notifications by _id) as they were before the call. A write that
// escapes its table's journal fails here (docs/decisions/0140-one-declaration-per-operation.md#tables-that-own-their-writes).

import { readdirSync, readFileSync } from 'node:fs';
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../mock-server/engine/operations/index';
import { setSimulatedDns } from '../../../mock-server/engine/resources/domain-dns';
import { journaled } from '../../../mock-server/engine/store/journal';
import { type AnyRoute, type OperationName, ROUTES } from '../../../src/routes/index';

type Context = ReturnType<MockEngine['scope']>;

const armed = { on: false };
type Handle = (scope: unknown, input: unknown) => unknown;
const handlers = OPERATIONS as unknown as Record<string, { handle: Handle }>;
const originals = new Map(Object.entries(handlers).map(([name, { handle }]) => [name, handle]));
for (const [name, definition] of Object.entries(handlers)) {
  const handle = originals.get(name) as Handle;
  // The engine reads the handlers when it is created: every engine below gets this wrapper.
  definition.handle = (scope, input) => {
    const answer = handle(scope, input);
    if (armed.on) throw new Error(`injected failure after ${name}`);
    return answer;
  };
}
afterAll(() => {
  for (const [name, handle] of originals) (handlers[name] as { handle: Handle }).handle = handle;
});

const SEED = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' },
    { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com' },
    { subscriberId: 'cy', firstName: 'Cy', email: 'cy@example.org' },
  ],
  tenants: [{ identifier: 'acme', name: 'Acme' }],
  topics: [{ key: 'team', subscribers: ['bob', 'cy'] }],
  integrations: [
    {
      providerId: 'sendgrid',
      channel: 'email',
      name: 'Mail A',
      identifier: 'mail-a',
      active: true,
      credentials: { apiKey: 'SG.a' },
    },
    { providerId: 'mailgun', channel: 'email', name: 'Mail B', identifier: 'mail-b', active: true },
    {
      providerId: 'slack',
      channel: 'chat',
      name: 'Slack',
      identifier: 'slack',
      active: true,
      credentials: { clientId: 'slack-client' },
    },
    {
      providerId: 'telegram',
      channel: 'chat',
      name: 'Telegram',
      identifier: 'tg',
      active: true,
      credentials: { apiToken: '123456:secret' },
    },
  ],
  workflows: [
    {
      workflowId: 'wf',
      name: 'B workflow',
      steps: [
        {
          type: 'throttle',
          name: 'Throttle',
          controlValues: { amount: 1, unit: 'hours', threshold: 50 },
        },
        {
          type: 'in_app',
          name: 'Inbox',
          controlValues: { body: 'hi {{ payload.n }}', primaryAction: { label: 'Go' } },
        },
        { type: 'digest', name: 'Digest', controlValues: { amount: 10, unit: 'minutes' } },
        { type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } },
      ],
    },
    {
      workflowId: 'wait',
      name: 'A workflow',
      steps: [
        {
          type: 'delay',
          name: 'Wait',
          controlValues: { type: 'regular', amount: 5, unit: 'minutes' },
        },
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'later' } },
      ],
    },
  ],
} as const;

const WORKFLOW_BODY = {
  name: 'Zzz workflow',
  origin: 'svc-cloud',
  preferences: {},
  steps: [{ name: 'Inbox', type: 'in_app', controlValues: { body: 'x' } }],
};

type Call = (context: Context, engine: MockEngine) => unknown;

/** The seeded record each path parameter names when a call below does not say. */
const PARAMS: Readonly<Record<string, string>> = {
  subscriberId: 'ada',
  topicKey: 'team',
  workflowId: 'wf',
  transactionId: 'txn-wait',
  type: 'tenant',
  id: 'acme',
  layoutId: 'brand',
  variableKey: 'BASE_URL',
  resourceType: 'workflow',
  resourceId: 'wf',
  locale: 'en_US',
  identifier: 'chan-1',
  domain: 'acme.dev',
  address: 'support',
  agentId: 'chan-1',
};

/**
 * A valid call of each operation that takes a body or needs other records than `PARAMS`;
 * writing ones write what the reads below would show. Every other route of the table is called
 * with its path parameters from `PARAMS` (see `callOf`).
 */
const inAppOf = (context: Context, subscriberId: string) =>
  context.data.messages.find(
    (message) =>
      message.channel === 'in_app' &&
      message._subscriberId === context.data.subscribers.get(subscriberId)?._id,
  )?._id ?? '';
const notificationCall = (subscriberId: string) => (context: Context) => ({
  params: { subscriberId, notificationId: inAppOf(context, subscriberId) },
});
const actionCall = (context: Context) => ({
  params: { subscriberId: 'ada', notificationId: inAppOf(context, 'ada'), actionType: 'primary' },
});

const CALLS: Partial<Record<OperationName, Call>> = {
  'subscribers.notifications.count': () => ({
    params: { subscriberId: 'ada' },
    query: new URLSearchParams({ filters: '[{"read":false}]' }),
  }),
  'subscribers.notifications.markAsRead': notificationCall('ada'),
  'subscribers.notifications.markAsUnread': notificationCall('bob'),
  'subscribers.notifications.archive': notificationCall('ada'),
  'subscribers.notifications.unarchive': notificationCall('ada'),
  'subscribers.notifications.snooze': (context, engine) => ({
    ...notificationCall('ada')(context),
    body: { snoozeUntil: new Date(engine.clock.now() + 3_600_000).toISOString() },
  }),
  'subscribers.notifications.unsnooze': notificationCall('cy'),
  'subscribers.notifications.delete': notificationCall('ada'),
  'subscribers.notifications.completeAction': actionCall,
  'subscribers.notifications.revertAction': actionCall,
  'subscribers.notifications.markAsSeen': () => ({ params: { subscriberId: 'ada' }, body: {} }),
  'subscribers.notifications.markAllAsRead': () => ({ params: { subscriberId: 'ada' }, body: {} }),
  'subscribers.notifications.archiveAll': () => ({ params: { subscriberId: 'ada' }, body: {} }),
  'subscribers.notifications.archiveAllRead': () => ({
    params: { subscriberId: 'bob' },
    body: {},
  }),
  'subscribers.notifications.deleteAll': () => ({ params: { subscriberId: 'ada' }, body: {} }),
  'subscribers.messages.markAll': () => ({
    params: { subscriberId: 'ada' },
    body: { markAs: 'read' },
  }),
  'subscribers.messages.updateAction': (context) => ({
    params: { subscriberId: 'ada', messageId: inAppOf(context, 'ada'), type: 'primary' },
    body: { status: 'done', payload: { accepted: true } },
  }),
  'subscribers.updateOnlineStatus': () => ({
    params: { subscriberId: 'ada' },
    body: { isOnline: false },
  }),
  'subscribers.search': () => ({ query: { email: 'example' } }),
  'subscribers.update': () => ({
    params: { subscriberId: 'ada' },
    body: { email: 'zzz@example.net', firstName: 'Zzz', phone: '+1555zzz' },
  }),
  'subscribers.subscriptions.list': () => ({ params: { subscriberId: 'bob' } }),
  'subscribers.credentials.upsert': () => ({
    params: { subscriberId: 'ada' },
    body: { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/a' } },
  }),
  'subscribers.credentials.update': () => ({
    params: { subscriberId: 'bob' },
    body: { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/b' } },
  }),
  'subscribers.credentials.delete': () => ({
    params: { subscriberId: 'cy', providerId: 'slack' },
  }),
  'subscribers.messages.markAs': (context) => ({
    params: { subscriberId: 'ada' },
    body: {
      messageId: context.data.messages
        .filter((message) => message.channel === 'in_app')
        .map((message) => message._id)
        .slice(0, 1),
      markAs: 'read',
    },
  }),
  'subscribers.create': () => ({
    body: { subscriberId: 'zzz', email: 'zzz@example.com', firstName: 'Zzz' },
  }),
  'subscribers.delete': () => ({ params: { subscriberId: 'bob' } }),
  'subscribers.createBulk': () => ({
    body: {
      subscribers: [
        { subscriberId: 'ada', email: 'zzz-bulk@example.com' },
        { subscriberId: 'zzz-bulk', email: 'zzz-new@example.com' },
      ],
    },
  }),
  'subscribers.preferences.update': () => ({
    params: { subscriberId: 'ada' },
    body: { channels: { email: false }, workflowId: 'wf' },
  }),
  'subscribers.preferences.bulkUpdate': () => ({
    params: { subscriberId: 'bob' },
    body: { preferences: [{ workflowId: 'wait', channels: { in_app: false } }] },
  }),
  'topics.create': () => ({ body: { key: 'zzz-topic', name: 'Zzz' } }),
  'topics.list': () => ({}),
  'contexts.create': () => ({ body: { type: 'tenant', id: 'zzz', data: { plan: 'pro' } } }),
  'contexts.list': () => ({}),
  'layouts.create': () => ({ body: { layoutId: 'zzz-layout', name: 'Zzz' } }),
  'layouts.list': () => ({}),
  'layouts.update': () => ({
    params: { layoutId: 'brand' },
    body: {
      name: 'Zzz brand',
      controlValues: {
        email: { body: '<html><body>{{content}}</body></html>', editorType: 'html' },
      },
    },
  }),
  'layouts.delete': () => ({ params: { layoutId: 'seasonal' } }),
  'layouts.duplicate': () => ({ params: { layoutId: 'brand' }, body: { name: 'Zzz copy' } }),
  'layouts.preview': () => ({ params: { layoutId: 'brand' }, body: {} }),
  'environmentVariables.create': (context) => ({
    body: { key: 'ZZZ', values: [{ _environmentId: context.environment._id, value: 'zzz' }] },
  }),
  'environmentVariables.list': () => ({}),
  'environmentVariables.update': (context) => ({
    params: { variableKey: 'BASE_URL' },
    body: { values: [{ _environmentId: context.environment._id, value: 'https://zzz.test' }] },
  }),
  'translations.create': () => ({
    body: { resourceId: 'wf', resourceType: 'workflow', locale: 'es_ES', content: { a: 'A' } },
  }),
  'translations.master.retrieve': () => ({}),
  'translations.master.import': () => ({
    body: { locale: 'fr_FR', masterJson: { workflows: { wf: { a: 'A' } } } },
  }),
  'translations.master.upload': () => ({
    body: {
      fields: {},
      files: [{ field: 'file', fileName: 'fr_FR.json', content: '{"workflows":{"wf":{"a":"A"}}}' }],
    },
  }),
  'translations.upload': () => ({
    body: {
      fields: { resourceId: 'wf', resourceType: 'workflow' },
      files: [{ field: 'files', fileName: 'de_DE.json', content: '{"a":"A"}' }],
    },
  }),
  'channelConnections.create': () => ({
    body: {
      identifier: 'zzz-conn',
      subscriberId: 'bob',
      integrationIdentifier: 'slack',
      context: { tenant: 'zzz-new' },
      workspace: { id: 'T9' },
      auth: { accessToken: 'xoxb-9' },
    },
  }),
  'channelConnections.update': () => ({
    params: { identifier: 'chan-1' },
    body: { workspace: { id: 'T2' }, auth: { accessToken: 'xoxb-2' } },
  }),
  'channelEndpoints.create': () => ({
    body: {
      identifier: 'zzz-endpoint',
      subscriberId: 'zzz-new',
      createSubscriberIfMissing: true,
      integrationIdentifier: 'slack',
      connectionIdentifier: 'chan-1',
      context: { tenant: 'zzz-other' },
      type: 'slack_channel',
      endpoint: { channelId: 'C9' },
    },
  }),
  'channelEndpoints.update': () => ({
    params: { identifier: 'chan-1' },
    body: { endpoint: { channelId: 'C2' } },
  }),
  'deliveryWebhooks.track': (context) => ({
    params: {
      environmentId: context.environment._id,
      integrationId: context.data.integrations.find((i) => i.identifier === 'mail-a')?._id,
    },
    body: context.data.messages.map((message) => ({
      id: message._id,
      event: 'bounce',
      response: '550',
    })),
  }),
  'environments.getTags': (context) => ({
    params: { environmentId: context.environment._id },
  }),
  'environments.create': () => ({ body: { name: 'Zzz', color: '#abcdef' } }),
  'environments.update': (context) => ({
    params: { environmentId: context.environment._id },
    body: { color: '#000000', bridge: { url: 'https://bridge.example.com/api' } },
  }),
  // A custom environment is deleted with its own key: the call acts in Staging.
  'environments.delete': (_context, engine) => ({
    scope: engine.scope('Staging'),
    params: { environmentId: engine.environment('Staging')._id },
  }),
  'environments.diff': (_context, engine) => ({
    params: { targetEnvironmentId: engine.environment('Production')._id },
    body: {},
  }),
  'environments.publish': (_context, engine) => ({
    params: { targetEnvironmentId: engine.environment('Production')._id },
    body: {},
  }),
  'agents.create': () => ({ body: { name: 'Zzz', identifier: 'zzz' } }),
  'agents.list': () => ({}),
  'agents.update': () => ({ params: { identifier: 'chan-1' }, body: { name: 'Zzz bot' } }),
  'agents.updateBridge': () => ({
    params: { identifier: 'chan-1' },
    body: { bridgeUrl: 'https://zzz.example/agent' },
  }),
  'agents.sendReply': () => ({
    params: { agentId: 'chan-1' },
    body: { conversationId: 'c-1', integrationIdentifier: 'slack', reply: { markdown: 'Hi' } },
  }),
  'agents.integrations.list': () => ({ params: { identifier: 'chan-1' } }),
  'agents.integrations.create': () => ({
    params: { identifier: 'chan-1' },
    body: { providerId: 'sendgrid' },
  }),
  'agents.integrations.update': (context) => ({
    params: {
      identifier: 'chan-1',
      agentIntegrationId: [...context.data.agentIntegrations.keys()][0] ?? '',
    },
    body: { integrationIdentifier: 'mail-b' },
  }),
  'agents.integrations.delete': (context) => ({
    params: {
      identifier: 'chan-1',
      agentIntegrationId: [...context.data.agentIntegrations.keys()][0] ?? '',
    },
  }),
  'domains.create': () => ({ body: { name: 'zzz.dev', data: { team: 'z' } } }),
  'domains.list': () => ({}),
  'domains.update': () => ({ params: { domain: 'acme.dev' }, body: { data: { team: 'z' } } }),
  'domains.autoConfigure.start': () => ({ params: { domain: 'acme.dev' }, body: {} }),
  'domains.routes.list': () => ({ params: { domain: 'acme.dev' } }),
  'domains.routes.create': () => ({
    params: { domain: 'acme.dev' },
    body: { address: 'zzz', type: 'webhook' },
  }),
  'domains.routes.update': () => ({
    params: { domain: 'acme.dev', address: 'support' },
    body: { type: 'webhook', data: { q: 'z' } },
  }),
  'domains.routes.test': () => ({
    params: { domain: 'acme.dev', address: 'support' },
    body: { from: { address: 'ada@example.com' }, subject: 'Hi', dryRun: true },
  }),
  'contexts.update': () => ({
    params: { type: 'tenant', id: 'acme' },
    body: { data: { plan: 'team' } },
  }),
  'topics.update': () => ({ params: { topicKey: 'team' }, body: { name: 'Zzz team' } }),
  'topics.subscriptions.create': () => ({
    params: { topicKey: 'team' },
    body: { subscriptions: ['ada', 'zzz-created'] },
  }),
  'topics.subscriptions.update': () => ({
    params: { topicKey: 'team', identifier: 'tk_team:si_bob' },
    body: { name: 'Zzz name', preferences: ['wf'] },
  }),
  'topics.subscriptions.retrieve': () => ({
    params: { topicKey: 'team', identifier: 'tk_team:si_bob' },
  }),
  'topics.subscribers.retrieve': () => ({
    params: { topicKey: 'team', externalSubscriberId: 'bob' },
  }),
  'topics.subscriptions.delete': () => ({
    params: { topicKey: 'team' },
    body: { subscriptions: ['bob'] },
  }),
  'integrations.create': (context) => ({
    body: { providerId: 'postmark', channel: 'email', _environmentId: context.environment._id },
  }),
  'integrations.list': () => ({}),
  'integrations.update': (context) => ({
    params: {
      integrationId: (
        context.data.integrations.find((integration) => integration.identifier === 'mail-b') ?? {
          _id: 'missing',
        }
      )._id,
    },
    body: { active: false, credentials: { apiKey: 'new' } },
  }),
  'integrations.delete': (context) => ({
    params: {
      integrationId: (
        context.data.integrations.find((integration) => integration.identifier === 'mail-b') ?? {
          _id: 'missing',
        }
      )._id,
    },
  }),
  'integrations.autoConfigure': (context) => ({
    params: {
      integrationId:
        context.data.integrations.find((integration) => integration.identifier === 'mail-b')?._id ??
        'missing',
    },
  }),
  'integrations.configureWebhook': () => ({ params: { integrationIdentifier: 'tg' } }),
  'integrations.createMobileLink': () => ({
    params: { integrationIdentifier: 'tg' },
    body: { subscriberId: 'ada' },
  }),
  'integrations.generateChatOAuthUrl': () => ({ body: { integrationIdentifier: 'slack' } }),
  'integrations.generateConnectOAuthUrl': () => ({ body: { integrationIdentifier: 'slack' } }),
  'integrations.generateLinkUserOAuthUrl': () => ({
    body: { integrationIdentifier: 'slack', subscriberId: 'ada' },
  }),
  'integrations.linkChannelEndpoint': () => ({
    body: { integrationIdentifier: 'tg', subscriberId: 'ada' },
  }),
  'integrations.setPrimary': (context) => ({
    params: {
      integrationId: (
        context.data.integrations.find((integration) => integration.identifier === 'mail-b') ?? {
          _id: 'missing',
        }
      )._id,
    },
  }),
  'workflows.list': () => ({}),
  'workflows.sync': (_context, engine) => ({
    params: { workflowId: 'wf' },
    body: { targetEnvironmentId: engine.environment('Production')._id },
  }),
  'workflows.patch': () => ({ params: { workflowId: 'wf' }, body: { name: 'Zzz patched' } }),
  'workflows.delete': () => ({ params: { workflowId: 'wait' } }),
  'workflows.create': () => ({ body: { ...WORKFLOW_BODY, workflowId: 'zzz-new' } }),
  'workflows.update': () => ({ params: { workflowId: 'wait' }, body: WORKFLOW_BODY }),
  'workflows.steps.retrieve': () => ({ params: { workflowId: 'wf', stepId: 'inbox' } }),
  'workflows.steps.generatePreview': () => ({
    params: { workflowId: 'wf', stepId: 'inbox' },
    body: { previewPayload: { payload: { n: 1 } } },
  }),
  'events.trigger': () => ({
    body: {
      name: 'wf',
      to: [
        { subscriberId: 'ada', firstName: 'Zzz', email: 'zzz-ada@example.com' },
        { subscriberId: 'zzz-trigger', email: 'zzz-trigger@example.com' },
        { type: 'Topic', topicKey: 'team' },
      ],
      actor: { subscriberId: 'zzz-actor', firstName: 'Act' },
      tenant: { identifier: 'acme', name: 'Zzz tenant', data: { tier: 'gold' } },
      payload: { n: 2 },
    },
  }),
  'events.triggerBulk': () => ({
    body: {
      events: [
        { name: 'wf', to: 'ada', payload: { n: 3 } },
        { name: 'wait', to: { subscriberId: 'zzz-bulk-event', email: 'zzz@example.io' } },
      ],
    },
  }),
  'events.broadcast': () => ({ body: { name: 'wait', payload: {}, transactionId: 'tx-zzz' } }),
  'notifications.list': () => ({}),
  'notifications.retrieve': (context) => ({
    params: { notificationId: context.data.notifications[0]?._id ?? 'missing' },
  }),
  'messages.list': () => ({}),
  'messages.delete': (context) => ({
    params: { messageId: context.data.messages[0]?._id ?? 'missing' },
  }),
  'messages.deleteByTransactionId': (context) => ({
    params: { transactionId: context.data.messages[0]?.transactionId ?? 'missing' },
  }),
  // The discovery a bridge answered (bridge.sync gathers it over the network first).
  'bridge.sync': () => ({
    body: { bridgeUrl: 'http://bridge.test/api/novu' },
    prepared: {
      bridgeUrl: 'http://bridge.test/api/novu',
      workflows: [
        {
          workflowId: 'zzz-code-first',
          name: 'Zzz code first',
          description: '',
          tags: [],
          severity: 'none',
          active: true,
          payloadSchema: null,
          preferences: {},
          steps: [
            {
              stepId: 'inbox',
              type: 'in_app',
              controlSchema: null,
              outputSchema: null,
              failOnErrorEnabled: false,
            },
          ],
        },
      ],
    },
  }),
};

const NEEDLES = ['example', 'zzz', 'Zzz', '+1555', 'Ada', 'Bob', 'Cy'];
const ORDERS = ['createdAt', 'updatedAt', 'name', 'lastTriggeredAt'] as const;

/**
 * What the derived indexes answer: searches over every indexed field (a stale trigram list or
 * remembered match shows here), every workflow list order, the workflows and notifications by id.
 */
function indexesOf(engine: MockEngine, context: Context) {
  const operations = engine.operations;
  const search = (field: 'email' | 'name' | 'phone', needle: string) =>
    operations['subscribers.search'](context, {
      query: { limit: 100, orderBy: '_id', orderDirection: 'DESC', [field]: needle },
    }).data.map((subscriber) => subscriber.subscriberId);
  const workflowIds = [...context.data.workflows.map((w) => w.workflowId), 'zzz-new'];
  return {
    search: NEEDLES.flatMap((needle) =>
      (['email', 'name', 'phone'] as const).map((field) => [field, needle, search(field, needle)]),
    ),
    workflowOrders: ORDERS.map((orderBy) =>
      operations['workflows.list'](context, {
        query: { orderBy, orderDirection: 'ASC', limit: 100 },
      }),
    ),
    workflowsById: workflowIds.map((workflowId) => {
      try {
        return operations['workflows.retrieve'](context, { params: { workflowId } });
      } catch (error) {
        return String(error);
      }
    }),
    notificationsById: context.data.notifications.map((notification) =>
      operations['notifications.retrieve'](context, {
        params: { notificationId: notification._id },
      }),
    ),
  };
}

/** An engine with notifications, messages, an open digest, a pending delay and built indexes. */
function preparedEngine() {
  // Deterministic: a fresh engine takes the snapshot of another made the same way.
  const engine = createMockEngine({ seed: structuredClone(SEED) as never, deterministic: true });
  const context = engine.scope('Development');
  engine.operations['events.trigger'](context, {
    body: { name: 'wf', to: ['ada', 'cy', 'bob'], payload: { n: 1 } },
  });
  engine.operations['events.trigger'](context, {
    body: { name: 'wait', to: ['ada', 'bob'], transactionId: 'txn-wait' },
  });
  engine.operations['subscribers.credentials.upsert'](context, {
    params: { subscriberId: 'cy' },
    body: { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/c' } },
  });
  engine.operations['contexts.create'](context, {
    body: { type: 'tenant', id: 'acme', data: { plan: 'pro' } },
  });
  engine.operations['layouts.create'](context, { body: { layoutId: 'brand', name: 'Brand' } });
  engine.operations['layouts.create'](context, {
    body: { layoutId: 'seasonal', name: 'Seasonal' },
  });
  engine.operations['environmentVariables.create'](context, {
    body: {
      key: 'BASE_URL',
      values: [{ _environmentId: context.environment._id, value: 'https://a.test' }],
    },
  });
  engine.operations['translations.create'](context, {
    body: { resourceId: 'wf', resourceType: 'workflow', locale: 'en_US', content: { a: 'A' } },
  });
  engine.operations['channelConnections.create'](context, {
    body: {
      identifier: 'chan-1',
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    },
  });
  engine.operations['channelEndpoints.create'](context, {
    body: {
      identifier: 'chan-1',
      subscriberId: 'ada',
      integrationIdentifier: 'slack',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    },
  });
  engine.operations['environments.create'](context, {
    body: { name: 'Staging', color: '#3498db' },
  });
  engine.operations['agents.create'](context, { body: { name: 'Bot', identifier: 'chan-1' } });
  engine.operations['agents.integrations.create'](context, {
    params: { identifier: 'chan-1' },
    body: { integrationIdentifier: 'slack' },
  });
  setSimulatedDns(context, 'acme.dev', { autoConfigure: true });
  engine.operations['domains.create'](context, { body: { name: 'acme.dev' } });
  engine.operations['domains.routes.create'](context, {
    params: { domain: 'acme.dev' },
    body: { address: 'support', type: 'webhook' },
  });
  engine.clock.advance(60_000);
  // A read (bob's) and a snoozed (cy's) notification, for the routes that act only on those.
  engine.operations['subscribers.notifications.markAsRead'](context, {
    params: { subscriberId: 'bob', notificationId: inAppOf(context, 'bob') },
  });
  engine.operations['subscribers.notifications.snooze'](context, {
    params: { subscriberId: 'cy', notificationId: inAppOf(context, 'cy') },
    body: { snoozeUntil: new Date(engine.clock.now() + 3_600_000).toISOString() },
  });
  return { engine, context };
}

/**
 * Operations sent as POST that, as called here, store nothing: a preview renders, a diff compares
 * two environments, a check or a dry run answers, and a provider URL or link is answered.
 */
const POSTS_THAT_READ: ReadonlySet<string> = new Set([
  'domains.autoConfigure.start',
  'domains.diagnose',
  'domains.routes.test',
  'environments.diff',
  'integrations.configureWebhook',
  'integrations.createMobileLink',
  'integrations.generateChatOAuthUrl',
  'integrations.generateConnectOAuthUrl',
  'integrations.generateLinkUserOAuthUrl',
  'integrations.linkChannelEndpoint',
  'layouts.preview',
  'workflows.steps.generatePreview',
]);

/** The call of a route: its case in `CALLS`, or its path parameters from `PARAMS`. */
function callOf(route: AnyRoute): Call {
  const call = CALLS[route.operation];
  if (call) return call;
  if ('body' in route) throw new Error(`${route.operation} takes a body: give it a call in CALLS`);
  const params = Object.fromEntries(
    [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, PARAMS[name as string]]),
  );
  return () => ({ params });
}

const pendingOf = (engine: MockEngine) =>
  engine.clock.pending().map((task) => `${task.at} ${task.label}`);

describe('tables: every operation that fails after its writes leaves the store and its indexes as they were', () => {
  it.each(ROUTES)('$operation', (route) => {
    const name = route.operation;
    const call = callOf(route);
    const run = (engine: MockEngine, context: Context) => {
      const { scope = context, ...made } = call(context, engine) as { scope?: Context };
      return (engine.operations[name] as unknown as (scope: Context, call: unknown) => unknown)(
        scope,
        made,
      );
    };

    // The call is valid and, unless it only reads, writes.
    const clean = preparedEngine();
    const untouched = clean.engine.snapshot();
    run(clean.engine, clean.context);
    if (route.method !== 'GET' && !POSTS_THAT_READ.has(name)) {
      expect(clean.engine.snapshot(), `${name} writes`).not.toEqual(untouched);
    }

    const { engine, context } = preparedEngine();
    const indexes = indexesOf(engine, context); // built (and remembered) before the call
    const before = engine.snapshot();
    const pending = pendingOf(engine);
    armed.on = true;
    try {
      expect(() => run(engine, context)).toThrow(`injected failure after ${name}`);
    } finally {
      armed.on = false;
    }
    expect(engine.snapshot()).toEqual(before);
    expect(pendingOf(engine)).toEqual(pending);
    expect(indexesOf(engine, context)).toEqual(indexes);
    // ...and the same as indexes built afresh from that state.
    const fresh = createMockEngine({ deterministic: true });
    fresh.restore(before);
    expect(indexesOf(fresh, fresh.scope('Development'))).toEqual(indexes);
  });
});

describe('tables: due work that an operation runs is undone with it', () => {
  it('a digest extended to the schedule (its window moved) goes back to its old end', () => {
    const engine = createMockEngine({
      clockStart: '2026-01-01T00:00:00.000Z', // a Thursday
      seed: {
        subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
        workflows: [
          {
            workflowId: 'held',
            steps: [
              {
                type: 'digest',
                name: 'Digest',
                controlValues: { amount: 1, unit: 'hours', extendToSchedule: true },
              },
              { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } },
            ],
          },
        ],
        preferences: [
          {
            subscriberId: 'ada',
            schedule: {
              isEnabled: true,
              weeklySchedule: {
                thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
              },
            },
          },
        ],
      },
    });
    const context = engine.scope('Development');
    engine.operations['events.trigger'](context, { body: { name: 'held', to: 'ada' } });
    const before = engine.snapshot();
    // What a trigger does after its answer (scope.runDue), here the window's close falling due.
    expect(() =>
      journaled(
        () => {
          engine.clock.advance('1h');
          expect([...context.data.digests.values()][0]?.closesAt).toBe(
            Date.parse('2026-01-01T09:00:00.000Z'),
          );
          throw new Error('injected failure after the due work');
        },
        () => {},
      ),
    ).toThrow('injected failure after the due work');
    expect(engine.snapshot().state).toEqual(before.state);
  });
});

describe('tables: no engine code writes around them', () => {
  const root = new URL('../../../mock-server/engine/', import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('store/'))
    .map((file) => [file, readFileSync(new URL(file, root), 'utf8')] as const);
  const COLLECTIONS =
    'subscribers|subscriberKeys|subscriberOrder|topics|subscriptions|subscriptionsBySubscriber|integrations|workflows|messages|tenants|notifications|notificationsById|transactionIds|digests|digestLastEvent|preferences|scheduled|outbox|idempotency|rateBuckets';

  it('only the store imports the journal, and only `journaled` (and what reads its writes, which writes nothing) outside the tables', () => {
    for (const [file, text] of files) {
      for (const [, names] of text.matchAll(/import \{([^}]*)\} from '[./]*store\/journal'/g)) {
        for (const name of names?.split(',') ?? []) {
          // watchWrites: the durability port's compaction watches writes (engine.ts); the
          // recording ones: a data directory's entries take the rows of the writes (engine-commits.ts).
          expect(
            [
              'journaled',
              'watchWrites',
              'type WriteWatcher',
              'startRecording',
              'stopRecording',
              'takeWrites',
              // a seed's writes are no deliveries (baseline.ts)
              'markWritesRead',
            ],
            file,
          ).toContain(name.trim());
        }
      }
    }
  });

  it("no engine file changes a state collection's membership itself", () => {
    const direct = new RegExp(
      `\\b(data|state)\\.(${COLLECTIONS})(\\.(set|delete|push|splice|add|clear|pop|shift|unshift)\\(| = )`,
    );
    for (const [file, text] of files) {
      const lines = text
        .split('\n')
        .filter((line) => direct.test(line) && !/^\s*(\*|\/\/)/.test(line));
      expect(lines, file).toEqual([]);
    }
  });
});
