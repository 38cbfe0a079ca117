/**
 * Optional rate-limit emulation (docs/behaviour/cross-cutting.md#rate-limits): a token bucket per environment and category,
 * `RateLimit-*` headers on every response, 429 with `Retry-After` when empty.
 *
 * @module
 */

import type { RateLimitCategory } from '../../../src/routes/route';
import type { EngineState } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';

export type { RateLimitCategory };
/**
 * Service plans, which set the per-second limits.
 *
 * @example
 * ```ts
 * const engine = createMockEngine({ rateLimit: { plan: 'free' } });
 * ```
 */
export type RateLimitPlan = 'free' | 'pro' | 'team' | 'enterprise';

/**
 * Options of the rate-limit emulation.
 *
 * @example
 * ```ts
 * createMockEngine({ rateLimit: { plan: 'pro' } });
 * ```
 */
export interface RateLimitOptions {
  /** Plan whose per-second limits apply. Default `free`. */
  plan?: RateLimitPlan;
  /** Per-second limits that replace the plan's, by category. */
  perSecond?: Partial<Record<RateLimitCategory, number>>;
}

const PER_SECOND: Record<RateLimitPlan, Record<RateLimitCategory, number>> = {
  free: { trigger: 60, configuration: 20, global: 30 },
  pro: { trigger: 240, configuration: 80, global: 120 },
  team: { trigger: 600, configuration: 200, global: 300 },
  enterprise: { trigger: 6000, configuration: 2000, global: 3000 },
};
const WINDOW_SECONDS = 5;

function rateLimitHeaders(
  limit: number,
  tokens: number,
  burst: number,
  perSecond: number,
  category: RateLimitCategory,
  cost: number,
  plan: RateLimitPlan,
): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.floor(tokens)),
    'RateLimit-Reset': String(Math.ceil((burst - tokens) / perSecond)),
    'RateLimit-Policy': `${limit};w=${WINDOW_SECONDS};burst=${burst};comment="token bucket";category="${category}";cost="${cost >= 100 ? 'bulk' : 'single'}";serviceLevel="${plan}"`,
  };
}

/**
 * The service's 429 with an empty bucket of the free plan: what an injected 429 answers
 * (`Retry-After: 1`).
 */
export function rateLimitExceeded(category: RateLimitCategory): ServiceError {
  const perSecond = PER_SECOND.free[category];
  const limit = perSecond * WINDOW_SECONDS;
  const burst = Math.floor(limit * 1.1);
  return new ServiceError(429, 'API rate limit exceeded', {
    ctx: {},
    headers: {
      ...rateLimitHeaders(limit, 0, burst, perSecond, category, 1, 'free'),
      'Retry-After': '1',
    },
  });
}

/** Takes `cost` tokens for a request, answering the headers to send, or throwing the 429. */
export function takeTokens(
  state: EngineState,
  options: RateLimitOptions,
  environmentId: string,
  category: RateLimitCategory,
  cost: number,
  now: number,
): Record<string, string> {
  const plan = options.plan ?? 'free';
  const perSecond = options.perSecond?.[category] ?? PER_SECOND[plan][category];
  const limit = perSecond * WINDOW_SECONDS;
  const burst = Math.floor(limit * 1.1);
  const key = `${environmentId}:${category}`;
  const bucket = tables.rateBuckets.get(state, key) ?? { tokens: burst, updatedAt: now };
  const refilled = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * perSecond);
  const allowed = refilled >= cost;
  const tokens = allowed ? refilled - cost : refilled;
  tables.rateBuckets.set(state, key, { tokens, updatedAt: now });
  const headers = rateLimitHeaders(limit, tokens, burst, perSecond, category, cost, plan);
  if (!allowed) {
    const retryAfter = Math.max(1, Math.ceil((cost - tokens) / perSecond));
    throw new ServiceError(429, 'API rate limit exceeded', {
      ctx: {},
      headers: { ...headers, 'Retry-After': String(retryAfter) },
    });
  }
  return headers;
}
