// Code-first runs through the bridge: provider overrides, skip, custom outputs feeding a later
// step, delay and digest on the engine's clock, throttle.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { type CodeFirstSetup, codeFirst } from './helpers';

const ADA = { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' };

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const executes = (s: CodeFirstSetup, stepId?: string) =>
  s.bridge.received.filter(
    (request) =>
      request.action === 'execute' && (stepId === undefined || request.stepId === stepId),
  );

describe('code-first runs', () => {
  it("merges a step's provider overrides into its delivery", async () => {
    const flow = workflow('mail', async ({ step }) => {
      await step.email('mail', async () => ({ subject: 'S', body: '<p>B</p>' }), {
        providers: {
          sendgrid: async () => ({
            _passthrough: { body: { ip_pool_name: 'transactional' }, headers: { 'X-Pool': 'tx' } },
          }),
        },
      });
    });
    setup = await codeFirst([flow], { subscribers: [ADA] });
    await setup.svc.integrations.create({ providerId: 'sendgrid', channel: 'email', active: true });
    const sendgrid = setup.server.engine
      .scope('Development')
      .data.integrations.find((integration) => integration.providerId === 'sendgrid');
    await setup.svc.integrations.setPrimary(sendgrid?._id ?? '');
    await setup.svc.events.trigger({ name: 'mail', to: 'ada' });
    await setup.server.engine.settle();
    const [email] = setup.server.engine.outbox.list({ channel: 'email' });
    expect(email).toMatchObject({ providerId: 'sendgrid', headers: { 'X-Pool': 'tx' } });
    const message = setup.server.engine
      .scope('Development')
      .data.messages.find((m) => m.channel === 'email');
    expect(message?.overrides).toMatchObject({ ip_pool_name: 'transactional' });
  });

  it('skips a step the bridge skips, and the run goes on', async () => {
    const flow = workflow(
      'skippy',
      async ({ step, payload }) => {
        await step.inApp('maybe', async () => ({ body: 'not sent' }), {
          skip: () => payload.quiet,
        });
        await step.sms('text', async () => ({ body: 'sent' }));
      },
      { payloadSchema: z.object({ quiet: z.boolean() }) },
    );
    setup = await codeFirst([flow], { subscribers: [ADA] });
    const { transactionId } = await setup.svc.events.trigger({
      name: 'skippy',
      to: 'ada',
      payload: { quiet: true },
    });
    await setup.server.engine.settle();
    expect(setup.server.engine.outbox.list({ channel: 'in_app' })).toEqual([]);
    expect(setup.server.engine.outbox.list({ channel: 'sms' }).map((m) => m.content)).toEqual([
      'sent',
    ]);
    const { data } = await setup.svc.notifications.list({ transactionId });
    const jobs = data[0]?.jobs ?? [];
    expect(jobs.map((job) => [job.type, job.status])).toEqual([
      ['in_app', 'skipped'],
      ['sms', 'completed'],
    ]);
    expect(jobs[0]?.executionDetails?.map((detail) => detail.detail)).toContain(
      'Step was skipped based on steps conditions',
    );
    // The framework gave the next step the skipped one's state.
    expect(executes(setup, 'text')[0]?.body['state']).toEqual([
      {
        stepId: 'maybe',
        outputs: { seen: false, read: false, lastSeenDate: null, lastReadDate: null },
        state: { status: 'skipped' },
      },
    ]);
  });

  it("feeds a custom step's outputs to a later SMS", async () => {
    const flow = workflow('lookup', async ({ step }) => {
      const order = await step.custom('fetch-order', async () => ({ code: 'A-42', total: 3 }), {
        outputSchema: z.object({ code: z.string(), total: z.number() }),
      });
      await step.sms('text', async () => ({ body: `Order ${order.code} (${order.total})` }));
    });
    setup = await codeFirst([flow], { subscribers: [ADA] });
    await setup.svc.events.trigger({ name: 'lookup', to: 'ada' });
    await setup.server.engine.settle();
    expect(setup.server.engine.outbox.list({ channel: 'sms' })[0]).toMatchObject({
      content: 'Order A-42 (3)',
      phone: '+15550001',
    });
    expect(executes(setup, 'text')[0]?.body['state']).toEqual([
      {
        stepId: 'fetch-order',
        outputs: { code: 'A-42', total: 3 },
        state: { status: 'completed' },
      },
    ]);
  });

  it("waits a delay the bridge answers on the engine's clock", async () => {
    const flow = workflow('later', async ({ step }) => {
      const waited = await step.delay('wait', async () => ({ amount: 2, unit: 'hours' }));
      await step.inApp('inbox', async () => ({ body: `after ${waited.duration} ms` }));
    });
    setup = await codeFirst([flow], { subscribers: [ADA] });
    const engine = setup.server.engine;
    await setup.svc.events.trigger({ name: 'later', to: 'ada' });
    await engine.settle();
    expect(engine.outbox.list()).toEqual([]);
    engine.clock.advance('1h');
    await engine.settle();
    expect(engine.outbox.list()).toEqual([]);
    engine.clock.advance('1h');
    await engine.settle();
    expect(engine.outbox.list({ channel: 'in_app' }).map((m) => m.content)).toEqual([
      'after 7200000 ms',
    ]);
  });

  it('digests two events and gives the next step the events in state', async () => {
    const flow = workflow(
      'activity',
      async ({ step }) => {
        const digest = await step.digest('batch', async () => ({ amount: 10, unit: 'minutes' }));
        await step.email('summary', async () => ({
          subject: `${digest.events.length} updates`,
          body: digest.events.map((event) => `<p>${event.payload['what']}</p>`).join(''),
        }));
      },
      { payloadSchema: z.object({ what: z.string() }) },
    );
    setup = await codeFirst([flow], { subscribers: [ADA] });
    const engine = setup.server.engine;
    await setup.svc.events.trigger({ name: 'activity', to: 'ada', payload: { what: 'one' } });
    await engine.settle();
    engine.clock.advance('1m');
    await setup.svc.events.trigger({ name: 'activity', to: 'ada', payload: { what: 'two' } });
    await engine.settle();
    expect(engine.outbox.list()).toEqual([]);
    engine.clock.advance('10m');
    await engine.settle();
    const emails = engine.outbox.list({ channel: 'email' });
    expect(emails.map((m) => [m.subject, m.content])).toEqual([
      ['2 updates', '<p>one</p><p>two</p>'],
    ]);
    const state = executes(setup, 'summary')[0]?.body['state'] as {
      outputs: { events: { id: string; time: string; payload: unknown }[] };
    }[];
    expect(state[0]?.outputs.events.map((event) => event.payload)).toEqual([
      { what: 'one' },
      { what: 'two' },
    ]);
    expect(state[0]?.outputs.events.every((e) => typeof e.id === 'string' && e.time !== '')).toBe(
      true,
    );
  });
});
