// Issue 38 items 4 and 5: one changed byte in a data directory must not lose acknowledged writes.
// The snapshot's generation (header bytes 12-15) was outside every checksum and a start deleted
// every journal older than it, silently; a record's length was outside its checksum, so a length
// running past the end of the file was taken for a torn last record wherever it stood, and the
// start cut every later record, logging they were "never acknowledged".
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, RECORD_HEADER_BYTES } from '../../mock-server/persistence/file-format';
import { inOlderFormat, keptDirectoryPerTest, withPlainImage } from '../persistence/helpers';

const kept = keptDirectoryPerTest();

const journals = () => readdirSync(kept.path).filter((name) => name.startsWith('journal-'));

/** Starts, creates `count` subscribers (each acknowledged), stops: one journal record each. */
async function acknowledged(count: number): Promise<string[]> {
  const server = await kept.start();
  const ids = Array.from({ length: count }, (_, index) => `acked-${index}`);
  for (const subscriberId of ids) {
    expect((await server.call('POST', '/v2/subscribers', { subscriberId })).status).toBe(201);
  }
  await kept.stop(server);
  return ids;
}

async function kept200(ids: string[]): Promise<number> {
  const server = await kept.start();
  let found = 0;
  for (const id of ids) {
    if ((await server.call('GET', `/v2/subscribers/${id}`)).status === 200) found += 1;
  }
  await kept.stop(server);
  return found;
}

/** Offsets of a journal's records. */
function recordOffsets(bytes: Buffer): number[] {
  const offsets: number[] = [];
  for (let offset = HEADER_BYTES; offset < bytes.length; ) {
    offsets.push(offset);
    offset += RECORD_HEADER_BYTES + bytes.readUInt32LE(offset);
  }
  return offsets;
}

describe("the snapshot's generation", () => {
  it('raised by one header byte is refused (the header is checksummed); no journal is deleted', async () => {
    const ids = await acknowledged(50);
    const state = join(kept.path, 'state.snap');
    const bytes = readFileSync(state);
    bytes.writeUInt32LE(bytes.readUInt32LE(12) + 16, 12);
    writeFileSync(state, bytes);
    const before = journals();
    await expect(kept.start()).rejects.toThrow(
      /state\.snap at byte 0: the header is damaged \(its checksum does not match\)/,
    );
    expect(journals()).toEqual(before);
    // Put back, every acknowledged write is there.
    bytes.writeUInt32LE(bytes.readUInt32LE(12) - 16, 12);
    writeFileSync(state, bytes);
    expect(await kept200(ids)).toBe(50);
  });

  it('above every journal present is refused, never acted on, in a format without the checksum', async () => {
    const ids = await acknowledged(20);
    // Compacted first: an older journal that holds records is refused for that alone
    // (test/persistence/older-journal.test.ts).
    const server = await kept.start();
    await server.data.checkpoint();
    await kept.stop(server);
    const state = join(kept.path, 'state.snap');
    const old = inOlderFormat(withPlainImage(readFileSync(state)), 2);
    const generation = old.readUInt32LE(12);
    for (const name of journals()) {
      const path = join(kept.path, name);
      writeFileSync(path, inOlderFormat(readFileSync(path), 2));
    }
    const raised = Buffer.from(old);
    raised.writeUInt32LE(generation + 16, 12);
    writeFileSync(state, raised);
    const before = journals();
    await expect(kept.start()).rejects.toThrow(
      new RegExp(
        `state\\.snap at byte 12: the snapshot claims generation ${generation + 16}, above every journal present .*refuses to start rather than remove`,
      ),
    );
    expect(journals()).toEqual(before);
    writeFileSync(state, old);
    expect(await kept200(ids)).toBe(20);
  });

  it('removes a journal the snapshot already holds only with a log line saying why', async () => {
    const ids = await acknowledged(3);
    const server = await kept.start();
    await server.data.checkpoint(); // state.snap now holds every change
    await kept.stop(server);
    const [current] = journals();
    const generation = Number(/\d+/.exec(current as string)?.[0]);
    const older = `journal-${generation - 1}.log`;
    // A compaction cut short before it removed the journal it compacted.
    writeFileSync(join(kept.path, older), readFileSync(join(kept.path, current as string)));
    const lines: string[] = [];
    const again = await kept.start({ log: (line) => lines.push(line) });
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `removed .*${older}: state\\.snap \\(generation ${generation}\\) already holds its changes`,
        ),
      ),
    ]);
    await kept.stop(again);
    expect(existsSync(join(kept.path, older))).toBe(false);
    expect(await kept200(ids)).toBe(3);
  });
});

describe("a journal record's length", () => {
  it('changed to run past the end is damage, not a torn end: the start refuses and cuts nothing', async () => {
    const ids = await acknowledged(40);
    const [name] = journals();
    const path = join(kept.path, name as string);
    const bytes = readFileSync(path);
    const tenth = recordOffsets(bytes)[9] as number;
    bytes[tenth + 3] = 0x01; // the length's high byte: 16 MiB more than the file holds
    writeFileSync(path, bytes);
    const lines: string[] = [];
    await expect(kept.start({ log: (line) => lines.push(line) })).rejects.toThrow(
      new RegExp(
        `${name} at byte ${tenth}: the record's length is damaged \\(its checksum does not match\\); .*--data-repair`,
      ),
    );
    expect(lines.join('\n')).not.toMatch(/never acknowledged/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    // Put back: all 40 acknowledged writes are there.
    bytes[tenth + 3] = 0x00;
    writeFileSync(path, bytes);
    expect(await kept200(ids)).toBe(40);
  });

  it('changed to run past the end is cut only by --data-repair, which says so', async () => {
    const ids = await acknowledged(40);
    const [name] = journals();
    const path = join(kept.path, name as string);
    const bytes = readFileSync(path);
    const tenth = recordOffsets(bytes)[9] as number;
    bytes[tenth + 3] = 0x01;
    writeFileSync(path, bytes);
    const lines: string[] = [];
    const server = await kept.start({ repair: true, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toMatch(
      new RegExp(`--data-repair cut .*${name} back to byte ${tenth} .*length is damaged`),
    );
    expect(lines.join('\n')).not.toMatch(/never acknowledged/);
    await kept.stop(server);
    expect(await kept200(ids)).toBe(9);
  });

  it('shrunk to end inside the file is damage too', async () => {
    await acknowledged(5);
    const [name] = journals();
    const path = join(kept.path, name as string);
    const bytes = readFileSync(path);
    const second = recordOffsets(bytes)[1] as number;
    bytes.writeUInt32LE(bytes.readUInt32LE(second) - 3, second);
    writeFileSync(path, bytes);
    await expect(kept.start()).rejects.toThrow(
      new RegExp(`${name} at byte ${second}: the record's length is damaged`),
    );
  });
});
