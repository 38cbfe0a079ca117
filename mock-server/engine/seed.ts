import * as z from 'zod/mini';
import type { IdGenerator } from './ids';
import { withoutUndefined } from './objects';
import { ServiceError } from './service-error';
import type { EnvironmentData, EnvironmentRecord, SubscriberRecord } from './state';

/** A subscriber to seed: the spec's fields, only `subscriberId` required. */
export const SubscriberSeed = z.object({
  subscriberId: z.string().check(z.minLength(1)),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  locale: z.optional(z.nullable(z.string())),
  timezone: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  isOnline: z.optional(z.nullable(z.boolean())),
  lastOnlineAt: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
});
/** A subscriber to seed. */
export type SubscriberSeed = z.infer<typeof SubscriberSeed>;

/** What `engine.seed()` takes. */
export const SeedData = z.object({
  /** Environment name or `_id` to seed into (default `Development`). */
  environment: z.optional(z.string()),
  subscribers: z.optional(z.array(SubscriberSeed)),
});
/**
 * What `engine.seed()` takes: plain objects in the spec's shapes.
 *
 * @example
 * ```ts
 * engine.seed({ subscribers: [{ subscriberId: 'user-1', email: 'ada@example.com' }] });
 * ```
 */
export type SeedData = z.input<typeof SeedData>;

/**
 * Validates seed data, throwing a readable error that names the bad field.
 *
 * @example
 * ```ts
 * parseSeed({ subscribers: [{ subscriberId: 'u1' }] });
 * ```
 */
export function parseSeed(input: unknown): z.infer<typeof SeedData> {
  const result = z.safeParse(SeedData, input);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new ServiceError(400, `Invalid seed data: ${problems}`, {
    ctx: { error: 'Bad Request', statusCode: 400 },
  });
}

/** Adds seeded subscribers to an environment (overwriting same `subscriberId`s). */
export function seedSubscribers(
  data: EnvironmentData,
  environment: EnvironmentRecord,
  subscribers: readonly SubscriberSeed[],
  ids: IdGenerator,
  now: string,
): void {
  for (const seed of subscribers) {
    const existing = data.subscribers.get(seed.subscriberId);
    const { createdAt, ...fields } = withoutUndefined(seed);
    const record: SubscriberRecord = {
      _id: existing?._id ?? ids.objectId(),
      _organizationId: environment._organizationId,
      _environmentId: environment._id,
      channels: existing?.channels ?? [],
      topics: existing?.topics ?? [],
      deleted: false,
      __v: 0,
      ...fields,
      createdAt: createdAt ?? existing?.createdAt ?? now,
      updatedAt: now,
    };
    data.subscribers.set(seed.subscriberId, record);
  }
}
