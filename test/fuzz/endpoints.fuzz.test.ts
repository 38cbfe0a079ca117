// Fuzzes every endpoint of the table through MSW's getResponse (no network): whatever arrives,
// the engine answers below 500, never throws, uses the service's error body on 4xx, and answers
// success bodies the client's schemas accept.
import { createHandlers, createMockEngine, type MockEngine } from '@svc/api/mock';
import fc from 'fast-check';
import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { compileRoute } from '../../mock-server/handlers/endpoint';
import { type FuzzEndpoint, fuzzEndpoints, type KnownValues } from './endpoints';
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
    ],
    messages: [
      { subscriberId: 'user-1', content: 'one' },
      { subscriberId: 'user-1', content: 'two', read: true, seen: true },
      { subscriberId: 'user-2', content: 'three' },
    ],
  },
});
const otherOrganization = engine.createOrganization({ name: 'Other' });

const unexpected: unknown[] = [];
const handlers = createHandlers(engine, { onUnexpectedError: (error) => unexpected.push(error) });

function knownValues(): KnownValues {
  const { data } = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
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

/** The handler of one endpoint: MSW costs about 0.2 ms per handler it tries, so try only it. */
function handlersOf(endpoint: FuzzEndpoint): HttpHandler[] {
  const { source } = compileRoute(undefined, endpoint.route).pattern;
  const found = handlers.filter(
    (handler) =>
      handler.info.method === endpoint.method &&
      handler.info.path instanceof RegExp &&
      handler.info.path.source === source,
  );
  if (found.length !== 1) throw new Error(`no single handler serves ${endpoint.name}`);
  return found;
}

async function check(
  endpoint: FuzzEndpoint,
  served: HttpHandler[],
  generated: FuzzRequest,
  statuses: Map<number, number>,
): Promise<void> {
  const request = toRequest(generated);
  const url = new URL(request.url);
  const response = await getResponse(served, request);
  if (!response) throw new Error(`no handler answered ${generated.method} ${url.pathname}`);
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (process.env['FUZZ_DEBUG'] === endpoint.name.split(' ')[0])
    console.log(response.status, text.slice(0, 300));
  expect(unexpected.splice(0), 'the engine threw').toEqual([]);
  expect(response.status, text.slice(0, 500)).toBeLessThan(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(text);
  if (response.status >= 400) {
    const parsed = z.safeParse(ERROR_BODY, body);
    expect(parsed.success, text.slice(0, 500)).toBe(true);
    expect(body).toMatchObject({ statusCode: response.status, path: url.pathname + url.search });
    return;
  }
  const parsed = z.safeParse(endpoint.success, unwrap(body));
  expect(
    parsed.success,
    `${endpoint.name}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`,
  ).toBe(true);
}

const keys = [engine.environment('Development').apiKey, engine.environment('Production').apiKey];

describe('fuzzing endpoints 1-11 through the handlers', () => {
  for (const endpoint of fuzzEndpoints(knownValues())) {
    it(
      `${endpoint.name}: never a 5xx, always the service's bodies`,
      async () => {
        const served = handlersOf(endpoint);
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(
            fc.array(requestArbitrary(endpoint, keys), { minLength: 1, maxLength: 2 }),
            async (requests) => {
              engine.reset();
              for (const request of requests) await check(endpoint, served, request, statuses);
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
