import type { EngineScope } from '../scope';
/**
 * Removing a subscriber's provider credentials:
 * `DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`
 * (docs/behaviour/subscribers.md#credentials).
 *
 * @module
 */

import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { findSubscriber } from './subscribers';

/**
 * Removes every channel entry of `providerId` from the subscriber (whatever its integration);
 * an unknown subscriber answers 404, a provider it has no entry for changes nothing.
 */
export function deleteCredentials(
  scope: EngineScope,
  subscriberId: string,
  providerId: string,
): void {
  const { data } = scope;
  const now = scope.iso();
  const record = findSubscriber(data, subscriberId);
  if (!record) throw ServiceError.http(404, `Subscriber not found for id ${subscriberId}`);
  const kept = record.channels.filter((channel) => channel.providerId !== providerId);
  if (kept.length === record.channels.length) return;
  tables.subscribers.update(data, record, () => {
    record.channels = kept;
    record.updatedAt = now;
  });
}
