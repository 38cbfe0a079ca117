// svc.events.trigger (docs/behaviour/events.md#trigger) through the real client against the engine, strict validation: every
// trigger status as the user sees it, the errors, and what a processed trigger leaves behind.
import {
  BadRequestError,
  SvcValidationError,
  type TriggerBody,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client, mock } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada', email: 'ada@acme.com' },
      { subscriberId: 'grace', firstName: 'Grace', email: 'grace@acme.com' },
      { subscriberId: 'linus', firstName: 'Linus' },
    ],
    topics: [{ key: 'news', subscribers: ['ada', 'grace', 'linus'] }],
    tenants: [{ identifier: 'acme', name: 'Acme' }],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: 'Welcome {{payload.plan}}', body: 'Plan {{payload.plan}}' },
          },
        ],
      },
      { workflowId: 'paused', active: false, steps: [{ type: 'in_app', name: 'Inbox' }] },
      { workflowId: 'empty' },
      { workflowId: 'all-off', steps: [{ type: 'in_app', name: 'Inbox', active: false }] },
      {
        workflowId: 'checked',
        validatePayload: true,
        payloadSchema: {
          type: 'object',
          properties: { plan: { type: 'string' }, seats: { type: 'integer', default: 1 } },
          required: ['plan'],
        },
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: '{{payload.seats}}' } }],
      },
    ],
  },
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The notifications of one transaction, as the user lists them. */
async function notificationsOf(transactionId: string) {
  return client().notifications.list({ transactionId }).toArray({ limit: 50 });
}

describe('events.trigger: processed', () => {
  it('answers processed with a UUID transactionId and runs one notification per recipient', async () => {
    const result = await client().events.trigger({
      name: 'welcome',
      to: ['ada', { subscriberId: 'grace', lastName: 'Hopper' }],
      payload: { plan: 'pro' },
    });
    expect(result).toMatchObject({ acknowledged: true, status: 'processed' });
    expect(result.transactionId).toMatch(UUID_V4);
    expect(result['activityFeedLink']).toContain(engine.environment('Development')._id);

    const notifications = await notificationsOf(result.transactionId);
    expect(notifications.map((n) => n.subscriber?.subscriberId).sort()).toEqual(['ada', 'grace']);
    for (const notification of notifications) {
      expect(notification.channels).toEqual(['in_app', 'email']);
      expect(notification.payload).toEqual({ plan: 'pro' });
      expect(notification.jobs?.map((job) => [job.type, job.status])).toEqual([
        ['in_app', 'completed'],
        ['email', 'completed'],
      ]);
    }
    expect(engine.outbox.last({ channel: 'email', subscriberId: 'ada' })).toMatchObject({
      subject: 'Welcome pro',
    });
    // A subscriber definition in `to` updates the stored subscriber.
    expect(await client().subscribers.retrieve('grace')).toMatchObject({ lastName: 'Hopper' });
  });

  it('creates an unknown subscriber named by id, and keeps the given transactionId', async () => {
    const result = await client().events.trigger({
      name: 'welcome',
      to: 'newcomer',
      transactionId: 'order-42',
    });
    expect(result).toEqual({
      acknowledged: true,
      status: 'processed',
      transactionId: 'order-42',
      activityFeedLink: expect.any(String),
    });
    expect(await client().subscribers.retrieve('newcomer')).toMatchObject({
      subscriberId: 'newcomer',
    });
    const [notification] = await notificationsOf('order-42');
    // No email address: the email job is canceled, the in-app one still delivers.
    expect(notification?.jobs?.map((job) => [job.type, job.status])).toEqual([
      ['in_app', 'completed'],
      ['email', 'canceled'],
    ]);
  });

  it('fans a topic out to its subscribers, minus the excluded ones and the actor', async () => {
    const result = await client().events.trigger({
      name: 'welcome',
      to: [{ type: 'Topic', topicKey: 'news', exclude: ['linus'] }],
      actor: 'grace',
    });
    expect(result.status).toBe('processed');
    const notifications = await notificationsOf(result.transactionId);
    expect(notifications.map((n) => n.subscriber?.subscriberId)).toEqual(['ada']);
    expect(notifications[0]?.topics).toEqual([{ _topicId: expect.any(String), topicKey: 'news' }]);
  });

  it('sends once to a subscriber named both directly and through a topic', async () => {
    const result = await client().events.trigger({
      name: 'welcome',
      to: ['ada', { type: 'Topic', topicKey: 'news' }, { subscriberId: 'ada' }],
      overrides: { severity: 'high' },
    });
    const notifications = await notificationsOf(result.transactionId);
    expect(notifications.map((n) => n.subscriber?.subscriberId).sort()).toEqual([
      'ada',
      'grace',
      'linus',
    ]);
    // overrides.severity wins over the workflow's severity.
    expect(notifications.map((n) => n.severity)).toEqual(['high', 'high', 'high']);
    expect(engine.outbox.count({ channel: 'in_app', subscriberId: 'ada' })).toBe(1);
  });

  it('applies the payload schema defaults when the workflow validates its payload', async () => {
    const result = await client().events.trigger({
      name: 'checked',
      to: 'ada',
      payload: { plan: 'team' },
    });
    const [notification] = await notificationsOf(result.transactionId ?? '');
    expect(notification?.payload).toEqual({ plan: 'team', seats: 1 });
  });
});

describe('events.trigger: accepted but not processed', () => {
  const statusOf = async (body: TriggerBody) => {
    const result = await client().events.trigger(body);
    expect(result.acknowledged).toBe(true);
    // Nothing ran: no notification for that transaction.
    expect(await notificationsOf(result.transactionId ?? '')).toEqual([]);
    expect(engine.outbox.count()).toBe(0);
    return result;
  };

  it('answers trigger_not_active for an inactive workflow', async () => {
    expect((await statusOf({ name: 'paused', to: 'ada' })).status).toBe('trigger_not_active');
  });

  it('answers no_workflow_steps_defined for a workflow without steps', async () => {
    expect((await statusOf({ name: 'empty', to: 'ada' })).status).toBe('no_workflow_steps_defined');
  });

  it('answers no_workflow_active_steps_defined when every step is inactive', async () => {
    expect((await statusOf({ name: 'all-off', to: 'ada' })).status).toBe(
      'no_workflow_active_steps_defined',
    );
  });

  it('answers no_tenant_found for an unknown tenant, by identifier or object', async () => {
    expect((await statusOf({ name: 'welcome', to: 'ada', tenant: 'ghost' })).status).toBe(
      'no_tenant_found',
    );
    expect(
      (await statusOf({ name: 'welcome', to: 'ada', tenant: { identifier: 'ghost' } })).status,
    ).toBe('no_tenant_found');
  });

  it('answers invalid_recipients when not one recipient is usable', async () => {
    const result = await statusOf({
      name: 'welcome',
      to: ['not valid!', 'also bad?'],
      actor: { subscriberId: 'new-actor', firstName: 'Nobody' },
    });
    expect(result.status).toBe('invalid_recipients');
    // Nothing ran: neither the dropped ids nor the actor were created as subscribers.
    const ids = (await client().subscribers.search().toArray({ limit: 100 })).map(
      (s) => s.subscriberId,
    );
    expect(ids.sort()).toEqual(['ada', 'grace', 'linus']);
  });

  it('answers error for a duplicate transactionId, and sends nothing twice', async () => {
    const first = await client().events.trigger({
      name: 'welcome',
      to: 'ada',
      transactionId: 'once',
    });
    expect(first.status).toBe('processed');
    const sent = engine.outbox.count();
    const again = await client().events.trigger({
      name: 'welcome',
      to: ['ada', 'grace'],
      transactionId: 'once',
    });
    expect(again).toEqual({
      acknowledged: true,
      status: 'error',
      transactionId: 'once',
      error: [
        'transactionId property is not unique, please make sure all triggers have a unique transactionId',
      ],
    });
    expect(engine.outbox.count()).toBe(sent);
    expect(await notificationsOf('once')).toHaveLength(1);
  });

  it('keeps transactionIds per environment: Production may reuse a Development one', async () => {
    engine.seed({
      environment: 'Production',
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }],
    });
    await client().events.trigger({ name: 'welcome', to: 'ada', transactionId: 'shared' });
    const production = await client('Production').events.trigger({
      name: 'welcome',
      to: 'ada',
      transactionId: 'shared',
    });
    expect(production.status).toBe('processed');
  });
});

describe('events.trigger: rejected', () => {
  it('answers an unknown workflow with UnprocessableEntityError workflow_not_found', async () => {
    const error = await rejection(client().events.trigger({ name: 'WELCOME', to: 'ada' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).message).toBe('workflow_not_found');
    expect((error as UnprocessableEntityError).status).toBe(422);
  });

  it('answers a payload the workflow schema refuses with BadRequestError', async () => {
    const error = await rejection(
      client().events.trigger({ name: 'checked', to: 'ada', payload: { plan: 3 } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      'Payload validation failed: plan: must be string',
    );
    expect((error as BadRequestError).body).toMatchObject({ type: 'PAYLOAD_VALIDATION_ERROR' });
    expect(await notificationsOf('')).toEqual([]);
  });

  it('answers a workflow of another environment as not found', async () => {
    const error = await rejection(
      client('Production').events.trigger({ name: 'welcome', to: 'ada' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
  });

  it('rejects a body without recipients in the client, before sending', async () => {
    const error = await rejection(
      client().events.trigger({ name: 'welcome' } as unknown as TriggerBody),
    );
    expect(error).toBeInstanceOf(SvcValidationError);
  });
});

describe('events.trigger: one body rule for the client and the engine', () => {
  // The client and the engine check the trigger body with the same schema, so a body the client
  // sends is one the engine accepts and the other way round (docs/behaviour/events.md#trigger).
  const bodies: { body: unknown; valid: boolean }[] = [
    { body: { name: 'welcome', to: 'ada' }, valid: true },
    { body: { name: '', to: 'ada' }, valid: true },
    { body: { name: 'welcome', to: 42 }, valid: true },
    { body: { name: 'welcome', to: [{ subscriberId: '' }] }, valid: true },
    {
      body: { name: 'welcome', to: 'ada', actor: 'ada', tenant: { name: 'Nameless' } },
      valid: true,
    },
    { body: { name: 7, to: 'ada' }, valid: false },
    { body: { name: 'welcome' }, valid: false },
    { body: { name: 'welcome', to: 'ada', payload: [] }, valid: false },
    { body: { name: 'welcome', to: 'ada', actor: { firstName: 'A' } }, valid: false },
    { body: { name: 'welcome', to: 'ada', tenant: 3 }, valid: false },
    { body: { name: 'welcome', to: 'ada', transactionId: 5 }, valid: false },
    { body: { name: 'welcome', to: 'ada', context: { 'a b': 'x y' } }, valid: false },
  ];

  it.each(bodies)(
    '$body: sent by the client and accepted by the engine alike',
    async ({ body, valid }) => {
      const sent = await client()
        .events.trigger(body as TriggerBody)
        .then(
          (result) => ({ status: result.status }),
          (error: unknown) => ({ error }),
        );
      if (valid) {
        // Accepted by both: a status, or the service's answer to an unknown workflow.
        if ('error' in sent) {
          expect(sent.error).toBeInstanceOf(UnprocessableEntityError);
          expect((sent.error as UnprocessableEntityError).message).toBe('workflow_not_found');
        }
      } else {
        expect('error' in sent && sent.error).toBeInstanceOf(SvcValidationError);
      }
      const raw = await mock.fetch('https://api.svc.co/v1/events/trigger', {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${engine.environment('Development').apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const answer = (await raw.json()) as { message?: unknown };
      expect(raw.status === 422 && answer.message !== 'workflow_not_found').toBe(!valid);
    },
  );

  it('answers invalid_recipients for recipients the service cannot use, rather than a 422', async () => {
    expect(
      (await client().events.trigger({ name: 'welcome', to: [{ subscriberId: '' }] })).status,
    ).toBe('invalid_recipients');
  });
});

describe('events.trigger: idempotency', () => {
  it('replays a trigger sent again with the same idempotency key, running it once', async () => {
    const svc = client();
    const body = { name: 'welcome', to: 'ada' };
    const first = await svc.events.trigger(body, { idempotencyKey: 'trigger-1' });
    const replay = await svc.events.trigger(body, { idempotencyKey: 'trigger-1' }).withResponse();
    expect(replay.response.headers.get('idempotency-replay')).toBe('true');
    expect(replay.data).toEqual(first);
    expect(await notificationsOf(first.transactionId ?? '')).toHaveLength(1);
  });
});
