// Rate limits of svc.integrations (category `global`) seen through the real client: its own file,
// since one MSW server per file keeps the interception unambiguous.
import { RateLimitError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const limited = useResourceMock({ rateLimit: { perSecond: { global: 1 } } });

describe('rate limits seen through the client', () => {
  it('answers RateLimitError once the bucket is empty, with the service headers', async () => {
    const svc = limited.client();
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, () => svc.integrations.list()),
    );
    const errors = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    expect(errors.length).toBeGreaterThan(0);
    const error = errors[0] as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toBe('API rate limit exceeded');
    expect(error.headers.get('retry-after')).toBe('1');
  });

  it('retries after Retry-After and succeeds once the engine clock refilled the bucket', async () => {
    const svc = limited.client('Development', {
      maxRetries: 1,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        // What a second of real time would do to the bucket; the engine clock is virtual.
        if (response.status === 429) limited.engine.clock.advance(1000);
        return response;
      },
    });
    for (let index = 0; index < 5; index++) await svc.integrations.list();
    await expect(svc.integrations.list()).resolves.toBeInstanceOf(Array);
  });
});
