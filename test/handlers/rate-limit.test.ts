import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('rate limits (docs/behaviour/cross-cutting.md#rate-limits)', () => {
  const limited = createMockEngine({ rateLimit: { perSecond: { configuration: 1 } } });
  const server = setupServer(...createHandlers(limited, { baseUrl: 'https://limited.svc.co' }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());
  const get = (path = '/v2/subscribers') =>
    fetch(`https://limited.svc.co${path}`, {
      headers: { Authorization: `ApiKey ${limited.environment('Development').apiKey}` },
    });

  it('sends RateLimit-* headers, answers 429 with Retry-After when empty, refills on the clock', async () => {
    const first = await get();
    expect(first.headers.get('ratelimit-limit')).toBe('5');
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(first.headers.get('ratelimit-policy')).toBe(
      '5;w=5;burst=5;comment="token bucket";category="configuration";cost="single";serviceLevel="free"',
    );
    for (let index = 0; index < 4; index++) await get();
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      statusCode: 429,
      message: 'API rate limit exceeded',
      ctx: {},
    });
    const global = await get('/v1/integrations');
    expect(global.status).toBe(200);
    expect(global.headers.get('ratelimit-limit')).toBe('150');
    limited.clock.advance(1000);
    expect((await get()).status).toBe(200);
  });
});

describe('bulk rate-limit cost', () => {
  const limited = createMockEngine({
    rateLimit: {},
    seed: { workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }] },
  });
  const server = setupServer(...createHandlers(limited, { baseUrl: 'https://bulk.svc.co' }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());

  it('takes a bulk share of the trigger budget for bulk and broadcast, one token for a trigger', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`https://bulk.svc.co${path}`, {
        method: 'POST',
        headers: {
          Authorization: `ApiKey ${limited.environment('Development').apiKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const single = await post('/v1/events/trigger', { name: 'welcome', to: 'ada' });
    const remaining = Number(single.headers.get('ratelimit-remaining'));
    const bulk = await post('/v1/events/trigger/bulk', {
      events: [{ name: 'welcome', to: 'ada' }],
    });
    expect(Number(bulk.headers.get('ratelimit-remaining'))).toBe(remaining - 100);
    expect(bulk.headers.get('ratelimit-policy')).toContain('cost="bulk"');
    const broadcast = await post('/v1/events/trigger/broadcast', { name: 'welcome', payload: {} });
    expect(Number(broadcast.headers.get('ratelimit-remaining'))).toBe(remaining - 200);
    expect(single.headers.get('ratelimit-policy')).toContain('cost="single"');
  });
});
