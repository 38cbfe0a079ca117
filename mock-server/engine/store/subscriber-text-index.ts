/**
 * A trigram index over the subscriber search's substring filters (`email`, `phone`, `name`), so a
 * filtered search reads the matches' candidates instead of scanning every subscriber.
 *
 * It is derived data, kept outside the state (snapshots stay small and a restored state rebuilds
 * it on first use): each field's trigrams are built on the first search of that field (under
 * a second at 100k subscribers), then kept current by {@link subscriberChanged}, which every
 * write to a subscriber (any field: searches may sort by any) must call. Candidates are a
 * superset of the matches: callers verify each one.
 *
 * @module
 */

import { sortedPosition } from './sorted-position';
import type { EnvironmentData, SubscriberRecord } from './state';
import {
  forgetRememberedMatches,
  rememberedMatchesChanged,
  rememberedMatchesRemoved,
} from './subscriber-match-cache';

/** The substring-filtered fields of a subscriber search. */
export type TextField = 'email' | 'phone' | 'name';

const TEXT_FIELDS: readonly TextField[] = ['email', 'phone', 'name'];

/** Needles shorter than this have no trigram: the search scans instead. */
export const MIN_INDEXED_NEEDLE = 3;

interface TextIndex {
  /** Slot → the subscriber's current record (`undefined`: removed, the slot kept for its `_id`). */
  records: (SubscriberRecord | undefined)[];
  /** `_id` → the slot a removed subscriber had, reused if it comes back (a rollback). */
  vacated: Map<string, number>;
  /** `subscriberId` → slot. */
  slotOf: Map<string, number>;
  /** Per indexed field: slot → the value indexed for it. */
  values: Partial<Record<TextField, string[]>>;
  /** Per indexed field (built on its first search): trigram → ascending slots containing it. */
  grams: Partial<Record<TextField, Map<string, number[]>>>;
  /** Whether slot order is ascending `_id` order (true unless an older `_id` came in late). */
  inIdOrder: boolean;
  /** The `_id` of the last slot added. */
  lastId: string;
}

// Keyed by the subscribers map itself: a restored or reset state holds a new map.
const indexes = new WeakMap<Map<string, SubscriberRecord>, TextIndex>();

/**
 * The full name the `name` filter matches: `firstName lastName`, trimmed.
 *
 * @example
 * ```ts
 * fullName({ firstName: 'Ada', lastName: null } as SubscriberRecord); // 'Ada'
 * ```
 */
export function fullName(record: SubscriberRecord): string {
  return `${record.firstName ?? ''} ${record.lastName ?? ''}`.trim();
}

function fieldValue(record: SubscriberRecord, field: TextField): string {
  return field === 'name' ? fullName(record) : (record[field] ?? '');
}

function trigrams(value: string): Set<string> {
  const found = new Set<string>();
  for (let index = 0; index + MIN_INDEXED_NEEDLE <= value.length; index++) {
    found.add(value.slice(index, index + MIN_INDEXED_NEEDLE));
  }
  return found;
}

/** First position in ascending `slots` not below `slot`. */
function lowerBound(slots: readonly number[], slot: number): number {
  return sortedPosition(slots, (other) => other < slot);
}

function addGrams(grams: Map<string, number[]>, value: string, slot: number): void {
  for (let index = 0; index + MIN_INDEXED_NEEDLE <= value.length; index++) {
    const gram = value.slice(index, index + MIN_INDEXED_NEEDLE);
    const slots = grams.get(gram);
    if (!slots) {
      grams.set(gram, [slot]);
      continue;
    }
    const last = slots[slots.length - 1] as number;
    if (last < slot) slots.push(slot);
    else if (last !== slot) {
      const at = lowerBound(slots, slot);
      if (slots[at] !== slot) slots.splice(at, 0, slot);
    }
  }
}

function removeGrams(grams: Map<string, number[]>, value: string, slot: number): void {
  for (let index = 0; index + MIN_INDEXED_NEEDLE <= value.length; index++) {
    const gram = value.slice(index, index + MIN_INDEXED_NEEDLE);
    const slots = grams.get(gram);
    if (!slots) continue;
    const at = lowerBound(slots, slot);
    if (slots[at] === slot) slots.splice(at, 1);
    if (slots.length === 0) grams.delete(gram);
  }
}

function index(textIndex: TextIndex, record: SubscriberRecord): void {
  let slot = textIndex.slotOf.get(record.subscriberId);
  if (slot === undefined) {
    slot = reclaim(textIndex, record);
    if (slot === undefined) {
      slot = textIndex.records.length;
      if (textIndex.lastId > record._id) textIndex.inIdOrder = false;
      textIndex.lastId = record._id;
      textIndex.records.push(record);
      textIndex.slotOf.set(record.subscriberId, slot);
    }
  } else if (textIndex.records[slot]?._id !== record._id) {
    textIndex.inIdOrder = false;
  }
  textIndex.records[slot] = record;
  for (const field of TEXT_FIELDS) {
    const grams = textIndex.grams[field];
    const values = textIndex.values[field];
    if (!grams || !values) continue;
    const value = fieldValue(record, field);
    const old = values[slot] ?? '';
    values[slot] = value;
    if (value === old) continue;
    removeGrams(grams, old, slot);
    addGrams(grams, value, slot);
  }
}

/** The slot a removed subscriber with this `_id` had, taken back (its order is kept). */
function reclaim(textIndex: TextIndex, record: SubscriberRecord): number | undefined {
  const slot = textIndex.vacated.get(record._id);
  if (slot === undefined) return undefined;
  textIndex.vacated.delete(record._id);
  textIndex.slotOf.set(record.subscriberId, slot);
  return slot;
}

function textIndexOf(data: EnvironmentData): TextIndex {
  let textIndex = indexes.get(data.subscribers);
  if (!textIndex) {
    textIndex = {
      records: [],
      vacated: new Map(),
      slotOf: new Map(),
      values: {},
      grams: {},
      inIdOrder: true,
      lastId: '',
    };
    for (const objectId of data.subscriberOrder) {
      const record = data.subscribers.get(data.subscriberKeys.get(objectId) ?? '');
      if (record) index(textIndex, record);
    }
    indexes.set(data.subscribers, textIndex);
  }
  return textIndex;
}

function gramsOf(textIndex: TextIndex, field: TextField): Map<string, number[]> {
  let grams = textIndex.grams[field];
  if (!grams) {
    grams = new Map();
    const values = textIndex.records.map((record) =>
      record === undefined ? '' : fieldValue(record, field),
    );
    values.forEach((value, slot) => {
      addGrams(grams as Map<string, number[]>, value, slot);
    });
    textIndex.grams[field] = grams;
    textIndex.values[field] = values;
  }
  return grams;
}

/**
 * Keeps the index (when built) and the remembered matches current after a subscriber was stored
 * or any of its fields changed (`previous`: the record it replaced, when stored anew).
 *
 * @example
 * ```ts
 * Object.assign(record, changes);
 * subscriberChanged(data, record);
 * ```
 */
export function subscriberChanged(
  data: EnvironmentData,
  record: SubscriberRecord,
  previous?: SubscriberRecord,
): void {
  rememberedMatchesChanged(data, record, previous);
  const textIndex = indexes.get(data.subscribers);
  if (textIndex) index(textIndex, record);
}

/**
 * Takes a removed subscriber out of the index (when built) and the remembered matches, in place:
 * a delete or a rollback costs that subscriber, not a rebuild at the next search.
 *
 * @example
 * ```ts
 * subscriberRemoved(data, record);
 * ```
 */
export function subscriberRemoved(data: EnvironmentData, record: SubscriberRecord): void {
  rememberedMatchesRemoved(data, record);
  const textIndex = indexes.get(data.subscribers);
  if (!textIndex) return;
  const slot = textIndex.slotOf.get(record.subscriberId);
  if (slot === undefined || textIndex.records[slot]?._id !== record._id) return;
  for (const field of TEXT_FIELDS) {
    const grams = textIndex.grams[field];
    const values = textIndex.values[field];
    if (!grams || !values) continue;
    removeGrams(grams, values[slot] ?? '', slot);
    values[slot] = '';
  }
  textIndex.slotOf.delete(record.subscriberId);
  textIndex.records[slot] = undefined;
  textIndex.vacated.set(record._id, slot);
}

/**
 * Drops the derived search indexes of an environment; the next search rebuilds them from the
 * state (decision 0100).
 *
 * @example
 * ```ts
 * data.subscribers.delete('user-1');
 * forgetSubscriberIndexes(data);
 * ```
 */
export function forgetSubscriberIndexes(data: EnvironmentData): void {
  indexes.delete(data.subscribers);
  forgetRememberedMatches(data);
}

/** A substring filter of one search. */
export interface TextFilter {
  field: TextField;
  needle: string;
}

/**
 * Candidate subscribers for substring filters: every subscriber whose fields may match (a
 * superset; verify each), read from the shortest trigram list. `undefined` when no needle is
 * long enough to use the index (scan instead). `inIdOrder` tells whether the candidates come in
 * ascending `_id` order.
 *
 * @example
 * ```ts
 * const found = textCandidates(data, [{ field: 'email', needle: '@example.com' }]);
 * ```
 */
export function textCandidates(
  data: EnvironmentData,
  filters: readonly TextFilter[],
): { records: SubscriberRecord[]; inIdOrder: boolean } | undefined {
  const usable = filters.filter((filter) => filter.needle.length >= MIN_INDEXED_NEEDLE);
  if (usable.length === 0) return undefined;
  const textIndex = textIndexOf(data);
  let shortest: readonly number[] | undefined;
  for (const { field, needle } of usable) {
    for (const gram of trigrams(needle)) {
      const slots = gramsOf(textIndex, field).get(gram) ?? [];
      if (shortest === undefined || slots.length < shortest.length) shortest = slots;
    }
  }
  const records: SubscriberRecord[] = [];
  for (const slot of shortest ?? []) {
    const record = textIndex.records[slot];
    if (record !== undefined) records.push(record);
  }
  return { records, inIdOrder: textIndex.inIdOrder };
}
