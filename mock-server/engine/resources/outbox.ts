/**
 * The outbox: every message the engine delivered, in the order it was sent. This is what
 * application tests assert on ("what would the service have sent?").
 *
 * @module
 */

import { outboxRecord, type StoredOutboxItem } from '../store/outbox-entry';
import type { EngineState, OutboxRecord } from '../store/state';
import { tables } from '../store/tables';

/**
 * One delivered message: channel, rendered content, recipient and where it came from.
 *
 * @example
 * ```ts
 * const message: OutboxMessage | undefined = engine.outbox.list({ channel: 'email' })[0];
 * console.log(message?.subject, message?.email);
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
 * One page of {@link Outbox.page}: `next` is the `after` of the following page (the last item's
 * `messageId`), `undefined` on the last page.
 *
 * @example
 * ```ts
 * const { items, next } = engine.outbox.page({ channel: 'email' }, { limit: 100 });
 * ```
 */
export interface OutboxPage {
  items: OutboxMessage[];
  next: string | undefined;
}

/** The most entries one page of the outbox holds (the control API's `limit` and its default). */
export const MAX_OUTBOX_PAGE = 1_000;

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
  /**
   * Delivered messages matching `filter`, oldest first, at most `limit` (default and most
   * 1,000, `MAX_OUTBOX_PAGE`), starting after the entry whose `messageId` is `after`.
   *
   * @throws RangeError for a `limit` outside 1..1,000 or an unknown `after`.
   */
  page(filter?: OutboxFilter, options?: { limit?: number; after?: string }): OutboxPage;
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
 */
export function createOutbox(state: () => EngineState): Outbox {
  // Each stored entry answers the record built from its message (store/outbox-entry.ts).
  const records = (): OutboxRecord[] => {
    const current = state();
    return current.outbox.map((item) => outboxRecord(current, item));
  };
  const select = (filter: OutboxFilter = {}) =>
    records().filter((record) => matches(record, filter));
  return {
    list: (filter) => structuredClone(select(filter)),
    page(filter = {}, { limit = MAX_OUTBOX_PAGE, after } = {}) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OUTBOX_PAGE) {
        throw new RangeError(
          `limit must be a whole number from 1 to ${MAX_OUTBOX_PAGE}, got ${String(limit)}`,
        );
      }
      const stored = tables.outbox.values(state());
      let start = 0;
      if (after !== undefined) {
        const index = stored.findIndex((record) => record.messageId === after);
        if (index === -1) {
          throw new RangeError(
            `after must be the messageId of a delivered message (the last one of the previous page); ${JSON.stringify(after)} is not one`,
          );
        }
        start = index + 1;
      }
      const items: OutboxRecord[] = [];
      let next: string | undefined;
      for (let index = start; index < stored.length; index++) {
        const record = outboxRecord(state(), stored[index] as StoredOutboxItem);
        if (!matches(record, filter)) continue;
        if (items.length === limit) {
          next = items[items.length - 1]?.messageId;
          break;
        }
        items.push(record);
      }
      return { items: structuredClone(items), next };
    },
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
