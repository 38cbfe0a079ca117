/**
 * Snapshot files: the whole engine (or a snapshot taken through the control API) in one file,
 * replaced atomically: written to a new temporary file of a random name, synced, renamed over the old one, and the
 * directory synced so the rename itself survives a power loss.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import type { DurableImage, EncodedEngineState } from '../engine/engine';
import type { WriteWatcher } from '../engine/store/journal';
import type { DataFs } from './data-fs';
import {
  crc32,
  DataFileError,
  frameChecksummed,
  frameSnapshot,
  readVersionedHeader,
  SLICED_IMAGE_VERSION,
  SNAPSHOT_FRAME_BYTES,
  SNAPSHOT_MAGIC,
} from './file-format';
import { readSlicedImage, SlicedImage } from './sliced-image';

/** How much is written between two turns of the event loop while a snapshot is saved. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Serializes a value (Maps, Sets and shared references kept) as a snapshot file's bytes.
 *
 * @example
 * ```ts
 * const bytes = encodeSnapshot(engine.durability.image(), 3);
 * ```
 */
export function encodeSnapshot(value: unknown, generation: number): Buffer[] {
  return frameSnapshot([serialize(value)], generation);
}

/**
 * A reset baseline as `state.snap` holds it, decoded only when a reset needs it: a start
 * then builds the engine's state once instead of twice. Each `decode()` answers a new copy.
 *
 * @example
 * ```ts
 * const baseline = new EncodedBaseline(bytes, '/data/state.snap', 1024);
 * const copy = baseline.decode();
 * ```
 */
export class EncodedBaseline implements EncodedEngineState {
  constructor(
    /** The v8-serialized baseline (its own copy, not a view of the whole file). */
    readonly bytes: Buffer,
    private readonly file: string,
    private readonly offset: number,
  ) {}

  decode(): unknown {
    try {
      return deserialize(this.bytes);
    } catch (error) {
      const problem = `the reset baseline cannot be read: ${(error as Error).message}`;
      throw new TypeError(new DataFileError(this.file, this.offset, problem).message);
    }
  }
}

/** How long one slice of a compaction runs before it lets requests in. */
const SLICE_MS = 4;
/** How many bytes a checksum covers between two turns of the event loop. */
const CHECKSUM_SLICE_BYTES = 8 * 1024 * 1024;

/** Baselines serialized already: a baseline is replaced, never changed, so its bytes stay. */
const baselineBytes = new WeakMap<object, Buffer>();

function bytesOfBaseline(baseline: DurableImage['baseline']): Buffer {
  if (baseline instanceof EncodedBaseline) return baseline.bytes;
  let bytes = baselineBytes.get(baseline);
  if (bytes === undefined) {
    bytes = serialize(baseline);
    baselineBytes.set(baseline, bytes);
  }
  return bytes;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `state.snap` being written for an engine image as it is when this is created: the engine
 * without its reset baseline as a sliced stream (persistence/sliced-image.ts), then the baseline
 * in a section of its own (a baseline still encoded since the start is written as it was read).
 * While it is written, `watch` tells it of each write to the state, so requests may run between
 * its slices and the file still holds the state as it was at its creation.
 *
 * @example
 * ```ts
 * const writing = new EngineImageWriting(engine.durability.image(), engine.durability.watchWrites);
 * const parts = await writing.parts(3, true);
 * ```
 */
export class EngineImageWriting {
  private readonly image: SlicedImage;
  private readonly baseline: Buffer;

  constructor(image: DurableImage, watch?: (watcher: WriteWatcher) => () => void) {
    this.baseline = bytesOfBaseline(image.baseline);
    this.image = new SlicedImage({ ...image, baseline: null }, watch);
  }

  /**
   * The file's bytes for `generation`. With `background`, serializes and checksums in slices of
   * a few milliseconds, letting requests in between; otherwise in one step.
   */
  async parts(generation: number, background: boolean): Promise<Buffer[]> {
    let payload: Buffer;
    try {
      if (background) {
        while (!this.image.step(performance.now() + SLICE_MS)) await nextTurn();
      }
      payload = this.image.finish();
    } finally {
      this.image.stop();
    }
    const sections = [];
    for (const section of [payload, this.baseline]) {
      let checksum = 0;
      for (let start = 0; start < section.length; start += CHECKSUM_SLICE_BYTES) {
        checksum = crc32(section.subarray(start, start + CHECKSUM_SLICE_BYTES), checksum);
        if (background) await nextTurn();
      }
      sections.push({ payload: section, checksum });
    }
    return frameChecksummed(sections, generation);
  }

  /** Gives up: stops watching writes. */
  stop(): void {
    this.image.stop();
  }
}

/**
 * The bytes of `state.snap` for an engine image, in one step ({@link EngineImageWriting} for a
 * compaction that lets requests in).
 *
 * @example
 * ```ts
 * const parts = encodeEngineImage(engine.durability.image(), 3);
 * ```
 */
export function encodeEngineImage(image: DurableImage, generation: number): Buffer[] {
  const payload = new SlicedImage({ ...image, baseline: null }).finish();
  return frameSnapshot([payload, bytesOfBaseline(image.baseline)], generation);
}

/**
 * Writes `parts` to `file` atomically. With `background`, yields to the event loop between
 * chunks so requests keep being answered while a large snapshot is saved.
 *
 * @example
 * ```ts
 * await writeFileAtomically(fs, '/data/state.snap', encodeSnapshot(image, 3), true);
 * ```
 */
export async function writeFileAtomically(
  fs: DataFs,
  file: string,
  parts: readonly Buffer[],
  background: boolean,
): Promise<void> {
  if (!background) {
    writeFileAtomicallyNow(fs, file, parts);
    return;
  }
  // The sync runs off the event loop: a large snapshot's can take longer than its serializing.
  const flush = (fd: number) =>
    new Promise<void>((resolve, reject) =>
      fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
  const steps = replaceFile(fs, file, parts, flush, (folder) =>
    syncDirectoryInBackground(fs, folder),
  );
  for (let step = steps.next(); step.done !== true; ) {
    try {
      await (step.value ?? nextTurn());
    } catch (error) {
      step = steps.throw(error); // the file is closed and removed, and the error goes on
      continue;
    }
    step = steps.next();
  }
}

/**
 * {@link writeFileAtomically} without yielding: for small files written inside a request.
 *
 * @example
 * ```ts
 * writeFileAtomicallyNow(fs, '/data/snapshots/before.snap', encodeSnapshot(entry, 0));
 * ```
 */
export function writeFileAtomicallyNow(fs: DataFs, file: string, parts: readonly Buffer[]): void {
  for (const _chunk of replaceFile(fs, file, parts)) {
    // written: nothing to wait for between chunks
  }
}

/**
 * The atomic replacement, one step per chunk written, so the caller decides whether to yield; with
 * `flush`, the file is synced by the promise it yields (after it resolves, the steps go on).
 */
function* replaceFile(
  fs: DataFs,
  file: string,
  parts: readonly Buffer[],
  flush?: (fd: number) => Promise<void>,
  flushDirectory?: (directory: string) => Promise<void>,
): Generator<Promise<void> | undefined> {
  // A new file of a random name: a file or symlink planted in the directory is never written to.
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    let position = 0;
    for (const part of parts) {
      for (let start = 0; start < part.length; ) {
        const end = Math.min(part.length, start + CHUNK_BYTES);
        const wrote = fs.writeSync(fd, part, start, end - start, position);
        start += wrote;
        position += wrote;
        yield undefined;
      }
    }
    if (flush === undefined) fs.fsyncSync(fd);
    else yield flush(fd);
  } catch (error) {
    fs.closeSync(fd);
    try {
      fs.unlinkSync(temporary);
    } catch {
      // already gone
    }
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temporary, file);
  if (flushDirectory === undefined) syncDirectory(fs, dirname(file));
  else yield flushDirectory(dirname(file));
}

/**
 * Syncs a directory, so a file created, renamed or removed in it stays so after a power loss.
 *
 * @example
 * ```ts
 * syncDirectory(fs, '/data');
 * ```
 */
export function syncDirectory(fs: DataFs, directory: string): void {
  let fd: number;
  try {
    fd = fs.openSync(directory, 'r');
  } catch {
    return; // a platform that cannot open directories (Windows) syncs them with the files
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    // some file systems refuse fsync on a directory; the rename is then as durable as they make it
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * {@link syncDirectory} off the event loop (a busy disk can take a tenth of a second per sync).
 *
 * @example
 * ```ts
 * await syncDirectoryInBackground(fs, '/data');
 * ```
 */
export async function syncDirectoryInBackground(fs: DataFs, directory: string): Promise<void> {
  let fd: number;
  try {
    fd = fs.openSync(directory, 'r');
  } catch {
    return; // as syncDirectory
  }
  try {
    await new Promise<void>((resolve) => fs.fsync(fd, () => resolve())); // as syncDirectory: a refusal is not an error
  } finally {
    fs.closeSync(fd);
  }
}

/** One section of a snapshot file: its payload and where that payload starts. */
interface SnapshotSection {
  offset: number;
  payload: Buffer;
}

function readSections(
  bytes: Buffer,
  file: string,
): { version: number; generation: number; headerBytes: number; sections: SnapshotSection[] } {
  const { version, generation, headerBytes } = readVersionedHeader(bytes, SNAPSHOT_MAGIC, file);
  const sections: SnapshotSection[] = [];
  let offset = headerBytes;
  do {
    if (bytes.length < offset + SNAPSHOT_FRAME_BYTES) {
      throw new DataFileError(file, offset, 'the snapshot is cut short');
    }
    const length = Number(bytes.readBigUInt64LE(offset));
    const checksum = bytes.readUInt32LE(offset + 8);
    const start = offset + SNAPSHOT_FRAME_BYTES;
    // Version 1 has exactly one section: the file ends with it.
    const fits = version === 1 ? start + length === bytes.length : start + length <= bytes.length;
    if (!fits) {
      throw new DataFileError(
        file,
        offset,
        `the snapshot should hold ${length} bytes but the file holds ${bytes.length - start}`,
      );
    }
    const payload = bytes.subarray(start, start + length);
    if (crc32(payload) !== checksum) {
      throw new DataFileError(file, start, 'the snapshot is damaged (its checksum does not match)');
    }
    sections.push({ offset: start, payload });
    offset = start + length;
  } while (offset < bytes.length);
  return { version, generation, headerBytes, sections };
}

function decodeSection(section: SnapshotSection, file: string, sliced = false): unknown {
  try {
    return sliced ? readSlicedImage(section.payload) : deserialize(section.payload);
  } catch (error) {
    throw new DataFileError(
      file,
      section.offset,
      `the snapshot cannot be read: ${(error as Error).message}`,
    );
  }
}

/**
 * Reads a snapshot file of one value (a control API snapshot): its generation and its value, or
 * a {@link DataFileError}.
 *
 * @example
 * ```ts
 * const { generation, value } = readSnapshotFile(fs.readFileSync(file), file);
 * ```
 */
export function readSnapshotFile(
  bytes: Buffer,
  file: string,
): { generation: number; value: unknown } {
  const { generation, headerBytes, sections } = readSections(bytes, file);
  const [only, extra] = sections;
  if (only === undefined || extra !== undefined) {
    throw new DataFileError(file, headerBytes, 'the snapshot should hold one section');
  }
  return { generation, value: decodeSection(only, file) };
}

/**
 * Reads `state.snap`: its generation and the engine image, whose reset baseline stays encoded
 * (an {@link EncodedBaseline}) when the file keeps it apart (format version 2); a version 1 file
 * holds the whole image in one section; since version 4 the image is a sliced stream. Throws a {@link DataFileError}.
 *
 * @example
 * ```ts
 * const { generation, image } = readEngineImage(fs.readFileSync(file), file);
 * engine.durability.load(image);
 * ```
 */
export function readEngineImage(
  bytes: Buffer,
  file: string,
): { version: number; generation: number; image: DurableImage; imageOffset: number } {
  const { version, generation, headerBytes, sections } = readSections(bytes, file);
  const [main, baseline, extra] = sections;
  if (main === undefined || extra !== undefined) {
    throw new DataFileError(file, headerBytes, 'the snapshot should hold one or two sections');
  }
  const value = decodeSection(main, file, version >= SLICED_IMAGE_VERSION);
  const imageOffset = main.offset;
  if (baseline === undefined) {
    return { version, generation, image: value as DurableImage, imageOffset };
  }
  if (value === null || typeof value !== 'object') {
    throw new DataFileError(file, main.offset, 'the snapshot is not a saved engine');
  }
  const kept = new EncodedBaseline(Buffer.from(baseline.payload), file, baseline.offset);
  return {
    version,
    generation,
    image: { ...(value as DurableImage), baseline: kept },
    imageOffset,
  };
}

/** A temporary file {@link writeFileAtomically} leaves when it is cut short (a crash). */
export const TEMPORARY_FILE = /\.[0-9a-f]{16}\.tmp$|\.snap\.tmp$/;
