// The files' format (docs/decisions/0142-keeping-data.md): `state.snap` keeps the reset baseline
// in a section of its own, decoded when a reset needs it, and a directory written by format
// version 1 (the whole engine in one section) is still read, with its journals once a compaction
// emptied them (a journal that holds requests is refused: older-journal.test.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, frameSnapshot } from '../../mock-server/persistence/file-format';
import { SlicedImage } from '../../mock-server/persistence/sliced-image';
import { EncodedBaseline, readEngineImage } from '../../mock-server/persistence/snapshot-file';
import { inOlderFormat, type KeptServer, keptDirectoryPerTest, withPlainImage } from './helpers';

const kept = keptDirectoryPerTest();
const { start, stop } = kept;

const control = (server: KeptServer, path: string) =>
  fetch(`${server.url}/__svc${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

/** A directory holding the demo data plus `added`, compacted into `state.snap`. */
async function savedWithAdded(): Promise<string> {
  const first = await start();
  expect((await first.call('POST', '/v2/subscribers', { subscriberId: 'added' })).status).toBe(201);
  await first.data.checkpoint();
  await stop(first);
  return join(kept.path, 'state.snap');
}

describe('the reset baseline in state.snap', () => {
  it('is kept apart and decoded only when a reset needs it, a new copy each time', async () => {
    const file = await savedWithAdded();
    expect(readFileSync(file).readUInt32LE(8)).toBe(FORMAT_VERSION);
    const server = await start();
    expect(server.engine.durability.image().baseline).toBeInstanceOf(EncodedBaseline);
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(200);

    expect((await control(server, '/reset')).status).toBe(200);
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(404);
    expect((await server.call('GET', '/v2/subscribers/demo-ada')).status).toBe(200);
    // A change after the reset does not reach the baseline: the next reset drops it too.
    await server.call('PATCH', '/v2/subscribers/demo-ada', { firstName: 'Changed' });
    expect((await control(server, '/reset')).status).toBe(200);
    const ada = await server.call('GET', '/v2/subscribers/demo-ada');
    expect(ada.body.data.firstName).not.toBe('Changed');
  });

  it('is written back as it was read by a compaction that did not need it', async () => {
    const file = await savedWithAdded();
    const before = readEngineImage(readFileSync(file), file).image.baseline as EncodedBaseline;
    const server = await start();
    await server.call('POST', '/v2/subscribers', { subscriberId: 'later' });
    await server.data.checkpoint();
    expect(server.engine.durability.image().baseline).toBeInstanceOf(EncodedBaseline);
    const after = readEngineImage(readFileSync(file), file).image.baseline as EncodedBaseline;
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('is decoded when an organization is added, which a later reset keeps', async () => {
    await savedWithAdded();
    const server = await start();
    const { organization } = server.engine.createOrganization({ name: 'Second' });
    expect(server.engine.durability.image().baseline).not.toBeInstanceOf(EncodedBaseline);
    expect((await control(server, '/reset')).status).toBe(200);
    expect(server.engine.durability.image().state.organizations.has(organization._id)).toBe(true);
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(404);
  });

  it('is checked as /__svc/restore checks a snapshot when a reset needs it; one that fails refuses the reset and changes nothing', async () => {
    const file = await savedWithAdded();
    const bytes = readFileSync(file);
    const { generation, image } = readEngineImage(bytes, file);
    const main = new SlicedImage({ ...image, baseline: null }).finish();
    writeFileSync(
      file,
      Buffer.concat(frameSnapshot([main, serialize({ organizations: [] })], generation)),
    );
    const server = await start();
    const refused = await control(server, '/reset');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/The saved reset baseline cannot be used: .*not a map/);
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(200);
  });
});

describe('a data directory written by format version 1', () => {
  it('is read: the whole engine in one section, journals included, and reset still works', async () => {
    const file = await savedWithAdded();
    // And a version 1 journal after it, emptied by a compaction (a non-empty one is refused:
    // older-journal.test.ts).
    const second = await start();
    expect(
      (await second.call('POST', '/v2/subscribers', { subscriberId: 'journaled' })).status,
    ).toBe(201);
    await second.data.checkpoint();
    await stop(second);
    // The same engine as version 1 wrote it: one section, baseline inside.
    const { generation, image } = readEngineImage(readFileSync(file), file);
    const whole = { ...image, baseline: (image.baseline as EncodedBaseline).decode() };
    const old = inOlderFormat(Buffer.concat(frameSnapshot([serialize(whole)], generation)), 1);
    for (const name of readdirSync(kept.path).filter((name) => name.startsWith('journal-'))) {
      writeFileSync(join(kept.path, name), inOlderFormat(readFileSync(join(kept.path, name)), 1));
    }
    writeFileSync(file, old);

    const server = await start();
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(200);
    expect((await server.call('GET', '/v2/subscribers/journaled')).status).toBe(200);
    expect((await control(server, '/reset')).status).toBe(200);
    expect((await server.call('GET', '/v2/subscribers/added')).status).toBe(404);
    expect((await server.call('GET', '/v2/subscribers/demo-ada')).status).toBe(200);
  });
});

describe.each<[2 | 3, string]>([
  [2, 'no header or length checksums'],
  [3, 'the image in one v8 value'],
])('a data directory written by format version %i (%s)', (version) => {
  it('is read, then rewritten in the current format: a later start reads the new files', async () => {
    const file = await savedWithAdded();
    const second = await start();
    expect(
      (await second.call('POST', '/v2/subscribers', { subscriberId: 'journaled' })).status,
    ).toBe(201);
    await second.data.checkpoint();
    await stop(second);
    const names = readdirSync(kept.path).filter((name) => /^(journal-.*|state\.snap)$/.test(name));
    for (const name of names) {
      const path = join(kept.path, name);
      const bytes = readFileSync(path);
      writeFileSync(
        path,
        inOlderFormat(name === 'state.snap' ? withPlainImage(bytes) : bytes, version),
      );
      expect(readFileSync(path).readUInt32LE(8)).toBe(version);
    }

    const third = await start();
    expect((await third.call('GET', '/v2/subscribers/journaled')).status).toBe(200);
    expect(
      (await third.call('POST', '/v2/subscribers', { subscriberId: 'after-upgrade' })).status,
    ).toBe(201);
    await third.data.checkpoint();
    await stop(third);
    for (const name of readdirSync(kept.path).filter((name) => name.startsWith('journal-'))) {
      expect(readFileSync(join(kept.path, name)).readUInt32LE(8)).toBe(FORMAT_VERSION);
    }
    expect(readFileSync(file).readUInt32LE(8)).toBe(FORMAT_VERSION);
    const fourth = await start();
    for (const id of ['added', 'journaled', 'after-upgrade']) {
      expect((await fourth.call('GET', `/v2/subscribers/${id}`)).status).toBe(200);
    }
  });
});
