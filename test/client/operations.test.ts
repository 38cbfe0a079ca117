// Request shape and success parsing of each of the 14 operations, through an injected fetch.
import {
  createSvcCore,
  eventsTrigger,
  integrationsCreate,
  integrationsList,
  integrationsSetPrimary,
  notificationsList,
  notificationsRetrieve,
  type Svc,
  type SvcCore,
  subscribersCredentialsUpsert,
  subscribersMessagesMarkAs,
  subscribersRetrieve,
  subscribersSearch,
  subscribersSubscriptionsList,
  subscribersUpdate,
  workflowsList,
  workflowsSync,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import {
  activity,
  clientWith,
  integration,
  json,
  message,
  type RecordedRequest,
  scriptedFetch,
  subscriber,
  topicSubscription,
  workflowListItem,
  workflowSync,
} from './helpers';

interface OperationCase {
  name: string;
  call: (svc: Svc) => PromiseLike<unknown>;
  standalone: (core: SvcCore) => PromiseLike<unknown>;
  reply: unknown;
  status?: number;
  method: string;
  path: string;
  query?: Array<[string, string]>;
  body?: unknown;
  /** What `await` resolves to (defaults to `reply` unwrapped from `{data}`). */
  expected?: (result: unknown) => void;
}

const cursorBody = (data: unknown[]) => ({
  data,
  next: null,
  previous: null,
  totalCount: data.length,
  totalCountCapped: false,
});

const cases: OperationCase[] = [
  {
    name: 'events.trigger',
    call: (svc) =>
      svc.events.trigger({
        name: 'welcome',
        to: ['user-1', { subscriberId: 'u 2' }],
        payload: { a: 1 },
      }),
    standalone: (core) =>
      eventsTrigger(core, {
        name: 'welcome',
        to: ['user-1', { subscriberId: 'u 2' }],
        payload: { a: 1 },
      }),
    reply: { data: { acknowledged: true, status: 'processed', transactionId: 't-1' } },
    status: 201,
    method: 'POST',
    path: '/v1/events/trigger',
    body: { name: 'welcome', to: ['user-1', { subscriberId: 'u 2' }], payload: { a: 1 } },
  },
  {
    name: 'subscribers.retrieve',
    call: (svc) => svc.subscribers.retrieve('a/b c?'),
    standalone: (core) => subscribersRetrieve(core, 'a/b c?'),
    reply: { data: subscriber },
    method: 'GET',
    path: '/v2/subscribers/a%2Fb%20c%3F',
  },
  {
    name: 'subscribers.update',
    call: (svc) => svc.subscribers.update('user/1', { firstName: 'Ada', phone: null }),
    standalone: (core) => subscribersUpdate(core, 'user/1', { firstName: 'Ada', phone: null }),
    reply: { data: { ...subscriber, firstName: 'Ada' } },
    method: 'PATCH',
    path: '/v2/subscribers/user%2F1',
    body: { firstName: 'Ada', phone: null },
  },
  {
    name: 'subscribers.search',
    call: (svc) => svc.subscribers.search({ email: 'a+b@x.io', limit: 5, orderDirection: 'ASC' }),
    standalone: (core) =>
      subscribersSearch(core, { email: 'a+b@x.io', limit: 5, orderDirection: 'ASC' }),
    reply: cursorBody([subscriber]),
    method: 'GET',
    path: '/v2/subscribers',
    query: [
      ['email', 'a+b@x.io'],
      ['limit', '5'],
      ['orderDirection', 'ASC'],
    ],
    expected: (page) =>
      expect(page).toMatchObject({ data: [subscriber], next: null, totalCount: 1 }),
  },
  {
    name: 'subscribers.subscriptions.list',
    call: (svc) => svc.subscribers.subscriptions.list('user 1', { key: 'news', limit: 100 }),
    standalone: (core) => subscribersSubscriptionsList(core, 'user 1', { key: 'news', limit: 100 }),
    reply: cursorBody([topicSubscription]),
    method: 'GET',
    path: '/v2/subscribers/user%201/subscriptions',
    query: [
      ['key', 'news'],
      ['limit', '100'],
    ],
    expected: (page) => expect(page).toMatchObject({ data: [topicSubscription] }),
  },
  {
    name: 'subscribers.credentials.upsert',
    call: (svc) =>
      svc.subscribers.credentials.upsert('user-1', {
        providerId: 'fcm',
        credentials: { deviceTokens: ['t1', 't2'] },
      }),
    standalone: (core) =>
      subscribersCredentialsUpsert(core, 'user-1', {
        providerId: 'fcm',
        credentials: { deviceTokens: ['t1', 't2'] },
      }),
    reply: { data: subscriber },
    method: 'PATCH',
    path: '/v1/subscribers/user-1/credentials',
    body: { providerId: 'fcm', credentials: { deviceTokens: ['t1', 't2'] } },
  },
  {
    name: 'subscribers.messages.markAs',
    call: (svc) =>
      svc.subscribers.messages.markAs('user-1', { messageId: [message._id], markAs: 'read' }),
    standalone: (core) =>
      subscribersMessagesMarkAs(core, 'user-1', { messageId: [message._id], markAs: 'read' }),
    reply: { data: [message] },
    status: 201,
    method: 'POST',
    path: '/v1/subscribers/user-1/messages/mark-as',
    body: { messageId: [message._id], markAs: 'read' },
  },
  {
    name: 'integrations.create',
    call: (svc) =>
      svc.integrations.create({ providerId: 'sendgrid', channel: 'email', active: true }),
    standalone: (core) =>
      integrationsCreate(core, { providerId: 'sendgrid', channel: 'email', active: true }),
    reply: { data: integration },
    status: 201,
    method: 'POST',
    path: '/v1/integrations',
    body: { providerId: 'sendgrid', channel: 'email', active: true },
  },
  {
    name: 'integrations.list',
    call: (svc) => svc.integrations.list(),
    standalone: (core) => integrationsList(core),
    reply: { data: [integration] },
    method: 'GET',
    path: '/v1/integrations',
  },
  {
    name: 'integrations.setPrimary',
    call: (svc) => svc.integrations.setPrimary(integration._id),
    standalone: (core) => integrationsSetPrimary(core, integration._id),
    reply: { data: integration },
    method: 'POST',
    path: `/v1/integrations/${integration._id}/set-primary`,
  },
  {
    name: 'workflows.list',
    call: (svc) =>
      svc.workflows.list({ limit: 10, offset: 0, tags: ['a', 'b c'], status: ['ACTIVE', 'ERROR'] }),
    standalone: (core) =>
      workflowsList(core, {
        limit: 10,
        offset: 0,
        tags: ['a', 'b c'],
        status: ['ACTIVE', 'ERROR'],
      }),
    reply: { data: { workflows: [workflowListItem], totalCount: 1 } },
    method: 'GET',
    path: '/v2/workflows',
    query: [
      ['limit', '10'],
      ['offset', '0'],
      ['tags', 'a'],
      ['tags', 'b c'],
      ['status', 'ACTIVE'],
      ['status', 'ERROR'],
    ],
    expected: (page) =>
      expect(page).toMatchObject({ data: [workflowListItem], totalCount: 1, offset: 0 }),
  },
  {
    name: 'workflows.sync',
    call: (svc) => svc.workflows.sync('welcome', { targetEnvironmentId: 'env-2' }),
    standalone: (core) => workflowsSync(core, 'welcome', { targetEnvironmentId: 'env-2' }),
    reply: { data: workflowSync },
    method: 'PUT',
    path: '/v2/workflows/welcome/sync',
    body: { targetEnvironmentId: 'env-2' },
  },
  {
    name: 'notifications.list',
    call: (svc) =>
      svc.notifications.list({ channels: ['email', 'sms'], subscriberIds: 'user-1', page: 2 }),
    standalone: (core) =>
      notificationsList(core, { channels: ['email', 'sms'], subscriberIds: 'user-1', page: 2 }),
    reply: { page: 2, hasMore: false, pageSize: 10, data: [activity] },
    method: 'GET',
    path: '/v1/notifications',
    query: [
      ['channels', 'email'],
      ['channels', 'sms'],
      ['subscriberIds', 'user-1'],
      ['page', '2'],
    ],
    expected: (page) =>
      expect(page).toMatchObject({ data: [activity], page: 2, hasMore: false, pageSize: 10 }),
  },
  {
    name: 'notifications.retrieve',
    call: (svc) => svc.notifications.retrieve(activity._id),
    standalone: (core) => notificationsRetrieve(core, activity._id),
    reply: { data: activity },
    method: 'GET',
    path: `/v1/notifications/${activity._id}`,
  },
];

function checkRequest(request: RecordedRequest | undefined, c: OperationCase) {
  expect(request?.method).toBe(c.method);
  expect(request?.url.origin).toBe('https://api.example.test');
  expect(request?.url.pathname).toBe(c.path);
  expect([...(request?.url.searchParams ?? [])]).toEqual(c.query ?? []);
  expect(request?.body).toEqual(c.body);
  expect(request?.headers.get('authorization')).toBe('ApiKey sk_test');
  expect(request?.headers.get('accept')).toBe('application/json');
  expect(request?.headers.get('content-type')).toBe(
    c.body === undefined ? null : 'application/json',
  );
}

function checkResult(result: unknown, c: OperationCase) {
  if (c.expected) c.expected(result);
  else expect(result).toEqual((c.reply as { data: unknown }).data);
}

describe.each(cases)('$name', (c) => {
  const reply = () => json(c.reply, c.status ?? 200);

  it('sends the documented request and resolves to the unwrapped body', async () => {
    const { svc, requests } = clientWith(reply, { validation: 'strict' });
    checkResult(await c.call(svc), c);
    expect(requests).toHaveLength(1);
    checkRequest(requests[0], c);
  });

  it('does the same as a standalone function over createSvcCore', async () => {
    const { requests, fetch } = scriptedFetch(reply);
    const core = createSvcCore({
      secretKey: 'sk_test',
      baseUrl: 'https://api.example.test',
      fetch,
    });
    checkResult(await c.standalone(core), c);
    checkRequest(requests[0], c);
  });

  it('accepts the bare (unenveloped) body too', async () => {
    const bare =
      c.reply && typeof c.reply === 'object' && Object.keys(c.reply).length === 1
        ? (c.reply as { data: unknown }).data
        : c.reply;
    const { svc } = clientWith(() => json(bare, c.status ?? 200), { validation: 'strict' });
    checkResult(await c.call(svc), c);
  });

  it('exposes the HTTP response and request id with withResponse()', async () => {
    const { svc } = clientWith(() => json(c.reply, c.status ?? 200, { 'x-request-id': 'req-42' }));
    const { data, response, requestId } = await (
      c.call(svc) as unknown as {
        withResponse(): Promise<{ data: unknown; response: Response; requestId?: string }>;
      }
    ).withResponse();
    checkResult(data, c);
    expect(response.status).toBe(c.status ?? 200);
    expect(requestId).toBe('req-42');
  });
});

describe('request shape details', () => {
  it('sends the idempotency key only on POST and PATCH', async () => {
    for (const c of cases) {
      const { svc, requests } = clientWith(() => json(c.reply, c.status ?? 200));
      await c.call(svc);
      const key = requests[0]?.headers.get('idempotency-key');
      if (c.method === 'POST' || c.method === 'PATCH') {
        expect(key, c.name).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      } else {
        expect(key, c.name).toBeNull();
      }
    }
  });

  it("lets the caller's idempotency key win, and never sends one on GET", async () => {
    const { svc, requests } = clientWith(() => json({ data: subscriber }));
    await svc.subscribers.update('user-1', { firstName: 'A' }, { idempotencyKey: 'mine-1' });
    await svc.subscribers.retrieve('user-1', { idempotencyKey: 'ignored' });
    expect(requests[0]?.headers.get('idempotency-key')).toBe('mine-1');
    expect(requests[1]?.headers.get('idempotency-key')).toBeNull();
  });

  it('generates a fresh key for every call', async () => {
    const { svc, requests } = clientWith(() =>
      json({ data: { acknowledged: true, status: 'processed' } }, 201),
    );
    await svc.events.trigger({ name: 'w', to: 'u' });
    await svc.events.trigger({ name: 'w', to: 'u' });
    expect(requests[0]?.headers.get('idempotency-key')).not.toBe(
      requests[1]?.headers.get('idempotency-key'),
    );
  });

  it('merges client and call headers and sends the SDK version', async () => {
    const { svc, requests } = clientWith(() => json({ data: subscriber }), {
      headers: { 'x-team': 'growth', 'x-override': 'client' },
    });
    await svc.subscribers.retrieve('user-1', { headers: { 'x-override': 'call' } });
    const headers = requests[0]?.headers;
    expect(headers?.get('x-team')).toBe('growth');
    expect(headers?.get('x-override')).toBe('call');
    expect(headers?.get('x-svc-sdk-version')).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('drops undefined and null query values', async () => {
    const { svc, requests } = clientWith(() => json(cursorBody([])));
    await svc.subscribers.search({ email: undefined, name: 'Ada' });
    expect(requests[0]?.url.search).toBe('?name=Ada');
  });

  it('sends fields the schema does not know yet when allowUnknownKeys is set (forward compatible input)', async () => {
    const { svc, requests } = clientWith(() =>
      json({ data: { acknowledged: true, status: 'processed' } }, 201),
    );
    const body = { name: 'w', to: 'u', bridgeUrl: 'https://bridge.test' };
    await svc.events.trigger(body as Parameters<typeof svc.events.trigger>[0], {
      allowUnknownKeys: true,
    });
    expect(requests[0]?.body).toEqual(body);
  });

  it('asResponse() gives the raw response with the body unread', async () => {
    const { svc } = clientWith(() =>
      json({ data: [integration] }, 200, { 'ratelimit-remaining': '7' }),
    );
    const response = await svc.integrations.list().asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get('ratelimit-remaining')).toBe('7');
    expect(await response.json()).toEqual({ data: [integration] });
  });

  it('resolves an empty 2xx body to undefined', async () => {
    const { svc } = clientWith(() => new Response(null, { status: 204 }), { validation: 'off' });
    await expect(svc.integrations.list()).resolves.toBeUndefined();
  });
});
