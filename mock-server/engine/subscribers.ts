import { ServiceError } from './service-error';
import type { EnvironmentData, SubscriberRecord } from './state';

/** The v2 subscriber DTO: the stored entity with `lastOnlineAt`/`isOnline` null when unset. */
export type SubscriberDto = Omit<SubscriberRecord, '__v' | 'isOnline' | 'lastOnlineAt'> & {
  isOnline: boolean | null;
  lastOnlineAt: string | null;
};

/**
 * Maps a stored subscriber to the v2 response shape (behaviour.md E2).
 *
 * @example
 * ```ts
 * const dto = toSubscriberDto(record);
 * ```
 */
export function toSubscriberDto(record: SubscriberRecord): SubscriberDto {
  const { __v: _version, isOnline, lastOnlineAt, ...rest } = record;
  return {
    ...structuredClone(rest),
    isOnline: isOnline ?? null,
    lastOnlineAt: lastOnlineAt ?? null,
  };
}

/**
 * `GET /v2/subscribers/{subscriberId}`: exact `subscriberId` in the environment (E4).
 *
 * @example
 * ```ts
 * retrieveSubscriber(data, 'user-1');
 * ```
 */
export function retrieveSubscriber(data: EnvironmentData, subscriberId: string): SubscriberDto {
  const record = data.subscribers.get(subscriberId);
  if (!record || record.deleted) {
    throw ServiceError.http(404, `Subscriber: ${subscriberId} was not found`);
  }
  return toSubscriberDto(record);
}
