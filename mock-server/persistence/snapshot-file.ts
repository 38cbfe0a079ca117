/**
 * Snapshot files: the whole engine (or a snapshot taken through the control API) in one file,
 * replaced atomically: written to a temporary file, synced, renamed over the old one, and the
 * directory synced so the rename itself survives a power loss.
 *
 * @module
 */

import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DataFs } from './data-fs';
import {
  crc32,
  DataFileError,
  frameSnapshot,
  HEADER_BYTES,
  readHeader,
  SNAPSHOT_FRAME_BYTES,
  SNAPSHOT_MAGIC,
} from './file-format';

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
  return frameSnapshot(serialize(value), generation);
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
  for (const _chunk of replaceFile(fs, file, parts)) {
    if (background) await new Promise((resolve) => setImmediate(resolve));
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

/** The atomic replacement, one step per chunk written, so the caller decides whether to yield. */
function* replaceFile(fs: DataFs, file: string, parts: readonly Buffer[]): Generator<void> {
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    let position = 0;
    for (const part of parts) {
      for (let start = 0; start < part.length; ) {
        const end = Math.min(part.length, start + CHUNK_BYTES);
        const wrote = fs.writeSync(fd, part, start, end - start, position);
        start += wrote;
        position += wrote;
        yield;
      }
    }
    fs.fsyncSync(fd);
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
  syncDirectory(fs, dirname(file));
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
 * Reads a snapshot file: its generation and its value, or a {@link DataFileError}.
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
  const generation = readHeader(bytes, SNAPSHOT_MAGIC, file);
  if (bytes.length < HEADER_BYTES + SNAPSHOT_FRAME_BYTES) {
    throw new DataFileError(file, HEADER_BYTES, 'the snapshot is cut short');
  }
  const length = Number(bytes.readBigUInt64LE(HEADER_BYTES));
  const checksum = bytes.readUInt32LE(HEADER_BYTES + 8);
  const start = HEADER_BYTES + SNAPSHOT_FRAME_BYTES;
  if (start + length !== bytes.length) {
    throw new DataFileError(
      file,
      HEADER_BYTES,
      `the snapshot should hold ${length} bytes but the file holds ${bytes.length - start}`,
    );
  }
  const payload = bytes.subarray(start);
  if (crc32(payload) !== checksum) {
    throw new DataFileError(file, start, 'the snapshot is damaged (its checksum does not match)');
  }
  try {
    return { generation, value: deserialize(payload) };
  } catch (error) {
    throw new DataFileError(
      file,
      start,
      `the snapshot cannot be read: ${(error as Error).message}`,
    );
  }
}
