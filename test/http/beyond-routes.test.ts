// The operations beyond the interface through svc-mock's node:http server with the real client:
// topics, preferences and a 204 with no body (docs/behaviour/topics.md, subscribers.md).
import { Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

describe('svc-mock serves the subscriber lifecycle, preferences and topics', () => {
  it('creates a subscriber, subscribes it to a topic, and reads both listings', async () => {
    await svc.subscribers.create({ subscriberId: 'http-ada', firstName: 'Ada' });
    const created = await svc.topics.create({ key: 'http-news' }).withResponse();
    expect(created.response.status).toBe(201);
    await svc.topics.subscriptions.create('http-news', { subscriptions: ['http-ada'] });
    const members = await svc.topics.subscriptions.list('http-news').toArray({ limit: 10 });
    expect(members.map((item) => item.subscriber.subscriberId)).toEqual(['http-ada']);
    const preferences = await svc.subscribers.preferences.list('http-ada', { criticality: 'all' });
    expect(preferences.global.enabled).toBe(true);
  });

  it('answers DELETE credentials with 204, no body and no content type', async () => {
    await svc.subscribers.create({ subscriberId: 'http-bob' });
    const response = await fetch(`${server.url}/v1/subscribers/http-bob/credentials/slack`, {
      method: 'DELETE',
      headers: { authorization: `ApiKey ${server.engine.environment('Development').apiKey}` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
    expect(await svc.subscribers.credentials.delete('http-bob', 'slack')).toBeUndefined();
    expect(await svc.subscribers.delete('http-bob')).toEqual({
      acknowledged: true,
      status: 'deleted',
    });
  });
});
