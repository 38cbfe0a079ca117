// A data directory's files are checked, not trusted (docs/http-server.md#keeping-data).
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_VERSION,
  frameRecord,
  frameSnapshot,
  HEADER_BYTES,
  RECORD_HEADER_BYTES,
} from '../../mock-server/persistence/file-format';
import { SlicedImage } from '../../mock-server/persistence/sliced-image';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();
const { start } = kept;

/** Starts, creates these subscribers, stops: the journal then holds one record each. */
async function journalWith(...subscriberIds: string[]): Promise<string> {
  const server = await start();
  for (const subscriberId of subscriberIds) {
    expect((await server.call('POST', '/v2/subscribers', { subscriberId })).status).toBe(201);
  }
  await kept.stop(server);
  const journal = readdirSync(kept.path).find((name) => name.startsWith('journal-'));
  return join(kept.path, journal as string);
}

describe('a torn last record', () => {
  it('is dropped with a log line; the records before it are kept', async () => {
    const journal = await journalWith('before-tear');
    // A record that promises 500 bytes, of which 40 reached the disk before the power went.
    const torn = frameRecord(Buffer.alloc(500, 0x61)).subarray(0, 40);
    appendFileSync(journal, torn);
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    expect(lines).toEqual([
      expect.stringMatching(/dropped a torn last record of .*journal-1\.log at byte \d+/),
    ]);
    expect((await server.call('GET', '/v2/subscribers/before-tear')).status).toBe(200);
    // The torn end is cut at once: a later start, with a newer journal after it, still reads it.
    expect(
      (await server.call('POST', '/v2/subscribers', { subscriberId: 'after-tear' })).status,
    ).toBe(201);
    await kept.stop(server);
    const again = await start();
    expect((await again.call('GET', '/v2/subscribers/before-tear')).status).toBe(200);
    expect((await again.call('GET', '/v2/subscribers/after-tear')).status).toBe(200);
  });
});

describe('damage before the last record', () => {
  it('refuses to start, naming the file and the byte offset', async () => {
    const journal = await journalWith('one', 'two');
    const bytes = readFileSync(journal);
    const inFirst = HEADER_BYTES + RECORD_HEADER_BYTES + 5; // inside the first record's payload
    bytes[inFirst] = (bytes[inFirst] as number) ^ 0xff;
    writeFileSync(journal, bytes);
    await expect(start()).rejects.toThrow(
      /journal-1\.log at byte 20: the record is damaged \(its checksum does not match\); .*--data-repair/,
    );
  });

  it('--data-repair cuts the journal back to the last good record', async () => {
    const journal = await journalWith('one', 'two', 'three');
    const bytes = readFileSync(journal);
    const second = HEADER_BYTES + RECORD_HEADER_BYTES + bytes.readUInt32LE(HEADER_BYTES);
    const inSecond = second + RECORD_HEADER_BYTES + 3;
    bytes[inSecond] = (bytes[inSecond] as number) ^ 0xff;
    writeFileSync(journal, bytes);
    const lines: string[] = [];
    const server = await start({ repair: true, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toMatch(/--data-repair cut .*journal-1\.log back to byte \d+/);
    expect((await server.call('GET', '/v2/subscribers/one')).status).toBe(200);
    expect((await server.call('GET', '/v2/subscribers/two')).status).toBe(404);
    expect((await server.call('GET', '/v2/subscribers/three')).status).toBe(404);
  });
});

describe('files svc-mock cannot use', () => {
  it('refuses a foreign file as the snapshot', async () => {
    await journalWith();
    writeFileSync(join(kept.path, 'state.snap'), 'not ours at all');
    await expect(start()).rejects.toThrow(
      /state\.snap at byte 0: not a svc-mock data file of this kind/,
    );
  });

  it('refuses a file of a newer format version with a clear message', async () => {
    const journal = await journalWith('one');
    const bytes = readFileSync(journal);
    bytes.writeUInt32LE(FORMAT_VERSION + 1, 8);
    writeFileSync(journal, bytes);
    await expect(start()).rejects.toThrow(
      `journal-1.log at byte 8: written by a newer svc-mock (format version ${FORMAT_VERSION + 1}; this one reads up to ${FORMAT_VERSION})`,
    );
  });

  it('checks the snapshot as /__svc/restore checks one', async () => {
    await journalWith();
    const file = join(kept.path, 'state.snap');
    const generation = readFileSync(file).readUInt32LE(12);
    const bad = {
      state: { organizations: [] },
      baseline: {},
      organizationId: 'x',
      environmentIds: [],
    };
    writeFileSync(file, Buffer.concat(frameSnapshot([new SlicedImage(bad).finish()], generation)));
    await expect(start()).rejects.toThrow(/state\.snap at byte 32: Not a saved engine: .*not a/);
  });

  it('refuses a damaged control API snapshot file, naming it', async () => {
    const server = await start();
    const taken = await fetch(`${server.url}/__svc/snapshots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'kept' }),
    });
    expect(taken.status).toBe(201);
    await kept.stop(server);
    const file = join(kept.path, 'snapshots', 'kept.snap');
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0xff;
    writeFileSync(file, bytes);
    await expect(start()).rejects.toThrow(/kept\.snap at byte 32: the snapshot is damaged/);
  });

  it('refuses a second svc-mock on the same directory, naming the holder', async () => {
    await start();
    await expect(start()).rejects.toThrow(
      new RegExp(`is in use by another svc-mock \\(pid ${process.pid}`),
    );
  });
});
