/**
 * The bytes of a data directory's files (docs/decisions/0142-keeping-data.md). Each file starts
 * with a header: an 8-byte magic naming its kind and a format version, so a foreign file and a
 * file of a newer svc-mock are told apart from a damaged one.
 *
 * - header: `magic (8) | version (u32) | generation (u32) | crc32 of those 16 bytes (u32)`;
 *   versions 1 and 2 have no checksum (16 bytes).
 * - journal (`journal-<generation>.log`): header, then records of `length (u32) | crc32 of the
 *   payload (u32) | crc32 of these 8 bytes (u32) | JSON payload`: the length is checked before it
 *   is believed, so a record running past the end of the file is a torn write, not a damaged
 *   length. Since version 5 the payload is a v8-serialized entry of row changes; versions 3 and 4
 *   held JSON requests (read only when the journal is empty). Versions 1 and 2: `length (u32) |
 *   crc32 of the payload (u32) | JSON payload`.
 * - snapshot (`state.snap`, `snapshots/<id>.snap`): header, then one or more sections of
 *   `length (u64) | crc32 (u32) | v8-serialized payload`, back to back. Version 2's `state.snap`
 *   has two (the engine without its reset baseline, then the baseline, decoded when a reset needs
 *   it); version 1's has one (the whole engine), and is still read. Since version 4, the first
 *   section of `state.snap` is a sliced stream (persistence/sliced-image.ts) instead of one value;
 *   control API snapshots are as in version 3. Version 5 snapshots are as in version 4.
 *
 * @module
 */

import { crc32 } from 'node:zlib';

/** The format version this svc-mock writes and the newest it reads (it reads every older one). */
export const FORMAT_VERSION = 5;

/** The first version whose `state.snap` holds its image as a sliced stream (persistence/sliced-image.ts). */
export const SLICED_IMAGE_VERSION = 4;

/**
 * The first version whose journal records are row changes (v8-serialized `CommitEntry`s) instead
 * of requests to play back (JSON).
 */
export const ROW_JOURNAL_VERSION = 5;

/** The first version whose header and record lengths are checksummed. */
const CHECKSUMMED_VERSION = 3;

/** A journal record larger than this is damage, not data (a request body is capped far below). */
export const MAX_RECORD_BYTES = 256 * 1024 * 1024;

export const JOURNAL_MAGIC = 'SVCJRNL\n';
export const SNAPSHOT_MAGIC = 'SVCSNAP\n';

/** Header: magic (8) | version (u32) | generation (u32) | crc32 (u32). */
export const HEADER_BYTES = 20;
/** A journal record's frame before its payload: length (u32) | crc32 (u32) | frame crc32 (u32). */
export const RECORD_HEADER_BYTES = 12;

/**
 * The sizes of a file's header and of its records' frames in format `version`.
 *
 * @example
 * ```ts
 * const { header, recordFrame } = layoutOf(2); // 16 and 8
 * ```
 */
export function layoutOf(version: number): { header: number; recordFrame: number } {
  return version >= CHECKSUMMED_VERSION
    ? { header: HEADER_BYTES, recordFrame: RECORD_HEADER_BYTES }
    : { header: 16, recordFrame: 8 };
}
/** A snapshot's frame before its payload: length (u64) | crc32 (u32). */
export const SNAPSHOT_FRAME_BYTES = 12;

/**
 * A data file svc-mock will not use, with the file and byte offset it found the problem at.
 *
 * @example
 * ```ts
 * throw new DataFileError('/data/journal-1.log', 16, 'the record is damaged (checksum)');
 * ```
 */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly problem: string,
  ) {
    super(`${file} at byte ${offset}: ${problem}`);
    this.name = 'DataFileError';
  }
}

/**
 * A file header.
 *
 * @example
 * ```ts
 * fs.writeSync(fd, header(JOURNAL_MAGIC, 3));
 * ```
 */
export function header(magic: string, generation: number): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.write(magic, 0, 'latin1');
  bytes.writeUInt32LE(FORMAT_VERSION, 8);
  bytes.writeUInt32LE(generation, 12);
  bytes.writeUInt32LE(crc32(bytes.subarray(0, 16)), 16);
  return bytes;
}

/**
 * Reads a file header: the generation it names, or a {@link DataFileError} saying why the file
 * is not one svc-mock can read.
 *
 * @example
 * ```ts
 * const generation = readHeader(bytes, JOURNAL_MAGIC, file);
 * ```
 */
export function readHeader(bytes: Buffer, magic: string, file: string): number {
  return readVersionedHeader(bytes, magic, file).generation;
}

/**
 * {@link readHeader}, with the format version the file was written in and its header's size.
 *
 * @example
 * ```ts
 * const { version, generation, headerBytes } = readVersionedHeader(bytes, SNAPSHOT_MAGIC, file);
 * ```
 */
export function readVersionedHeader(
  bytes: Buffer,
  magic: string,
  file: string,
): { version: number; generation: number; headerBytes: number } {
  if (bytes.length < 16 || bytes.toString('latin1', 0, 8) !== magic) {
    throw new DataFileError(file, 0, 'not a svc-mock data file of this kind (a foreign file?)');
  }
  const version = bytes.readUInt32LE(8);
  if (version > FORMAT_VERSION) {
    throw new DataFileError(
      file,
      8,
      `written by a newer svc-mock (format version ${version}; this one reads up to ${FORMAT_VERSION}): upgrade svc-mock or use another --data directory`,
    );
  }
  if (version === 0) throw new DataFileError(file, 8, 'format version 0 is not a version');
  if (version >= CHECKSUMMED_VERSION) {
    if (bytes.length < HEADER_BYTES || crc32(bytes.subarray(0, 16)) !== bytes.readUInt32LE(16)) {
      throw new DataFileError(file, 0, 'the header is damaged (its checksum does not match)');
    }
  }
  return { version, generation: bytes.readUInt32LE(12), headerBytes: layoutOf(version).header };
}

/**
 * One journal record: its frame and payload.
 *
 * @example
 * ```ts
 * fs.writeSync(fd, frameRecord(Buffer.from(JSON.stringify(entry))));
 * ```
 */
export function frameRecord(payload: Buffer): Buffer {
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + payload.length);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(crc32(payload), 4);
  record.writeUInt32LE(crc32(record.subarray(0, 8)), 8);
  payload.copy(record, RECORD_HEADER_BYTES);
  return record;
}

/**
 * A snapshot file's bytes: header, then a frame and payload per section.
 *
 * @example
 * ```ts
 * const bytes = frameSnapshot([serialize(image)], generation);
 * ```
 */
export function frameSnapshot(sections: readonly Buffer[], generation: number): Buffer[] {
  return frameChecksummed(
    sections.map((payload) => ({ payload, checksum: crc32(payload) })),
    generation,
  );
}

/**
 * {@link frameSnapshot} of sections whose checksums are already known (computed in slices).
 *
 * @example
 * ```ts
 * const bytes = frameChecksummed([{ payload, checksum: crc32(payload) }], generation);
 * ```
 */
export function frameChecksummed(
  sections: readonly { payload: Buffer; checksum: number }[],
  generation: number,
): Buffer[] {
  const parts = [header(SNAPSHOT_MAGIC, generation)];
  for (const { payload, checksum } of sections) {
    const frame = Buffer.alloc(SNAPSHOT_FRAME_BYTES);
    frame.writeBigUInt64LE(BigInt(payload.length), 0);
    frame.writeUInt32LE(checksum, 8);
    parts.push(frame, payload);
  }
  return parts;
}

/** The checksum records and snapshots carry. */
export { crc32 };
