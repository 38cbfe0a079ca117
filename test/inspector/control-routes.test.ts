import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createControlRouter } from '../../mock-server/control/control-router';
import { defaultControlRoutes } from '../../mock-server/control/control-routes';
import { createSnapshotStore } from '../../mock-server/control/snapshot-store';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import { fromFetchRequest, toFetchResponse } from '../../mock-server/fetch/fetch-bridge';
import { inspectorControlRoutes } from '../../mock-server/inspector/control-routes';

const seed = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550100001' },
    { subscriberId: 'bob', firstName: 'Bob' },
  ],
  integrations: [
    {
      providerId: 'sendgrid',
      channel: 'email' as const,
      name: 'SendGrid',
      identifier: 'sendgrid',
      active: true,
      primary: true,
      credentials: { apiKey: 'SG.secret', from: 'hello@example.com', senderName: 'Acme' },
    },
    {
      providerId: 'twilio',
      channel: 'sms' as const,
      name: 'Twilio',
      identifier: 'twilio',
      active: true,
      primary: true,
      credentials: { accountSid: 'AC1', token: 't', from: '+15550100000' },
    },
  ],
  topics: [{ key: 'news', name: 'News', subscribers: ['ada'] }],
  workflows: [
    {
      workflowId: 'welcome',
      name: 'Welcome',
      steps: [
        {
          type: 'in_app' as const,
          name: 'Inbox',
          controlValues: { body: 'Hi {{subscriber.firstName}}' },
        },
        {
          type: 'email' as const,
          name: 'Email',
          controlValues: { subject: 'Welcome, {{subscriber.firstName}}', body: '<p>Hello!</p>' },
        },
        { type: 'digest' as const, name: 'Digest', controlValues: { amount: 1, unit: 'hours' } },
        {
          type: 'sms' as const,
          name: 'Sms',
          controlValues: { body: '{{step.total_count}} events' },
        },
      ],
    },
    { workflowId: 'broken', name: 'Broken', steps: [{ type: 'email' as const, name: 'Email' }] },
  ],
};

let engine: MockEngine;
// The answers are read as loose JSON: the views' exact types are pinned by tsc in the sources.
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, asserted field by field below
type Json = any;
let call: (method: string, path: string, body?: unknown) => Promise<{ status: number; data: Json }>;

beforeEach(() => {
  engine = createMockEngine({ seed, clockStart: '2026-01-01T00:00:00.000Z' });
  const router = createControlRouter([...defaultControlRoutes, ...inspectorControlRoutes], {
    engine,
    snapshots: createSnapshotStore(),
  });
  call = async (method, path, body) => {
    const request = new Request(`http://127.0.0.1/__svc${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await router(fromFetchRequest(request, `/__svc${path}`));
    if (!answer) throw new Error(`no route for ${path}`);
    const response = toFetchResponse(answer);
    const json = (await response.json()) as { data?: unknown };
    return { status: response.status, data: json.data ?? json };
  };
});

function trigger(body: unknown) {
  const context = engine.scope('Development');
  return engine.operations['events.trigger'](context, { body: body });
}

describe('inspector control routes', () => {
  it("activity shows what each step sent, by job: subject, body as text, and the message's status", async () => {
    const { transactionId } = trigger({ name: 'welcome', to: ['ada', 'bob'] });
    const { data } = await call('GET', `/inspector/activity?transactionId=${transactionId}`);
    const [run] = data;
    const stored = engine.scope('Development').data.messages;
    expect(run.messages).toHaveLength(stored.length);
    const ada = run.notifications.find((item: Json) => item.subscriber.subscriberId === 'ada');
    const emailJob = ada.jobs.find((job: Json) => job.type === 'email');
    const sent = run.messages.filter((message: Json) => message.jobId === emailJob._id);
    expect(sent).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        jobId: emailJob._id,
        channel: 'email',
        status: 'sent',
        subject: 'Welcome, Ada',
        excerpt: 'Hello!',
      },
    ]);
    // Bob has no email address: his email is stored undelivered, and the run says so.
    const bobEmail = run.messages.find(
      (message: Json) => message.channel === 'email' && message._id !== sent[0]._id,
    );
    expect(bobEmail).toMatchObject({ status: 'warning', subject: 'Welcome, Bob' });
    expect(run.messages.find((message: Json) => message.channel === 'in_app')).toMatchObject({
      subject: null,
      excerpt: 'Hi Ada',
    });
  });

  it('activity groups a run by transaction with its body, answer, jobs and details; filters', async () => {
    const { transactionId } = trigger({
      name: 'welcome',
      to: ['ada', 'bob'],
      payload: { plan: 'pro' },
      overrides: { email: { cc: ['boss@example.com'] } },
    });
    expect(() => trigger({ name: 'missing', to: 'ada' })).toThrow();

    const { status, data } = await call('GET', '/inspector/activity');
    expect(status).toBe(200);
    expect(data).toHaveLength(2);
    const [refused, run] = data;
    expect(refused).toMatchObject({
      transactionId: null,
      workflowId: 'missing',
      notifications: [],
      trigger: { status: 422, answer: { message: 'workflow_not_found' } },
    });
    expect(run).toMatchObject({
      transactionId,
      workflowId: 'welcome',
      trigger: { status: 201, body: { payload: { plan: 'pro' } }, answer: { status: 'processed' } },
    });
    expect(run.notifications.map((item: Json) => item.subscriber.subscriberId).sort()).toEqual([
      'ada',
      'bob',
    ]);
    const ada = run.notifications.find((item: Json) => item.subscriber.subscriberId === 'ada');
    expect(ada.jobs.map((job: Json) => job.status)).toEqual([
      'completed',
      'completed',
      'delayed',
      'pending',
    ]);
    expect(ada.jobs[0].executionDetails.map((detail: Json) => detail.status)[0]).toBe('Pending');

    const filtered = async (query: string) =>
      (await call('GET', `/inspector/activity?${query}`)).data.map(
        (group: Json) => group.workflowId,
      );
    expect(await filtered('workflowId=welcome')).toEqual(['welcome']);
    expect(await filtered('subscriberId=bob')).toEqual(['welcome']);
    expect(await filtered('status=422')).toEqual(['missing']);
    expect(await filtered('status=delayed')).toEqual(['welcome']);
    expect(await filtered('channel=push')).toEqual([]);
    expect(await filtered(`transactionId=${transactionId}`)).toEqual(['welcome']);
    expect((await call('GET', '/inspector/activity?nope=1')).status).toBe(400);
    expect((await call('GET', '/inspector/activity?environment=Nowhere')).status).toBe(404);
  });

  it('activity pages past the newest 500 with `before`, each transaction once, newest first', async () => {
    engine.seed({
      workflows: [
        {
          workflowId: 'ping',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'x' } }],
        },
      ],
    });
    const sent: string[] = [];
    for (let n = 0; n < 620; n++) {
      sent.push(trigger({ name: 'ping', to: 'ada', transactionId: `txn-${n}` }).transactionId);
      engine.clock.advance('1s');
    }
    // The pages are read from the history by reference: it is never copied whole.
    const copies = vi.spyOn(engine.events, 'triggers');
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 3; page++) {
      const query =
        before === undefined ? 'limit=500' : `limit=500&before=${encodeURIComponent(before)}`;
      const { status, data } = await call('GET', `/inspector/activity?${query}`);
      expect(status).toBe(200);
      seen.push(...data.map((group: Json) => group.transactionId));
      before = data.at(-1)?.cursor;
    }
    expect(copies).not.toHaveBeenCalled();
    expect(seen).toEqual([...sent].reverse());
    // Older than the last 200 triggers, a transaction is still there, from its notifications.
    const oldest = (await call('GET', '/inspector/activity?transactionId=txn-0')).data;
    expect(oldest).toMatchObject([{ trigger: null, workflowId: 'ping' }]);
    expect(oldest[0].notifications).toHaveLength(1);
    const refused = await call('GET', '/inspector/activity?before=txn-3');
    expect(refused.status).toBe(400);
  });

  it('messages show an email with envelope, subject and HTML, and an SMS with its target', async () => {
    trigger({
      name: 'welcome',
      to: 'ada',
      overrides: { email: { cc: 'boss@example.com', headers: { 'X-Campaign': 'w1' } } },
    });
    engine.clock.advance('1h');
    const { data } = await call('GET', '/inspector/messages');
    expect(data.map((message: Json) => message.channel)).toEqual(['sms', 'email', 'in_app']);
    const [sms, email] = data;
    expect(email).toMatchObject({
      subscriberId: 'ada',
      workflowId: 'welcome',
      subject: 'Welcome, Ada',
      content: expect.stringContaining('Hello!'),
      email: {
        from: 'Acme <hello@example.com>',
        to: ['ada@example.com'],
        cc: ['boss@example.com'],
        bcc: [],
        headers: { 'X-Campaign': 'w1' },
      },
    });
    expect(sms).toMatchObject({ content: '1 events', target: { phone: '+15550100001' } });
    const emails = await call('GET', '/inspector/messages?channel=email&subscriberId=ada');
    expect(emails.data).toHaveLength(1);
    expect((await call('GET', '/inspector/messages?channel=fax')).status).toBe(400);
  });

  it('marks an in-app message read through the API operation, which the inbox and API then agree on', async () => {
    trigger({ name: 'welcome', to: 'ada' });
    const before = await call('GET', '/inspector/inbox/ada');
    expect(before.data).toMatchObject({ unread: 1, unseen: 1 });
    const messageId = before.data.messages[0]._id;
    const marked = await call('POST', '/inspector/inbox/ada/mark', { messageId, markAs: 'read' });
    expect(marked.status).toBe(200);
    expect(marked.data).toEqual([expect.objectContaining({ _id: messageId, read: true })]);
    expect((await call('GET', '/inspector/inbox/ada')).data).toMatchObject({
      unread: 0,
      unseen: 0,
    });
    const bad = await call('POST', '/inspector/inbox/ada/mark', { messageId, markAs: 'gone' });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/inspector/inbox/nobody')).status).toBe(404);
  });

  it('state lists masked keys, subscribers with topics, workflows with issues, integrations', async () => {
    const environments = await call('GET', '/inspector/environments');
    const development = engine.environment('Development');
    expect(environments.data[0]).toMatchObject({
      name: 'Development',
      apiKeyMasked: `${'•'.repeat(development.apiKey.length - 4)}${development.apiKey.slice(-4)}`,
    });
    expect(JSON.stringify(environments.data)).not.toContain(development.apiKey);

    const { data } = await call('GET', '/inspector/state');
    expect(data.subscribers.total).toBe(2);
    expect(data.subscribers.items[0]).toMatchObject({ subscriberId: 'ada', topics: ['news'] });
    expect(data.topics).toEqual([{ key: 'news', name: 'News', subscribers: 1 }]);
    const broken = data.workflows.find((workflow: Json) => workflow.workflowId === 'broken');
    expect(broken.status).toBe('ERROR');
    expect(broken.steps[0].issues).not.toBeNull();
    const sendgrid = data.integrations.find((item: Json) => item.identifier === 'sendgrid');
    expect(sendgrid).toMatchObject({
      primary: true,
      credentialNames: ['apiKey', 'from', 'senderName'],
    });
    expect(JSON.stringify(data.integrations)).not.toContain('SG.secret');
  });

  it('clock lists the pending digest with its run and when it fires', async () => {
    const { transactionId } = trigger({ name: 'welcome', to: 'ada' });
    const { data } = await call('GET', '/inspector/clock');
    expect(data).toMatchObject({
      now: '2026-01-01T00:00:00.000Z',
      pending: [
        {
          kind: 'close-digest',
          at: '2026-01-01T01:00:00.000Z',
          transactionId,
          subscriberId: 'ada',
          workflowId: 'welcome',
          environment: 'Development',
        },
      ],
    });
    await call('POST', '/clock/advance', { ms: 3_600_000 });
    expect((await call('GET', '/inspector/clock')).data.pending).toEqual([]);
  });
  it("agents lists the environment's agents with their links, and their replies and bridge changes newest first", async () => {
    const scope = engine.scope('Development');
    engine.operations['agents.create'](scope, { body: { name: 'Bot', identifier: 'bot' } });
    engine.operations['agents.integrations.create'](scope, {
      params: { identifier: 'bot' },
      body: { integrationIdentifier: 'twilio' },
    });
    engine.operations['agents.updateBridge'](scope, {
      params: { identifier: 'bot' },
      body: { bridgeUrl: 'https://app.acme.dev/agent' },
    });
    engine.operations['agents.sendReply'](scope, {
      params: { agentId: 'bot' },
      body: { conversationId: 'c-1', integrationIdentifier: 'twilio', reply: { markdown: 'Hi' } },
    });
    const { status, data } = await call('GET', '/inspector/agents');
    expect(status).toBe(200);
    expect(data.agents).toEqual([
      expect.objectContaining({
        identifier: 'bot',
        bridgeUrl: 'https://app.acme.dev/agent',
        integrations: [expect.objectContaining({ identifier: 'twilio' })],
      }),
    ]);
    expect(data.activity.map((entry: Json) => [entry.kind, entry.agentIdentifier])).toEqual([
      ['reply', 'bot'],
      ['bridge', 'bot'],
    ]);
    expect(data.activity[0].body).toMatchObject({
      conversationId: 'c-1',
      reply: { markdown: 'Hi' },
    });
    const other = await call('GET', '/inspector/agents?environment=Production');
    expect(other.data).toEqual({ agents: [], activity: [] });
  });
});
