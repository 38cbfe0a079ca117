// The demo data `npm start` serves: every workflow runs as its name promises.
import { demoSeed } from '@svc/api/mock';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({ hooks: { beforeAll, afterEach, afterAll }, seed: demoSeed });

describe('demo seed', () => {
  it('has the workflows, integrations and topics the docs list', async () => {
    const svc = mock.client();
    const { data: workflows } = await svc.workflows.list({});
    expect(workflows.map((workflow) => workflow.workflowId).sort()).toEqual([
      'comment-digest',
      'order-shipped',
      'trial-ending',
      'welcome',
    ]);
    expect(workflows.every((workflow) => workflow.status === 'ACTIVE')).toBe(true);
    const primary = (await svc.integrations.list()).filter((integration) => integration.primary);
    expect(primary.map((integration) => integration.providerId)).toEqual(
      expect.arrayContaining(['sendgrid', 'twilio']),
    );
    const subscriptions = await svc.subscribers.subscriptions.list('demo-alan', {});
    expect(subscriptions.data.map((entry) => entry.topic.key)).toEqual(['beta-testers']);
  });

  it('welcomes with the payload schema default when the trigger gives no plan', async () => {
    await mock.client().events.trigger({ name: 'welcome', to: 'demo-ada' });
    expect(mock.engine.outbox.last({ channel: 'email' })?.subject).toBe('Welcome to pro');
  });

  it('digests comments, then delivers one in-app and one email', async () => {
    const svc = mock.client();
    for (const author of ['Grace', 'Alan']) {
      await svc.events.trigger({
        name: 'comment-digest',
        to: 'demo-ada',
        payload: { postId: 'p1', postTitle: 'Engines', author },
      });
    }
    expect(mock.engine.outbox.count()).toBe(0);
    await mock.engine.settle({ skipTime: true });
    const [inApp, email] = mock.engine.outbox.list();
    expect(inApp).toMatchObject({ channel: 'in_app', content: '2 new comment(s) on Engines' });
    expect(email).toMatchObject({ channel: 'email', providerId: 'sendgrid' });
    expect(email?.content).toContain('Grace, Alan commented.');
  });

  it('delays the trial reminder by a day; ships orders by in-app and sms', async () => {
    const svc = mock.client();
    await svc.events.trigger({ name: 'trial-ending', to: 'demo-ada' });
    expect(mock.engine.outbox.list().map((entry) => entry.channel)).toEqual(['in_app']);
    mock.engine.clock.advance('23h');
    expect(mock.engine.outbox.list().map((entry) => entry.channel)).toEqual(['in_app']);
    mock.engine.clock.advance('1h');
    expect(mock.engine.outbox.last()).toMatchObject({
      channel: 'email',
      subject: 'Your trial ends tomorrow',
    });

    await svc.events.trigger({
      name: 'order-shipped',
      to: 'demo-ada',
      payload: { orderId: 'A-1' },
    });
    expect(mock.engine.outbox.list({ workflowId: 'order-shipped' })).toMatchObject([
      { channel: 'in_app', content: 'Order A-1 is on its way.' },
      {
        channel: 'sms',
        providerId: 'twilio',
        phone: '+15550100001',
        content: 'Order A-1 shipped.',
      },
    ]);
  });
});
