// A journal of a format before 5 holds requests, which this svc-mock would play back under its own
// rules (docs/decisions/0142-keeping-data.md#rows-not-requests): one that holds a record is
// refused at start with what to do, and left as it was; an empty one (a compaction or a clean
// stop's) is read and rewritten in the current format.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crc32,
  FORMAT_VERSION,
  frameRecord,
  HEADER_BYTES,
} from '../../mock-server/persistence/file-format';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();
const { start, stop } = kept;

/** A journal's header as `version` wrote it (formats 3 and 4 share today's layout). */
function headerOf(bytes: Buffer, version: 3 | 4): Buffer {
  const head = Buffer.from(bytes.subarray(0, HEADER_BYTES));
  head.writeUInt32LE(version, 8);
  head.writeUInt32LE(crc32(head.subarray(0, 16)), 16);
  return head;
}

/** The request record a format 4 svc-mock wrote for a subscriber's creation. */
const requestRecord = frameRecord(
  Buffer.from(
    JSON.stringify({
      kind: 'operation',
      at: Date.parse('2026-03-01T09:00:00.000Z'),
      operation: 'subscribers.create',
      authorization: 'ApiKey test',
      params: {},
      query: '',
      path: '/v2/subscribers',
      body: { subscriberId: 'from-an-old-journal' },
      ids: ['65f000000000000000000001'],
    }),
    'utf8',
  ),
);

const journals = () => readdirSync(kept.path).filter((name) => name.startsWith('journal-'));

describe.each([3, 4] as const)('a journal of format version %i', (version) => {
  it('that holds a request is refused at start, naming the file, its format and what to do; the file stays', async () => {
    const first = await start();
    expect((await first.call('POST', '/v2/subscribers', { subscriberId: 'kept' })).status).toBe(
      201,
    );
    await first.data.checkpoint();
    await stop(first);
    const [name] = journals();
    const file = join(kept.path, name as string);
    const old = Buffer.concat([headerOf(readFileSync(file), version), requestRecord]);
    writeFileSync(file, old);

    const refusal = start();
    await expect(refusal).rejects.toThrow(file);
    await expect(refusal).rejects.toThrow(
      new RegExp(`format version ${version} holds requests to play back`),
    );
    await expect(refusal).rejects.toThrow(
      /start this --data directory once with the svc-mock that wrote it/,
    );
    await expect(refusal).rejects.toThrow(/or move this file out of the directory/);
    // Never replayed, never cut (not even with a repair: the version is in the header).
    await expect(start({ repair: true })).rejects.toThrow(/holds requests to play back/);
    expect(readFileSync(file)).toEqual(old);

    // Empty, as the svc-mock that wrote it leaves it once it compacted: read and rewritten.
    writeFileSync(file, headerOf(old, version));
    const second = await start();
    expect((await second.call('GET', '/v2/subscribers/kept')).status).toBe(200);
    expect((await second.call('GET', '/v2/subscribers/from-an-old-journal')).status).toBe(404);
    await second.data.checkpoint();
    await stop(second);
    for (const journal of journals()) {
      expect(readFileSync(join(kept.path, journal)).readUInt32LE(8)).toBe(FORMAT_VERSION);
    }
  });
});
