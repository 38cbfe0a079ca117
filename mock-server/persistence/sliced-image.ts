/**
 * The engine image of `state.snap` (format 4) written in slices across turns of the event loop,
 * so a compaction of a large state does not stall every request for the length of one
 * `v8.serialize` (docs/decisions/0142-keeping-data.md#compaction-off-the-request-path).
 *
 * One v8 stream (one serializer, so records shared by identity stay shared): the image with each
 * collection of the state and of every environment's data replaced by a placeholder (written at
 * once, with a shallow copy of each collection's members), then the members in slices, each an
 * item `ROW` (a Map's key, then its value). Until the last member is written, every write to the
 * state is watched: an object about to change that the stream does not hold yet is written first,
 * as an item `KEPT`, so the stream holds it as it was at the start and the rows that reach it
 * later refer back to that copy. The stream ends with `END`.
 *
 * @module
 */

import { performance } from 'node:perf_hooks';
import { DefaultDeserializer, DefaultSerializer } from 'node:v8';
import type { WriteWatcher } from '../engine/store/journal';

const PLACEHOLDER = 'svcSlicedTable';
const END = 0;
const ROW = 1;
const KEPT = 2;

type TableKind = 'array' | 'map' | 'set';

/** Where a collection's members go in the image (written in its place in the image). */
interface Placeholder {
  [PLACEHOLDER]: number;
  kind: TableKind;
  size: number;
}

/** A collection's members as they were at the start (its keys too, for a Map). */
interface Members {
  rows: unknown[];
  keys?: unknown[];
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * An image being written as a v8 stream: {@link SlicedImage.step} writes members until a deadline,
 * {@link SlicedImage.finish} answers the bytes. Writes to the state are watched from construction
 * until `finish` or `stop`.
 *
 * @example
 * ```ts
 * const image = new SlicedImage({ ...engine.durability.image(), baseline: null }, engine.durability.watchWrites);
 * while (!image.step(performance.now() + 4)) await new Promise((resolve) => setImmediate(resolve));
 * const bytes = image.finish();
 * ```
 */
export class SlicedImage {
  private readonly serializer = new DefaultSerializer();
  private readonly tables: Members[] = [];
  /** Objects never written as `KEPT`: those in the stream already, and the collections split. */
  private readonly unwatched = new WeakSet<object>();
  /** The state and environment objects copied into the image: what is put in them is new. */
  private readonly structural = new WeakSet<object>();
  private table = 0;
  private position = 0;
  private stopWatching: (() => void) | undefined;
  /** Why an object could not be kept: the image is then refused, never the write. */
  private failure: unknown;

  constructor(
    image: { state: object } & Record<string, unknown>,
    watch?: (watcher: WriteWatcher) => () => void,
  ) {
    const state = image.state as Record<string, unknown>;
    const data = state['data'];
    const stateCopy = this.split(state, 'data');
    this.structural.add(state);
    if (data instanceof Map) {
      this.structural.add(data);
      const dataCopy = new Map<unknown, unknown>();
      for (const [id, environment] of data) {
        if (!isObject(environment)) {
          dataCopy.set(id, environment);
          continue;
        }
        this.structural.add(environment);
        dataCopy.set(id, this.split(environment as Record<string, unknown>));
      }
      stateCopy['data'] = dataCopy;
    }
    this.serializer.writeHeader();
    this.serializer.writeValue({ ...image, state: stateCopy });
    this.stopWatching = watch?.(this.keep);
  }

  /** A shallow copy of `record` with each collection replaced by its placeholder. */
  private split(record: Record<string, unknown>, except?: string): Record<string, unknown> {
    const copy: Record<string, unknown> = { ...record };
    for (const [key, value] of Object.entries(record)) {
      if (key === except) continue;
      let kind: TableKind;
      let members: Members;
      if (Array.isArray(value)) {
        kind = 'array';
        members = { rows: value.slice() };
      } else if (value instanceof Map) {
        kind = 'map';
        members = { rows: Array.from(value.values()), keys: Array.from(value.keys()) };
      } else if (value instanceof Set) {
        kind = 'set';
        members = { rows: Array.from(value) };
      } else {
        continue;
      }
      this.unwatched.add(value);
      const placeholder: Placeholder = {
        [PLACEHOLDER]: this.tables.length,
        kind,
        size: members.rows.length,
      };
      this.tables.push(members);
      copy[key] = placeholder;
    }
    return copy;
  }

  /** The watcher: writes an object about to change as it still is, unless the stream has it. */
  private readonly keep: WriteWatcher = (target, assigned) => {
    if (this.structural.has(target)) {
      // A collection or environment put into the state now is not part of the image.
      if (isObject(assigned)) this.unwatched.add(assigned);
      return;
    }
    if (this.unwatched.has(target) || this.failure !== undefined) return;
    this.unwatched.add(target);
    try {
      this.serializer.writeUint32(KEPT);
      this.serializer.writeValue(target);
    } catch (error) {
      // The request's write goes on; this image is given up (the last snapshot and its journals
      // stay as they are) and the next compaction starts anew.
      this.failure = error;
      this.stop();
    }
  };

  /** Writes members until `deadline` (`performance.now()`); true once every member is written. */
  step(deadline = Number.POSITIVE_INFINITY): boolean {
    if (this.failure !== undefined) return true; // finish() reports it
    let written = 0;
    while (this.table < this.tables.length) {
      const members = this.tables[this.table] as Members;
      if (this.position >= members.rows.length) {
        this.table += 1;
        this.position = 0;
        continue;
      }
      const row = members.rows[this.position];
      this.serializer.writeUint32(ROW);
      if (members.keys !== undefined) this.serializer.writeValue(members.keys[this.position]);
      this.serializer.writeValue(row);
      if (isObject(row)) this.unwatched.add(row);
      this.position += 1;
      written += 1;
      if ((written & 15) === 0 && performance.now() >= deadline) return false;
    }
    return true;
  }

  /** Stops watching writes (a compaction that gives up). */
  stop(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  /** Writes what is left, stops watching and answers the stream's bytes. */
  finish(): Buffer {
    if (this.failure === undefined) this.step();
    this.stop();
    if (this.failure !== undefined) {
      throw new Error(`an object about to change could not be kept: ${String(this.failure)}`);
    }
    this.serializer.writeUint32(END);
    return this.serializer.releaseBuffer();
  }
}

const isPlaceholder = (value: unknown): value is Placeholder =>
  isObject(value) &&
  !Array.isArray(value) &&
  !(value instanceof Map) &&
  typeof (value as Partial<Placeholder>)[PLACEHOLDER] === 'number';

/**
 * Reads a stream {@link SlicedImage} wrote back into the image; throws an `Error` saying what is
 * wrong with a stream that does not add up.
 *
 * @example
 * ```ts
 * const image = readSlicedImage(section.payload);
 * ```
 */
export function readSlicedImage(bytes: Buffer): unknown {
  const deserializer = new DefaultDeserializer(bytes);
  deserializer.readHeader();
  const image = deserializer.readValue() as { state?: unknown };
  const slots: { owner: Record<string, unknown>; key: string; placeholder: Placeholder }[] = [];
  const collect = (owner: unknown) => {
    if (!isObject(owner)) return;
    for (const [key, value] of Object.entries(owner)) {
      if (isPlaceholder(value)) {
        slots.push({ owner: owner as Record<string, unknown>, key, placeholder: value });
      }
    }
  };
  if (!isObject(image) || !isObject(image.state)) throw new Error('it holds no engine state');
  collect(image.state);
  const data = (image.state as { data?: unknown }).data;
  if (data instanceof Map) for (const environment of data.values()) collect(environment);
  slots.sort((a, b) => a.placeholder[PLACEHOLDER] - b.placeholder[PLACEHOLDER]);
  const members = slots.map((slot, index) => {
    const { kind, size } = slot.placeholder;
    if (
      slot.placeholder[PLACEHOLDER] !== index ||
      !['array', 'map', 'set'].includes(kind) ||
      !Number.isSafeInteger(size) ||
      size < 0
    ) {
      throw new Error(`collection ${index} is not described as written`);
    }
    return { rows: [] as unknown[], keys: [] as unknown[] };
  });
  let table = 0;
  for (;;) {
    const item = deserializer.readUint32();
    if (item === END) break;
    if (item === KEPT) {
      deserializer.readValue(); // referred to by the rows that follow
      continue;
    }
    if (item !== ROW) throw new Error(`an item of unknown kind ${item}`);
    while (table < slots.length && members[table]?.rows.length === slots[table]?.placeholder.size) {
      table += 1;
    }
    const slot = slots[table];
    const into = members[table];
    if (slot === undefined || into === undefined) throw new Error('more rows than collections');
    if (slot.placeholder.kind === 'map') into.keys.push(deserializer.readValue());
    into.rows.push(deserializer.readValue());
  }
  for (const [index, slot] of slots.entries()) {
    const { rows, keys } = members[index] as { rows: unknown[]; keys: unknown[] };
    if (rows.length !== slot.placeholder.size) {
      throw new Error(
        `collection ${index} holds ${rows.length} of its ${slot.placeholder.size} rows`,
      );
    }
    const { kind } = slot.placeholder;
    slot.owner[slot.key] =
      kind === 'array'
        ? rows
        : kind === 'set'
          ? new Set(rows)
          : new Map(rows.map((row, at) => [keys[at], row]));
  }
  return image;
}
