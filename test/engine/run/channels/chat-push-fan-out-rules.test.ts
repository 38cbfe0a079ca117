// Chat and push steps end the same way (mock-server/engine/run/channels/delivery.ts `fanOut`,
// docs/behaviour/runs.md#sms-chat-and-push): the same channel results give the same job end, and
// an empty text reads as missing in every channel (`text`). Each case runs both steps on one
// subscriber, so the two paths cannot drift apart unnoticed.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import { activeIntegration, adaChannels } from './step-run';

function setup(subscriber: Record<string, string> = {}) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', ...subscriber }],
      integrations: [
        activeIntegration('chat', 'slack', 'slack-main'),
        activeIntegration('push', 'fcm', 'fcm-main'),
        activeIntegration('sms', 'twilio', 'twilio-main'),
      ],
      workflows: ['chat', 'push', 'sms'].map((type) => ({
        workflowId: `${type}-news`,
        steps: [{ type: type as 'chat', name: type, controlValues: { body: 'Hello' } }],
      })),
    },
  });
  const context = engine.scope('Development');
  const { register, deactivate } = adaChannels(engine, context);
  const end = (type: 'chat' | 'push' | 'sms') => {
    const transactionId = `tx-${context.data.notifications.length + 1}`;
    engine.operations['events.trigger'](context, {
      body: { name: `${type}-news`, to: 'ada', transactionId },
    });
    const job = context.data.notifications.find((item) => item.transactionId === transactionId)
      ?.jobs[0];
    return { status: job?.status, last: job?.executionDetails.at(-1)?.detail };
  };
  return { register, deactivate, end };
}

describe('chat and push steps: one fan-out', () => {
  it('without any channel both fail with Subscriber does not have a configured channel', () => {
    const { end } = setup();
    const expected = { status: 'failed', last: 'Subscriber does not have a configured channel' };
    expect(end('chat')).toEqual(expected);
    expect(end('push')).toEqual(expected);
  });

  it('channels that are only skipped (no webhook URL, no device tokens) cancel both', () => {
    const { register, end } = setup();
    register('slack', { channel: '#general' });
    register('fcm', { deviceTokens: [] });
    expect(end('chat').status).toBe('canceled');
    expect(end('push').status).toBe('canceled');
  });

  it('channels that all fail fail both, each with its own closing detail', () => {
    const { register, deactivate, end } = setup();
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    register('fcm', { deviceTokens: ['t1'] });
    deactivate('slack-main');
    deactivate('fcm-main');
    expect(end('chat')).toEqual({
      status: 'failed',
      last: 'All chat channels failed to send the message',
    });
    expect(end('push')).toEqual({
      status: 'failed',
      last: 'There was one or more errors when trying to execute the notification',
    });
  });

  it('one delivered channel completes both', () => {
    const { register, end } = setup();
    register('slack', { webhookUrl: 'https://hooks.example.com/1' });
    register('fcm', { deviceTokens: ['t1'] });
    expect(end('chat').status).toBe('completed');
    expect(end('push').status).toBe('completed');
  });
});

describe('chat and sms steps: an empty phone is no phone', () => {
  it('an empty phone adds no WhatsApp channel and leaves the sms without an address', () => {
    const { end } = setup({ phone: '' });
    expect(end('chat')).toEqual({
      status: 'failed',
      last: 'Subscriber does not have a configured channel',
    });
    expect(end('sms')).toEqual({ status: 'canceled', last: 'Subscriber missing phone number' });
  });
});
