/**
 * The outbox: every message the engine delivered, in the order it was sent. This is what
 * application tests assert on ("what would the service have sent?").
 *
 * @module
 */

import type { EngineState, OutboxRecord } from '../store/state';

/**
 * One delivered message: channel, rendered content, recipient and where it came from.
 *
 * @example
 * ```ts
 * const message: OutboxMessage | undefined = engine.outbox.list({ channel: 'email' })[0];
 * console.log(message?.subject, message?.recipient);
 * ```
 */
export type OutboxMessage = Readonly<OutboxRecord>;

/**
 * Filters of {@link Outbox.list}; every given field must match.
 *
 * @example
 * ```ts
 * const filter: OutboxFilter = { channel: 'in_app', subscriberId: 'user-1' };
 * engine.outbox.list(filter);
 * ```
 */
export interface OutboxFilter {
  channel?: OutboxRecord['channel'];
  /** The recipient's `subscriberId`. */
  subscriberId?: string;
  /** The workflow's trigger identifier. */
  workflowId?: string;
  transactionId?: string;
  /** The environment's `_id` (default: every environment). */
  environmentId?: string;
}

/**
 * Messages the engine delivered.
 *
 * @example
 * ```ts
 * const [email] = engine.outbox.list({ channel: 'email', subscriberId: 'user-1' });
 * email?.subject; // 'Welcome, Ada'
 * engine.outbox.clear();
 * ```
 */
export interface Outbox {
  /** Delivered messages matching `filter`, oldest first (copies). */
  list(filter?: OutboxFilter): OutboxMessage[];
  /** The last delivered message matching `filter`, or `undefined`. */
  last(filter?: OutboxFilter): OutboxMessage | undefined;
  /** How many delivered messages match `filter`. */
  count(filter?: OutboxFilter): number;
  /** Forgets every delivered message (stored messages and notifications stay). */
  clear(): void;
}

const matches = (record: OutboxRecord, filter: OutboxFilter): boolean =>
  (filter.channel === undefined || record.channel === filter.channel) &&
  (filter.subscriberId === undefined || record.subscriberId === filter.subscriberId) &&
  (filter.workflowId === undefined || record.workflowId === filter.workflowId) &&
  (filter.transactionId === undefined || record.transactionId === filter.transactionId) &&
  (filter.environmentId === undefined || record.environmentId === filter.environmentId);

/**
 * Creates the outbox view over the engine's current state (`state()` is read on every call, so
 * it follows reset and restore).
 *
 * @example
 * ```ts
 * const outbox = createOutbox(() => state);
 * outbox.count({ channel: 'sms' });
 * ```
 */
export function createOutbox(state: () => EngineState): Outbox {
  const select = (filter: OutboxFilter = {}) =>
    state().outbox.filter((record) => matches(record, filter));
  return {
    list: (filter) => structuredClone(select(filter)),
    last(filter) {
      const found = select(filter);
      const record = found[found.length - 1];
      return record === undefined ? undefined : structuredClone(record);
    },
    count: (filter) => select(filter).length,
    clear() {
      state().outbox.length = 0;
    },
  };
}
