// Shared by the subscriber store tests: bare subscriber records and an environment that holds
// them, filed through `putSubscriber` as the engine files them.
import { putSubscriber } from '../../../mock-server/engine/resources/subscribers';
import {
  createEnvironmentData,
  type EnvironmentData,
  type SubscriberRecord,
} from '../../../mock-server/engine/store/state';

const CREATED = '2026-01-01T00:00:00.000Z';

/**
 * A stored subscriber with these ids (no channels, no topics, created and updated at
 * 2026-01-01), with `fields` laid over it.
 *
 * @example
 * ```ts
 * const ada = subscriber('ada', '01', { email: 'ada@example.com' });
 * ```
 */
export function subscriber(
  subscriberId: string,
  _id: string,
  fields: Partial<SubscriberRecord> = {},
): SubscriberRecord {
  return {
    _id,
    _organizationId: 'org',
    _environmentId: 'env',
    subscriberId,
    channels: [],
    topics: [],
    deleted: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    __v: 0,
    ...fields,
  };
}

/**
 * A fresh environment holding these records, each stored with `putSubscriber`.
 *
 * @example
 * ```ts
 * const data = environment(subscriber('a', '01'), subscriber('b', '02'));
 * ```
 */
export function environment(...records: SubscriberRecord[]): EnvironmentData {
  const data = createEnvironmentData();
  for (const record of records) putSubscriber(data, record);
  return data;
}
