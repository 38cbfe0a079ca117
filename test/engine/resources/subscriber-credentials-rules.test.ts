// Deleting a subscriber's credentials directly through the engine
// (mock-server/engine/resources/subscriber-credentials.ts, docs/behaviour/subscribers.md#credentials):
// every entry of the provider goes, the others stay, an unknown subscriber is a 404.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';
import { contextOf } from '../helpers';

function setup() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      integrations: [
        { providerId: 'fcm', channel: 'push', identifier: 'fcm-a', active: true },
        { providerId: 'fcm', channel: 'push', identifier: 'fcm-b', active: true },
        { providerId: 'slack', channel: 'chat', identifier: 'slack-a', active: true },
      ],
    },
  });
  const upsert = (body: unknown) =>
    engine.operations['subscribers.credentials.upsert'](contextOf(engine), {
      params: { subscriberId: 'ada' },
      body: body,
    });
  upsert({
    providerId: 'fcm',
    integrationIdentifier: 'fcm-a',
    credentials: { deviceTokens: ['a'] },
  });
  upsert({
    providerId: 'fcm',
    integrationIdentifier: 'fcm-b',
    credentials: { deviceTokens: ['b'] },
  });
  upsert({ providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com/s' } });
  const stored = () =>
    engine.operations['subscribers.retrieve'](contextOf(engine), {
      params: { subscriberId: 'ada' },
    });
  return { engine, stored };
}

describe('subscriber credentials: delete', () => {
  it('removes every entry of the provider, whatever its integration, and stamps updatedAt', () => {
    const { engine, stored } = setup();
    engine.clock.advance('1m');
    engine.operations['subscribers.credentials.delete'](contextOf(engine), {
      params: { subscriberId: 'ada', providerId: 'fcm' },
    });
    const after = stored();
    expect(after.channels.map((channel) => channel.providerId)).toEqual(['slack']);
    expect(after.channels[0]?.credentials).toEqual({ webhookUrl: 'https://hooks.example.com/s' });
    expect(after.updatedAt).toBe(engine.clock.iso());
  });

  it('a provider without entries changes nothing, updatedAt included', () => {
    const { engine, stored } = setup();
    const before = stored();
    engine.clock.advance('1m');
    engine.operations['subscribers.credentials.delete'](contextOf(engine), {
      params: { subscriberId: 'ada', providerId: 'apns' },
    });
    expect(stored()).toEqual(before);
  });

  it('an unknown subscriber is a 404 "Subscriber not found for id nobody"', () => {
    const { engine } = setup();
    let error: unknown;
    try {
      engine.operations['subscribers.credentials.delete'](contextOf(engine), {
        params: { subscriberId: 'nobody', providerId: 'fcm' },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 404, message: 'Subscriber not found for id nobody' });
  });
});
