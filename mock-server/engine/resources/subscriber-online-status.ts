/**
 * `PATCH /v1/subscribers/{subscriberId}/online-status`: the subscriber's `isOnline` flag (the
 * service's `UpdateSubscriberOnlineFlag` usecase; docs/behaviour/subscribers.md#online-status).
 *
 * @module
 */

import type { EngineScope } from '../scope';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { findSubscriber, type SubscriberDto, toSubscriberDto } from './subscribers';

/**
 * Sets `isOnline`; going offline also stamps `lastOnlineAt`. Validated first (422
 * `isOnline must be a boolean value`), then 404 `Subscriber not found` as the usecase answers.
 */
export function updateOnlineStatus(
  scope: EngineScope,
  subscriberId: string,
  body: unknown,
): SubscriberDto {
  const isOnline =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['isOnline']
      : undefined;
  if (typeof isOnline !== 'boolean') {
    throw ServiceError.dtoValidation(
      isOnline === undefined || isOnline === null
        ? ['isOnline should not be null or undefined', 'isOnline must be a boolean value']
        : ['isOnline must be a boolean value'],
    );
  }
  const record = findSubscriber(scope.data, subscriberId);
  if (!record) throw ServiceError.http(404, 'Subscriber not found');
  const at = scope.iso();
  tables.subscribers.update(scope.data, record, () => {
    Object.assign(record, { isOnline, updatedAt: at }, isOnline ? {} : { lastOnlineAt: at });
  });
  return toSubscriberDto(record);
}
