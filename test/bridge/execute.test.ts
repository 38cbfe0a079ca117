// Each step of a code-first run goes through the app's bridge (action=execute), and its outputs
// are delivered as the service maps them.
import { createHmac } from 'node:crypto';
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { type CodeFirstSetup, codeFirst } from './helpers';

const ADA = {
  subscriberId: 'ada',
  firstName: 'Ada',
  email: 'ada@example.com',
  phone: '+15550001',
};

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const welcome = workflow(
  'welcome',
  async ({ step, payload, subscriber }) => {
    await step.inApp(
      'inbox',
      async (controls) => ({
        subject: controls.subject,
        body: `Hi ${subscriber.firstName}, ${payload.name} joined`,
        avatar: 'https://example.com/a.png',
        primaryAction: { label: 'Open', redirect: { url: '/team' } },
        redirect: { url: 'https://example.com/team' },
        data: { team: payload.name },
      }),
      { controlSchema: z.object({ subject: z.string().default('Welcome') }) },
    );
    await step.email(
      'mail',
      async (controls) => ({
        subject: `${controls.prefix} ${payload.name}`,
        body: `<p>Welcome ${payload.name}</p>`,
      }),
      {
        controlSchema: z.object({ prefix: z.string().default('[Team]') }),
      },
    );
  },
  { payloadSchema: z.object({ name: z.string() }) },
);

describe('bridge execute', () => {
  it('delivers an in-app and an email step from the bridge outputs, signed, with the state of earlier steps', async () => {
    setup = await codeFirst([welcome], { subscribers: [ADA] });
    const { svc, server, bridge } = setup;
    const answer = await svc.events.trigger({
      name: 'welcome',
      to: 'ada',
      payload: { name: 'Bo' },
    });
    await server.engine.settle();

    const inApp = server.engine.outbox.list({ channel: 'in_app' });
    expect(inApp).toHaveLength(1);
    expect(inApp[0]).toMatchObject({
      subscriberId: 'ada',
      workflowId: 'welcome',
      transactionId: answer.transactionId,
      subject: 'Welcome',
      content: 'Hi Ada, Bo joined',
    });
    const message = server.engine
      .scope('Development')
      .data.messages.find((m) => m.channel === 'in_app');
    expect(message).toMatchObject({
      avatar: 'https://example.com/a.png',
      data: { team: 'Bo' },
      cta: {
        type: 'redirect',
        data: { url: 'https://example.com/team', target: '_blank' },
        action: { buttons: [{ type: 'primary', content: 'Open', url: '/team', target: '_self' }] },
      },
    });
    const email = server.engine.outbox.list({ channel: 'email' });
    expect(email).toHaveLength(1);
    expect(email[0]).toMatchObject({
      subject: '[Team] Bo',
      content: '<p>Welcome Bo</p>',
      email: 'ada@example.com',
    });

    const executes = bridge.received.filter((request) => request.action === 'execute');
    expect(executes.map((request) => [request.stepId, request.status])).toEqual([
      ['inbox', 200],
      ['mail', 200],
    ]);
    const secretKey = server.engine.environment('Development').apiKey;
    for (const request of executes) {
      const [, t, v1] = /^t=(\d+),v1=(\w+)$/.exec(request.signature ?? '') ?? [];
      expect(v1).toBe(
        createHmac('sha256', secretKey)
          .update(`${t}.${JSON.stringify(request.body)}`)
          .digest('hex'),
      );
    }
    expect(executes[0]?.body).toMatchObject({
      payload: { name: 'Bo' },
      controls: {},
      subscriber: { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
      state: [],
    });
    expect(executes[1]?.body['state']).toEqual([
      {
        stepId: 'inbox',
        outputs: { seen: false, read: false, lastSeenDate: null, lastReadDate: null },
        state: { status: 'completed' },
      },
    ]);

    // The activity feed shows the run completed.
    const { data: notifications } = await svc.notifications.list({
      transactionId: answer.transactionId,
    });
    expect(notifications[0]?.jobs?.map((job) => [job.type, job.status])).toEqual([
      ['in_app', 'completed'],
      ['email', 'completed'],
    ]);
  });
});
