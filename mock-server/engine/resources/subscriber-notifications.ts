/**
 * The subscriber whose Inbox an admin route (`/v2/subscribers/{subscriberId}/notifications...`)
 * acts on.
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { SubscriberRecord } from '../store/state';
import { ServiceError } from '../wire/service-error';
import { findSubscriber } from './subscribers';

/**
 * The live subscriber of the caller's environment with this `subscriberId`; 404 as the service's
 * `GetSubscriber` usecase answers otherwise (another environment's subscriber included).
 */
export function notificationsOwner(scope: EngineScope, subscriberId: string): SubscriberRecord {
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber not found for id ${subscriberId}`);
  return subscriber;
}

/**
 * The subscriber of the v1 routes: 400 as the service's v1 usecases answer an unknown one
 * (another environment's included).
 */
export function v1NotificationsOwner(scope: EngineScope, subscriberId: string): SubscriberRecord {
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) {
    throw ServiceError.http(
      400,
      `Subscriber ${subscriberId} is not exist in environment ${scope.environment._id}, ` +
        'please provide a valid subscriber identifier',
    );
  }
  return subscriber;
}
