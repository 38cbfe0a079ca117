import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('rate limits (§1.6)', () => {
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
