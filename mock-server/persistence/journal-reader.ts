/**
 * Reads a journal file back: every whole record, a torn last one dropped, damage anywhere else
 * (a damaged length included) refused with the file and offset (docs/http-server.md#keeping-data).
 *
 * @module
 */

import type { CommitEntry } from '../engine/store/commit-log';
import {
  crc32,
  DataFileError,
  JOURNAL_MAGIC,
  layoutOf,
  MAX_RECORD_BYTES,
  RECORD_HEADER_BYTES,
  readVersionedHeader,
} from './file-format';

/** A record read from a journal, with where it starts. */
export interface JournalRecord {
  offset: number;
  entry: CommitEntry;
}

/** What {@link readJournal} found. */
export interface JournalContents {
  /** The format version it was written in. */
  version: number;
  generation: number;
  records: JournalRecord[];
  /** Where the whole records end: the length the file should have. */
  end: number;
  /** Set when the file ends in a record cut short (a power loss mid-write): where it starts. */
  tornAt?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isSessionRef = (value: unknown): boolean =>
  isObject(value) &&
  typeof value['environmentId'] === 'string' &&
  typeof value['subscriberObjectId'] === 'string' &&
  isStringArray(value['contextKeys']);

/** Whether a parsed payload has the shape of a commit entry (the rest is checked by playing it). */
function isEntry(value: unknown): value is CommitEntry {
  if (!isObject(value) || typeof value['at'] !== 'number' || !isStringArray(value['ids'])) {
    return false;
  }
  if (value['kind'] === 'task') return Number.isInteger(value['seq']);
  if (value['kind'] === 'bridge')
    return Number.isInteger(value['seq']) && isObject(value['outcome']);
  if (value['kind'] === 'fan-out') {
    return (
      Number.isInteger(value['seq']) &&
      Number.isInteger(value['reached']) &&
      (value['reached'] as number) >= 0 &&
      (value['abandoned'] === undefined || value['abandoned'] === true)
    );
  }
  return (
    value['kind'] === 'operation' &&
    typeof value['operation'] === 'string' &&
    (value['authorization'] === null || typeof value['authorization'] === 'string') &&
    isObject(value['params']) &&
    Object.values(value['params']).every((param) => typeof param === 'string') &&
    typeof value['query'] === 'string' &&
    typeof value['path'] === 'string' &&
    (value['idempotencyKey'] === undefined || typeof value['idempotencyKey'] === 'string') &&
    (value['fanOutInline'] === undefined ||
      (Number.isInteger(value['fanOutInline']) && (value['fanOutInline'] as number) >= 0)) &&
    (value['session'] === undefined || isSessionRef(value['session'])) &&
    (value['environmentId'] === undefined || typeof value['environmentId'] === 'string')
  );
}

/**
 * Parses a journal's bytes. `last` says whether it is the newest journal, the only one whose
 * end may be torn; anything else that does not check out throws a {@link DataFileError}. A
 * record is taken for torn only where the file ends inside it: in format 3 its length is
 * checked (the frame's own checksum) before it is believed, so a damaged length is damage.
 *
 * @example
 * ```ts
 * const { records, tornAt } = readJournal(readFileSync(file), file, true);
 * ```
 */
export function readJournal(bytes: Buffer, file: string, last: boolean): JournalContents {
  const { version, generation, headerBytes } = readVersionedHeader(bytes, JOURNAL_MAGIC, file);
  const frameBytes = layoutOf(version).recordFrame;
  const checkedFrames = frameBytes === RECORD_HEADER_BYTES;
  const records: JournalRecord[] = [];
  let offset = headerBytes;
  const torn = (at: number, problem: string): JournalContents => {
    if (!last) throw new DataFileError(file, at, `${problem} in a journal that is not the last`);
    return { version, generation, records, end: at, tornAt: at };
  };
  while (offset < bytes.length) {
    // A file extended with zeros (what some file systems leave after a power loss) ends here.
    if (bytes.subarray(offset, offset + frameBytes).every((byte) => byte === 0)) {
      if (bytes.subarray(offset).every((byte) => byte === 0)) {
        return torn(offset, 'zeros after the last record');
      }
    }
    if (offset + frameBytes > bytes.length) return torn(offset, 'a cut-off record');
    const length = bytes.readUInt32LE(offset);
    const checksum = bytes.readUInt32LE(offset + 4);
    if (
      checkedFrames &&
      crc32(bytes.subarray(offset, offset + 8)) !== bytes.readUInt32LE(offset + 8)
    ) {
      throw new DataFileError(
        file,
        offset,
        "the record's length is damaged (its checksum does not match)",
      );
    }
    const payloadStart = offset + frameBytes;
    const payloadEnd = payloadStart + length;
    if (length === 0 || length > MAX_RECORD_BYTES) {
      throw new DataFileError(file, offset, `a record claims ${length} bytes (damaged)`);
    }
    if (payloadEnd > bytes.length) return torn(offset, 'a cut-off record');
    const payload = bytes.subarray(payloadStart, payloadEnd);
    if (crc32(payload) !== checksum) {
      // The very last record with a bad checksum was being written when the power went.
      if (payloadEnd === bytes.length) return torn(offset, 'a half-written last record');
      throw new DataFileError(file, offset, 'the record is damaged (its checksum does not match)');
    }
    let entry: unknown;
    try {
      entry = JSON.parse(payload.toString('utf8'));
    } catch {
      throw new DataFileError(file, offset, 'the record is not JSON');
    }
    if (!isEntry(entry)) throw new DataFileError(file, offset, 'the record is not a commit entry');
    records.push({ offset, entry });
    offset = payloadEnd;
  }
  return { version, generation, records, end: offset };
}
