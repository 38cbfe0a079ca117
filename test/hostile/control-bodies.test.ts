// Issue 14 item 7: control API errors name the allowed range or values, and bodies with unknown
// keys (a seed's `subscriber` for `subscribers`) are refused instead of ignored.
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.url}/__svc${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    message: ((await response.json()) as { message: string }).message,
  };
}

describe('hostile: control API bodies', () => {
  it.each([
    ['/clock/advance', { ms: -1 }, 'ms must be a number of milliseconds >= 0'],
    ['/clock/advance', { ms: '10m' }, 'ms must be a number of milliseconds >= 0'],
    ['/clock/advance', { ms: 1, by: 2 }, 'unknown key by (the body takes ms)'],
    ['/clock/set', { to: true }, 'to must be an ISO 8601 date or epoch milliseconds'],
    ['/clock/set', { to: 'yesterday-ish' }, 'Invalid date "yesterday-ish"'],
    ['/settle', { skipTime: 'yes' }, 'skipTime must be true or false'],
    ['/snapshots', { id: 'a b' }, 'use 1 to 100 letters'],
    ['/faults', { respond: { status: 200 } }, 'status must be a whole number from 400 to 599'],
    [
      '/faults',
      { match: { operation: 'subscriber.retrieve' }, respond: 'network-error' },
      'operation must be one of agents.create, agents.delete',
    ],
    ['/faults/provider', { channel: 'in_app' }, 'channel must be one of email, sms, chat, push'],
    [
      '/seed',
      { subscriber: [{ subscriberId: 'x' }] },
      'Unrecognized key: "subscriber" (allowed keys: environment, subscribers, topics, integrations, workflows, messages, tenants, preferences)',
    ],
  ])('POST %s %j is a 400 that says what is allowed', async (path, body, message) => {
    const reply = await post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.message).toContain(message);
  });

  it('a refused seed stores nothing', async () => {
    await post('/seed', {
      subscribers: [{ subscriberId: 'half' }],
      topics: [{ key: 't', subscribers: ['ghost'] }],
    });
    const context = server.engine.scope('Development');
    expect(context.data.subscribers.has('half')).toBe(false);
  });
});
