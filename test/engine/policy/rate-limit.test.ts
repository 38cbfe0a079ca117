// The token buckets of the rate-limit emulation, directly (mock-server/engine/policy/rate-limit.ts,
// docs/behaviour/cross-cutting.md#rate-limits): the plan's limits, the burst, refill on the
// clock, the bulk cost, the headers and the 429.
import { describe, expect, it } from 'vitest';
import {
  type RateLimitOptions,
  rateLimitExceeded,
  takeTokens,
} from '../../../mock-server/engine/policy/rate-limit';
import { createState } from '../../../mock-server/engine/store/state';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';
import { serviceErrorOf } from '../helpers';

describe('takeTokens', () => {
  it('starts a free trigger bucket full: 60/s over 5 s is 300, the burst 330', () => {
    const state = createState();
    expect(takeTokens(state, {}, 'env', 'trigger', 1, 0)).toEqual({
      'RateLimit-Limit': '300',
      'RateLimit-Remaining': '329',
      'RateLimit-Reset': '1',
      'RateLimit-Policy':
        '300;w=5;burst=330;comment="token bucket";category="trigger";cost="single";serviceLevel="free"',
    });
  });

  it.each([
    ['pro', 'configuration', '400', '440'],
    ['team', 'global', '1500', '1650'],
    ['enterprise', 'trigger', '30000', '33000'],
  ] as const)(
    'the %s plan gives %s a limit of %s and a burst of %s',
    (plan, category, limit, burst) => {
      const headers = takeTokens(createState(), { plan }, 'env', category, 1, 0);
      expect(headers['RateLimit-Limit']).toBe(limit);
      expect(headers['RateLimit-Remaining']).toBe(String(Number(burst) - 1));
      expect(headers['RateLimit-Policy']).toContain(`burst=${burst};`);
      expect(headers['RateLimit-Policy']).toContain(`serviceLevel="${plan}"`);
    },
  );

  it('perSecond replaces the plan only for the categories it names', () => {
    const options: RateLimitOptions = { plan: 'pro', perSecond: { trigger: 2 } };
    const state = createState();
    expect(takeTokens(state, options, 'env', 'trigger', 1, 0)['RateLimit-Limit']).toBe('10');
    expect(takeTokens(state, options, 'env', 'global', 1, 0)['RateLimit-Limit']).toBe('600');
  });

  it('keeps one bucket per environment and category', () => {
    const state = createState();
    const options = { perSecond: { trigger: 1, global: 1 } };
    for (let index = 0; index < 5; index++) takeTokens(state, options, 'env-a', 'trigger', 1, 0);
    expect(() => takeTokens(state, options, 'env-a', 'trigger', 1, 0)).toThrow(ServiceError);
    expect(takeTokens(state, options, 'env-b', 'trigger', 1, 0)['RateLimit-Remaining']).toBe('4');
    expect(takeTokens(state, options, 'env-a', 'global', 1, 0)['RateLimit-Remaining']).toBe('4');
  });

  it('empties, answers 429 with the headers and Retry-After, and takes nothing on a refusal', () => {
    const state = createState();
    const options = { perSecond: { configuration: 2 } };
    // Limit 10, burst 11.
    for (let index = 0; index < 11; index++) {
      takeTokens(state, options, 'env', 'configuration', 1, 0);
    }
    const error = serviceErrorOf(() => takeTokens(state, options, 'env', 'configuration', 1, 0));
    expect(error.status).toBe(429);
    expect(error.message).toBe('API rate limit exceeded');
    expect(error.ctx).toEqual({});
    expect(error.headers).toMatchObject({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '6',
      'Retry-After': '1',
    });
    expect(state.rateBuckets.get('env:configuration')).toEqual({ tokens: 0, updatedAt: 0 });
  });

  it('refills at the per-second rate, never past the burst', () => {
    const state = createState();
    const options = { perSecond: { configuration: 2 } };
    for (let index = 0; index < 11; index++) {
      takeTokens(state, options, 'env', 'configuration', 1, 0);
    }
    // Half a second gives one token back: it is taken, none is left.
    expect(takeTokens(state, options, 'env', 'configuration', 1, 500)['RateLimit-Remaining']).toBe(
      '0',
    );
    expect(() => takeTokens(state, options, 'env', 'configuration', 1, 500)).toThrow(ServiceError);
    // An hour later the bucket holds the burst, not 7,200 tokens.
    const later = takeTokens(state, options, 'env', 'configuration', 1, 3_600_500);
    expect(later['RateLimit-Remaining']).toBe('10');
    expect(later['RateLimit-Reset']).toBe('1');
  });

  it('a bulk cost takes its share at once and waits for all of it when short', () => {
    const state = createState();
    const options = { perSecond: { trigger: 50 } };
    // Limit 250, burst 275.
    const bulk = takeTokens(state, options, 'env', 'trigger', 100, 0);
    expect(bulk['RateLimit-Remaining']).toBe('175');
    expect(bulk['RateLimit-Policy']).toContain('cost="bulk"');
    expect(takeTokens(state, options, 'env', 'trigger', 99, 0)['RateLimit-Policy']).toContain(
      'cost="single"',
    );
    // 76 left: a cost of 100 is short by 24 tokens, half a second at 50/s, so Retry-After 1.
    expect(
      serviceErrorOf(() => takeTokens(state, options, 'env', 'trigger', 100, 0)).headers[
        'Retry-After'
      ],
    ).toBe('1');
    expect(state.rateBuckets.get('env:trigger')?.tokens).toBe(76);
    // At 20/s (burst 110), 10 left: 90 short is 4.5 seconds, so Retry-After 5.
    const slow = createState();
    takeTokens(slow, { perSecond: { trigger: 20 } }, 'env', 'trigger', 100, 0);
    expect(
      serviceErrorOf(() =>
        takeTokens(slow, { perSecond: { trigger: 20 } }, 'env', 'trigger', 100, 0),
      ).headers['Retry-After'],
    ).toBe('5');
  });
});

describe('rateLimitExceeded', () => {
  it("is the free plan's empty bucket with Retry-After 1", () => {
    const error = rateLimitExceeded('global');
    expect(error.status).toBe(429);
    expect(error.message).toBe('API rate limit exceeded');
    expect(error.headers).toEqual({
      'RateLimit-Limit': '150',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '6',
      'RateLimit-Policy':
        '150;w=5;burst=165;comment="token bucket";category="global";cost="single";serviceLevel="free"',
      'Retry-After': '1',
    });
  });
});
