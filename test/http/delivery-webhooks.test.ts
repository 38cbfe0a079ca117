// The delivery-provider webhook and its control-API twin through svc-mock's HTTP server
// (docs/behaviour/channels.md#delivery-webhooks, docs/outbox.md#delivery-events): a provider
// posts without an API key; a bounced email then shows in the message, the activity feed and
// the inspector; the control route produces exactly what the provider's payload does.
import { Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    validation: 'strict',
    maxRetries: 0,
  });
});
afterAll(() => server.close());
beforeEach(() => server.engine.reset());

// biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
type Json = any;

async function send(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Triggers the demo `welcome` workflow (in-app + SendGrid email) and answers its messages. */
async function welcome() {
  const { transactionId } = await svc.events.trigger({ name: 'welcome', to: 'demo-ada' });
  await server.engine.settle();
  const email = server.engine.outbox.last({ channel: 'email', transactionId });
  const inApp = server.engine.outbox.last({ channel: 'in_app', transactionId });
  const environment = server.engine.environment('Development');
  const sendgrid = server.engine
    .scope('Development')
    .data.integrations.find((integration) => integration.providerId === 'sendgrid');
  return {
    transactionId,
    emailId: email?.messageId ?? '',
    inAppId: inApp?.messageId ?? '',
    notificationId: email?.notificationId ?? '',
    webhookPath: `/v2/inbound-webhooks/delivery-providers/${environment._id}/${sendgrid?._id}`,
  };
}

async function expectBounceEverywhere(
  sent: Awaited<ReturnType<typeof welcome>>,
  detail: string,
): Promise<void> {
  // The message.
  const listed = await svc.messages.list({ channel: 'email', transactionId: sent.transactionId });
  expect(listed.data[0]).toMatchObject({
    _id: sent.emailId,
    status: 'error',
    errorId: 'webhook_bounced',
    errorText: detail,
  });
  // The activity feed: one more execution detail on the email's job.
  const activity = await svc.notifications.retrieve(sent.notificationId);
  const emailJob = activity.jobs?.find((job) => job.type === 'email');
  expect(emailJob?.executionDetails.at(-1)).toMatchObject({
    source: 'Webhook',
    status: 'Failed',
    detail,
    providerId: 'sendgrid',
  });
  // The inspector: the message and the run.
  const inspected = await send('GET', `/__svc/inspector/messages?channel=email`);
  expect(inspected.body.data[0]).toMatchObject({
    _id: sent.emailId,
    status: 'error',
    errorText: detail,
  });
  const run = await send('GET', `/__svc/inspector/activity?transactionId=${sent.transactionId}`);
  const [group] = run.body.data;
  expect(group.messages.find((message: Json) => message._id === sent.emailId).status).toBe('error');
  const job = group.notifications[0].jobs.find((item: Json) => item.type === 'email');
  expect(job.executionDetails.at(-1)).toMatchObject({ source: 'Webhook', detail });
}

describe('POST /v2/inbound-webhooks/delivery-providers/{environmentId}/{integrationId}', () => {
  it('takes a SendGrid bounce without an API key; it shows in the message, the feed and the inspector', async () => {
    const sent = await welcome();
    const posted = await send('POST', sent.webhookPath, [
      { id: sent.emailId, event: 'bounce', response: '550 no such user', attempt: '2' },
      { id: 'not-a-message-of-ours', event: 'bounce' },
    ]);
    expect(posted.status).toBe(200);
    expect(posted.body.data).toEqual([
      {
        id: sent.emailId,
        event: {
          status: 'bounced',
          date: expect.any(String),
          externalId: sent.emailId,
          attempts: 2,
          response: '550 no such user',
          row: expect.any(String),
        },
      },
    ]);
    await expectBounceEverywhere(sent, '550 no such user - (bounced)');
  });

  it('records a delivered event as a Success detail and leaves the message sent', async () => {
    const sent = await welcome();
    await send('POST', sent.webhookPath, { id: sent.emailId, event: 'delivered' });
    const activity = await svc.notifications.retrieve(sent.notificationId);
    const emailJob = activity.jobs?.find((job) => job.type === 'email');
    expect(emailJob?.executionDetails.at(-1)).toMatchObject({
      source: 'Webhook',
      status: 'Success',
      detail: ' - (delivered)',
    });
    const listed = await svc.messages.list({ channel: 'email', transactionId: sent.transactionId });
    expect(listed.data[0]?.status).toBe('sent');
  });

  it("answers the service's refusals and changes nothing", async () => {
    const sent = await welcome();
    const before = server.engine.snapshot();
    const unknownEnvironment = await send(
      'POST',
      '/v2/inbound-webhooks/delivery-providers/000000000000000000000000/x',
      {},
    );
    expect(unknownEnvironment.status).toBe(404);
    expect(unknownEnvironment.body.message).toBe('Integration for x was not found');
    const environmentId = server.engine.environment('Development')._id;
    const slack = server.engine
      .scope('Development')
      .data.integrations.find((integration) => integration.providerId === 'slack');
    const chat = await send(
      'POST',
      `/v2/inbound-webhooks/delivery-providers/${environmentId}/${slack?._id}`,
      {},
    );
    // The demo Slack integration has no credentials: the service checks those first.
    expect(chat.status).toBe(400);
    expect(chat.body.message).toBe(`Integration ${slack?._id} doesn't have credentials set up`);
    const text = await send('POST', sent.webhookPath, 'bounce');
    expect(text.status).toBe(400);
    const tooMany = await send(
      'POST',
      sent.webhookPath,
      Array.from({ length: 1001 }, () => ({ id: sent.emailId, event: 'bounce' })),
    );
    expect(tooMany.status).toBe(400);
    expect(server.engine.snapshot()).toEqual(before);
  });
});

describe('POST /__svc/messages/{messageId}/delivery-events', () => {
  it('produces exactly what the provider webhook does', async () => {
    const viaWebhook = await welcome();
    await send('POST', viaWebhook.webhookPath, [
      { id: viaWebhook.emailId, event: 'bounce', response: '550 gone', attempt: '1' },
    ]);
    const webhookJob = (await svc.notifications.retrieve(viaWebhook.notificationId)).jobs?.find(
      (job) => job.type === 'email',
    );

    const viaControl = await welcome();
    const reported = await send('POST', `/__svc/messages/${viaControl.emailId}/delivery-events`, {
      status: 'bounced',
      response: '550 gone',
    });
    expect(reported.status).toBe(200);
    expect(reported.body.data).toEqual([
      expect.objectContaining({
        id: viaControl.emailId,
        event: expect.objectContaining({ status: 'bounced' }),
      }),
    ]);
    await expectBounceEverywhere(viaControl, '550 gone - (bounced)');
    const controlJob = (await svc.notifications.retrieve(viaControl.notificationId)).jobs?.find(
      (job) => job.type === 'email',
    );
    const last = (job: typeof controlJob) => {
      const { _id, createdAt, raw, ...rest } = job?.executionDetails.at(-1) ?? {};
      return { rest, raw: JSON.parse(String(raw)) };
    };
    expect(last(controlJob).rest).toEqual(last(webhookJob).rest);
    expect(last(controlJob).raw).toEqual({
      ...last(webhookJob).raw,
      id: viaControl.emailId,
    });
  });

  it('refuses an unknown message, another channel, a status the provider never reports, a bad body', async () => {
    const sent = await welcome();
    const before = server.engine.snapshot();
    const unknown = await send('POST', '/__svc/messages/ffffffffffffffffffffffff/delivery-events', {
      status: 'bounced',
    });
    expect(unknown.status).toBe(404);
    const inApp = await send('POST', `/__svc/messages/${sent.inAppId}/delivery-events`, {
      status: 'bounced',
    });
    expect(inApp.status).toBe(400);
    expect(inApp.body.message).toContain('Only email and SMS messages');
    const never = await send('POST', `/__svc/messages/${sent.emailId}/delivery-events`, {
      status: 'complaint',
    });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(
      'sendgrid does not report "complaint"; it reports opened, bounced, clicked, dropped, delivered',
    );
    const bad = await send('POST', `/__svc/messages/${sent.emailId}/delivery-events`, {
      status: 'lost',
    });
    expect(bad.status).toBe(400);
    const extra = await send('POST', `/__svc/messages/${sent.emailId}/delivery-events`, {
      status: 'bounced',
      when: 'now',
    });
    expect(extra.status).toBe(400);
    expect(server.engine.snapshot()).toEqual(before);
  });
});
