/**
 * Reads a journal file back: every whole record, a torn last one dropped, damage anywhere else
 * (a damaged length included) refused with the file and offset (docs/http-server.md#keeping-data).
 * A journal of a format before 5 holds requests: read when empty, refused when it holds any
 * (docs/decisions/0142-keeping-data.md#rows-not-requests).
 *
 * @module
 */

import { deserialize } from 'node:v8';
import type { CommitEntry } from '../engine/store/commit-log';
import {
  crc32,
  DataFileError,
  FORMAT_VERSION,
  JOURNAL_MAGIC,
  layoutOf,
  MAX_RECORD_BYTES,
  RECORD_HEADER_BYTES,
  ROW_JOURNAL_VERSION,
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

const KINDS = new Set(['operation', 'task', 'fan-out', 'bridge']);

const isChange = (value: unknown): boolean =>
  isObject(value) &&
  typeof value['table'] === 'string' &&
  (value['environment'] === undefined || typeof value['environment'] === 'string') &&
  (value['removed'] === undefined || value['removed'] === true) &&
  (value['field'] === undefined || value['field'] === true) &&
  (value['field'] === true || 'key' in value);

/** Whether a decoded payload has the shape of a commit entry (its rows are checked as applied). */
function isEntry(value: unknown): value is CommitEntry {
  return (
    isObject(value) &&
    typeof value['kind'] === 'string' &&
    KINDS.has(value['kind']) &&
    typeof value['at'] === 'number' &&
    Number.isFinite(value['at']) &&
    Array.isArray(value['changes']) &&
    value['changes'].every(isChange)
  );
}

/**
 * Why a journal of an older format cannot be read: it holds requests, which this svc-mock would
 * play back under its own rules and could turn into another state.
 */
function olderJournalProblem(version: number): string {
  return `a journal of format version ${version} holds requests to play back, which this svc-mock (format ${FORMAT_VERSION}, which keeps rows) will not replay under its own rules: start this --data directory once with the svc-mock that wrote it and stop it (its start compacts the journal into ${'state.snap'}), or move this file out of the directory to start from state.snap without the changes it holds`;
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
    // An older journal with a record is refused whole (its header's version): never replayed.
    if (version < ROW_JOURNAL_VERSION)
      throw new DataFileError(file, 8, olderJournalProblem(version));
    let entry: unknown;
    try {
      entry = deserialize(payload);
    } catch {
      throw new DataFileError(file, offset, 'the record cannot be decoded');
    }
    if (!isEntry(entry)) throw new DataFileError(file, offset, 'the record is not a commit entry');
    records.push({ offset, entry });
    offset = payloadEnd;
  }
  return { version, generation, records, end: offset };
}
