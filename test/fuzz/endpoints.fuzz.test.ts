// Fuzzes every endpoint of the table through MSW's getResponse (no network): whatever arrives,
// the engine answers below 500, never throws, uses the service's error body on 4xx, and answers
// success bodies the client's schemas accept.
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import fc from 'fast-check';
import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type FuzzEndpoint,
  fuzzEndpoints,
  fuzzEndpointsBeyond,
  type KnownValues,
} from './endpoints';
import { type FuzzRequest, requestArbitrary, toRequest } from './requests';

/** Cases per endpoint; raise it locally with FUZZ_RUNS=20000. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1000);
const SEED = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED']);

const engine: MockEngine = createMockEngine({
  seed: {
    subscribers: [
      { subscriberId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.com' },
      { subscriberId: 'user-2', phone: '+15550001', data: { plan: 'pro' } },
      { subscriberId: 'ünï/cödé 🙂' },
    ],
    topics: [
      { key: 'news', name: 'News', subscribers: ['user-1', 'user-2'] },
      { key: 'topic-1', subscribers: ['user-1'], contextKeys: ['tenant:acme'] },
    ],
    integrations: [
      { providerId: 'fcm', channel: 'push', active: true, identifier: 'fcm-main' },
      { providerId: 'slack', channel: 'chat', active: true },
      { providerId: 'twilio', channel: 'sms', active: false },
      { providerId: 'sendgrid', channel: 'email', active: true, identifier: 'dup' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        tags: ['onboarding'],
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          { type: 'sms', name: 'Text', controlValues: { body: '{{ payload.x | plus: "a" }}' } },
        ],
      },
      { workflowId: 'external-one', name: 'External', origin: 'external' },
      {
        workflowId: 'mail',
        name: 'Mail',
        severity: 'high',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: '{{payload.x}}' } },
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: 'Hi {{subscriber.firstName}}', body: '{{payload | json}}' },
          },
        ],
      },
      {
        workflowId: 'digest',
        name: 'Digest',
        steps: [
          {
            type: 'digest',
            name: 'Collect',
            metadata: { type: 'regular', amount: 5, unit: 'minutes', digestKey: 'payload.group' },
          },
          { type: 'in_app', name: 'Inbox', controlValues: { body: '{{step.events.size}} events' } },
        ],
      },
      {
        workflowId: 'paused',
        name: 'Paused',
        active: false,
        steps: [{ type: 'in_app', name: 'A' }],
      },
      {
        workflowId: 'all-off',
        name: 'All off',
        steps: [{ type: 'sms', name: 'S', active: false }],
      },
      {
        workflowId: 'checked',
        name: 'Checked',
        validatePayload: true,
        payloadSchema: {
          type: 'object',
          properties: { x: { type: 'string' }, count: { type: 'integer', default: 1 } },
          required: ['x'],
        },
        steps: [{ type: 'in_app', name: 'Inbox' }],
      },
    ],
    tenants: [{ identifier: 'acme', name: 'Acme' }],
    messages: [
      { subscriberId: 'user-1', content: 'one' },
      { subscriberId: 'user-1', content: 'two', read: true, seen: true },
      { subscriberId: 'user-2', content: 'three' },
    ],
  },
});
const otherOrganization = engine.createOrganization({ name: 'Other' });
engine.seed({
  environment: 'Production',
  subscribers: [{ subscriberId: 'user-1' }],
  workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }],
});
const productionNotification = seedNotifications();
/**
 * Where cases of the notification, trigger and message endpoints start: the seed plus the notifications triggered above. The
 * others start from the seed alone (`reset()`), which is several times cheaper to copy.
 */
const notified = engine.snapshot();
const NOTIFICATION_ROUTES = new Set([
  '/v1/events/trigger',
  '/v1/notifications',
  '/v1/notifications/:notificationId',
  '/v1/events/trigger/bulk',
  '/v1/events/trigger/broadcast',
  '/v1/events/trigger/:transactionId',
  '/v1/messages',
  '/v1/messages/:messageId',
  '/v1/messages/transaction/:transactionId',
]);

/** Triggers enough events for the notification list to span pages; returns a Production one. */
function seedNotifications(): string {
  const context = (name: string) => engine.scope(name);
  const development = context('Development');
  for (let index = 0; index < 8; index++) {
    const result = engine.operations['events.trigger'](development, {
      body: {
        name: ['welcome', 'mail', 'digest'][index % 3],
        to: index % 4 === 0 ? [{ type: 'Topic', topicKey: 'news' }] : [`user-${1 + (index % 2)}`],
        payload: { x: `event ${index}`, group: index % 2 === 0 ? 'a' : 'b' },
        transactionId: `seed-${index}`,
        overrides: index % 5 === 0 ? { severity: 'low' } : {},
      },
    });
    if (result.status !== 'processed') throw new Error(`seed trigger ${index}: ${result.status}`);
    engine.clock.advance(60_000);
  }
  const production = context('Production');
  engine.operations['events.trigger'](production, { body: { name: 'welcome', to: 'user-1' } });
  const id = production.data.notifications[0]?._id;
  if (!id) throw new Error('no Production notification');
  return id;
}

const unexpected: unknown[] = [];
const handlers = createHandlers(engine, { onUnexpectedError: (error) => unexpected.push(error) });

function knownValues(): KnownValues {
  const { data } = engine.scope('Development');
  const subscribers = [...data.subscribers.values()];
  return {
    subscriberIds: subscribers.map((s) => s.subscriberId),
    subscriberObjectIds: subscribers.map((s) => s._id),
    subscriptionIds: data.subscriptions.map((s) => s._id),
    messageIds: data.messages.map((m) => m._id),
    integrationIds: data.integrations.map((i) => i._id),
    workflowIds: [...data.workflows.map((w) => w.workflowId), ...data.workflows.map((w) => w._id)],
    environmentIds: [
      ...engine.environments.map((e) => e._id),
      ...otherOrganization.environments.map((e) => e._id),
    ],
    notificationIds: [...data.notifications.map((n) => n._id), productionNotification],
    transactionIds: [...new Set(data.notifications.map((n) => n.transactionId))],
    workflowObjectIds: data.workflows.map((w) => w._id),
    stepObjectIds: data.workflows.flatMap((w) => w.steps.map((step) => step._id)),
    workflowTriggers: [...data.workflows.map((w) => w.workflowId), 'ghost', 'WELCOME'],
    topicKeys: [...data.topics.keys()],
    topicObjectIds: [...data.topics.values()].map((topic) => topic._id),
    tenantIds: [...data.tenants.keys()],
    emails: subscribers.flatMap((s) => (s.email ? [s.email] : [])),
    instants: data.notifications.flatMap((n) => [
      n.createdAt,
      new Date(Date.parse(n.createdAt) + 1).toISOString(),
    ]),
  };
}

const ERROR_BODY = z.looseObject({
  statusCode: z.number(),
  timestamp: z.iso.datetime(),
  path: z.string(),
  message: z.string(),
});

function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'data') return (body as { data: unknown }).data;
  }
  return body;
}

/** The msw handlers answer every endpoint: one handler over the pipeline. */
function handlersOf(_endpoint: FuzzEndpoint): HttpHandler[] {
  return handlers;
}

async function check(
  endpoint: FuzzEndpoint,
  served: HttpHandler[],
  generated: FuzzRequest,
  statuses: Map<number, number>,
): Promise<number> {
  const request = toRequest(generated);
  const url = new URL(request.url);
  const response = await getResponse(served, request);
  if (!response) throw new Error(`no handler answered ${generated.method} ${url.pathname}`);
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (process.env['FUZZ_DEBUG'] === endpoint.name.split(' ')[0])
    console.log(response.status, text.slice(0, 300), '<<', generated.body?.slice(0, 400));
  expect(unexpected.splice(0), 'the engine threw').toEqual([]);
  expect(response.status, text.slice(0, 500)).toBeLessThan(500);
  if (response.status === 204) {
    // The DELETE routes' No Content: nothing to parse.
    expect(text).toBe('');
    expect(z.safeParse(endpoint.success, undefined).success).toBe(true);
    expect(text).toBe('');
    return response.status;
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(text);
  if (response.status >= 400) {
    const parsed = z.safeParse(ERROR_BODY, body);
    expect(parsed.success, text.slice(0, 500)).toBe(true);
    expect(body).toMatchObject({ statusCode: response.status, path: url.pathname + url.search });
    return response.status;
  }
  const parsed = z.safeParse(endpoint.success, unwrap(body));
  expect(
    parsed.success,
    `${endpoint.name}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`,
  ).toBe(true);
  return response.status;
}

const keys = [engine.environment('Development').apiKey, engine.environment('Production').apiKey];

const table = [...fuzzEndpoints(knownValues()), ...fuzzEndpointsBeyond(knownValues())];

/**
 * What an accepted trigger stored must read back through the client's schemas: the notification
 * list (newest first, so the new ones) of both environments after every trigger case that passed.
 */
async function readBackTriggered(): Promise<void> {
  const listing = table.find((endpoint) => endpoint.route === '/v1/notifications');
  if (!listing) throw new Error('the table has no notification list');
  for (const key of keys) {
    const request: FuzzRequest = {
      method: 'GET',
      path: '/v1/notifications',
      query: [['limit', '50']],
      authorization: `ApiKey ${key}`,
      idempotencyKey: null,
      contentType: null,
      body: null,
    };
    const status = await check(listing, handlersOf(listing), request, new Map());
    expect(status).toBe(200);
  }
}

describe('fuzzing every endpoint through the handlers', () => {
  for (const endpoint of table) {
    it(
      `${endpoint.name}: never a 5xx, always the service's bodies`,
      async () => {
        const served = handlersOf(endpoint);
        const restart = NOTIFICATION_ROUTES.has(endpoint.route)
          ? () => engine.restore(notified)
          : () => engine.reset();
        // A read never writes, so its cases share one start (copying the state is the main cost).
        const writes = endpoint.method !== 'GET';
        restart();
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(
            fc.array(requestArbitrary(endpoint, keys), { minLength: 1, maxLength: 2 }),
            async (requests) => {
              if (writes) restart();
              let accepted = false;
              for (const request of requests) {
                const status = await check(endpoint, served, request, statuses);
                accepted ||= status === 201;
              }
              if (accepted && endpoint.route === '/v1/events/trigger') await readBackTriggered();
            },
          ),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
        // The cases must reach both the operation and its rejections, or the fuzzing proves little.
        const codes = [...statuses.keys()];
        expect(
          codes.some((status) => status < 300),
          `statuses seen: ${codes}`,
        ).toBe(true);
        expect(
          codes.some((status) => status >= 400),
          `statuses seen: ${codes}`,
        ).toBe(true);
        if (process.env['FUZZ_STATS']) console.log(endpoint.name, Object.fromEntries(statuses));
      },
      20_000 + RUNS * 60,
    );
  }
});
