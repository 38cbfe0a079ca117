// End-to-end through the client in mock mode: trigger statuses, payload schema, recipients.
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const inbox = {
  type: 'in_app' as const,
  name: 'Inbox',
  controlValues: { body: 'Hi {{subscriber.firstName}}' },
};

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [
      { subscriberId: 'ada', firstName: 'Ada' },
      { subscriberId: 'bob', firstName: 'Bob' },
      { subscriberId: 'cy', firstName: 'Cy' },
    ],
    topics: [{ key: 'team', subscribers: ['ada', 'bob', 'cy'] }],
    tenants: [{ identifier: 'acme', name: 'Acme' }],
    workflows: [
      { workflowId: 'hello', steps: [inbox], tags: ['t1'] },
      { workflowId: 'off', active: false, steps: [inbox] },
      { workflowId: 'empty', steps: [] },
      { workflowId: 'inactive-steps', steps: [{ ...inbox, active: false }] },
      {
        workflowId: 'typed',
        steps: [inbox],
        validatePayload: true,
        payloadSchema: {
          type: 'object',
          required: ['orderId'],
          properties: {
            orderId: { type: 'string' },
            currency: { type: 'string', default: 'EUR' },
          },
        },
      },
    ],
  },
});

const svc = () => mock.client('Development', { maxRetries: 0 });

describe('trigger answers', () => {
  it('answers processed with a UUID v4 transactionId and the activity link, and stamps lastTriggeredAt', async () => {
    const result = await svc().events.trigger({ name: 'hello', to: 'ada' });
    expect(result).toMatchObject({ acknowledged: true, status: 'processed' });
    expect(result.transactionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const page = await svc().workflows.list({ query: 'hello' });
    expect(page.data[0]?.lastTriggeredAt).toBe(mock.engine.clock.iso());
  });

  it('answers 422 workflow_not_found for an unknown workflow', async () => {
    await expect(svc().events.trigger({ name: 'nope', to: 'ada' })).rejects.toMatchObject({
      status: 422,
      body: expect.objectContaining({
        message: 'workflow_not_found',
        error: 'Unprocessable Entity',
      }),
    });
  });

  it.each([
    ['off', 'trigger_not_active'],
    ['empty', 'no_workflow_steps_defined'],
    ['inactive-steps', 'no_workflow_active_steps_defined'],
  ])('answers 201 for %s with status %s and delivers nothing', async (name, status) => {
    const result = await svc().events.trigger({ name, to: 'ada' });
    expect(result.status).toBe(status);
    expect(mock.engine.outbox.count()).toBe(0);
    expect((await svc().notifications.list()).data).toHaveLength(0);
  });

  it('answers no_tenant_found for an unknown tenant and updates a known one', async () => {
    expect((await svc().events.trigger({ name: 'hello', to: 'ada', tenant: 'ghost' })).status).toBe(
      'no_tenant_found',
    );
    const result = await svc().events.trigger({
      name: 'hello',
      to: 'ada',
      tenant: { identifier: 'acme', name: 'Acme Corp' },
    });
    expect(result.status).toBe('processed');
  });

  it('answers invalid_recipients when no recipient is usable', async () => {
    const result = await svc().events.trigger({ name: 'hello', to: ['bad id!', 'also bad'] });
    expect(result.status).toBe('invalid_recipients');
  });

  it('answers error for a duplicate transactionId and sends nothing twice', async () => {
    const first = await svc().events.trigger({ name: 'hello', to: 'ada', transactionId: 'tx-1' });
    expect(first.status).toBe('processed');
    const second = await svc().events.trigger({ name: 'hello', to: 'bob', transactionId: 'tx-1' });
    expect(second).toMatchObject({
      acknowledged: true,
      status: 'error',
      error: [
        'transactionId property is not unique, please make sure all triggers have a unique transactionId',
      ],
    });
    expect(mock.engine.outbox.list({ transactionId: 'tx-1' }).map((m) => m.subscriberId)).toEqual([
      'ada',
    ]);
  });
});

describe('payload schema', () => {
  it('rejects an invalid payload with the PAYLOAD_VALIDATION_ERROR shape', async () => {
    await expect(
      svc().events.trigger({ name: 'typed', to: 'ada', payload: { orderId: 5 } }),
    ).rejects.toMatchObject({
      status: 400,
      body: expect.objectContaining({
        message: 'Payload validation failed: orderId: must be string',
        type: 'PAYLOAD_VALIDATION_ERROR',
        errors: [expect.objectContaining({ field: 'orderId', message: 'must be string' })],
      }),
    });
    await expect(
      svc().events.trigger({ name: 'typed', to: 'ada', payload: {} }),
    ).rejects.toMatchObject({
      status: 400,
      body: expect.objectContaining({
        message: "Payload validation failed: root.orderId: must have required property 'orderId'",
      }),
    });
  });

  it('applies schema defaults to the stored payload', async () => {
    const { transactionId } = await svc().events.trigger({
      name: 'typed',
      to: 'ada',
      payload: { orderId: 'o-1' },
    });
    const [activity] = (await svc().notifications.list({ transactionId: transactionId ?? '' }))
      .data;
    expect(activity?.payload).toEqual({ orderId: 'o-1', currency: 'EUR' });
  });
});

describe('recipients', () => {
  it('creates and updates subscribers from definitions, data replaced', async () => {
    await svc().events.trigger({
      name: 'hello',
      to: [{ subscriberId: 'new-1', firstName: 'Neo', email: 'neo@example.com', data: { a: '1' } }],
    });
    expect(await svc().subscribers.retrieve('new-1')).toMatchObject({
      firstName: 'Neo',
      data: { a: '1' },
    });
    await svc().events.trigger({
      name: 'hello',
      to: { subscriberId: 'new-1', lastName: 'One', data: { b: '2' } },
    });
    expect(await svc().subscribers.retrieve('new-1')).toMatchObject({
      firstName: 'Neo',
      lastName: 'One',
      data: { b: '2' },
    });
    expect(mock.engine.outbox.last({ subscriberId: 'new-1' })?.content).toBe('Hi Neo');
  });

  it('fans a topic out minus exclude and minus the actor, de-duplicated with direct recipients', async () => {
    const result = await svc().events.trigger({
      name: 'hello',
      to: [{ type: 'Topic', topicKey: 'team', exclude: ['cy'] }, 'bob', 'bob'],
      actor: 'ada',
    });
    const delivered = mock.engine.outbox.list({ transactionId: result.transactionId ?? '' });
    expect(delivered.map((m) => m.subscriberId).sort()).toEqual(['bob']);
    const page = await svc().notifications.list({ topicKey: 'team' });
    expect(page.data.map((activity) => activity.subscriber?.subscriberId)).toEqual(['bob']);
  });

  it('upserts an actor object and exposes it to templates', async () => {
    mock.engine.seed({
      workflows: [
        {
          workflowId: 'actor',
          steps: [
            { type: 'in_app', name: 'I', controlValues: { body: '{{actor.firstName}} did it' } },
          ],
        },
      ],
    });
    await svc().events.trigger({
      name: 'actor',
      to: 'bob',
      actor: { subscriberId: 'zed', firstName: 'Zed' },
    });
    expect(mock.engine.outbox.last({ subscriberId: 'bob' })?.content).toBe('Zed did it');
    expect((await svc().subscribers.retrieve('zed')).firstName).toBe('Zed');
  });
});
