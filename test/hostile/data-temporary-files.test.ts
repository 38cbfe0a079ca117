// Issue 38 item 6: `state.snap.tmp` and the snapshot store's `.tmp` files were opened by a fixed
// name with 'w': a symlink planted there got the snapshot (API keys included) written outside the
// data directory. Every file svc-mock creates is now new (random name, 'wx'), leftovers are
// removed, and a directory other users can write to, or of another user, is refused at start.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFs } from '../../mock-server/persistence/data-fs';
import { keptDirectoryPerTest, startKept, temporaryDirectory } from '../persistence/helpers';

const kept = keptDirectoryPerTest();
let outside: ReturnType<typeof temporaryDirectory>;
beforeEach(() => {
  outside = temporaryDirectory();
});
afterEach(() => outside.remove());

describe('temporary files in a data directory', () => {
  it('never writes through a symlink planted where the old fixed names were', async () => {
    const first = await kept.start();
    await kept.stop(first);
    mkdirSync(join(kept.path, 'snapshots'), { recursive: true });
    const targets = {
      state: join(outside.path, 'state-target'),
      snapshot: join(outside.path, 'snapshot-target'),
    };
    for (const target of Object.values(targets)) writeFileSync(target, '');
    symlinkSync(targets.state, join(kept.path, 'state.snap.tmp'));
    symlinkSync(targets.snapshot, join(kept.path, 'snapshots', 'kept.snap.tmp'));

    const lines: string[] = [];
    const server = await kept.start({ log: (line) => lines.push(line) });
    // Planted after the start too: a save must not write through them either.
    symlinkSync(targets.state, join(kept.path, 'state.snap.tmp'));
    symlinkSync(targets.snapshot, join(kept.path, 'snapshots', 'kept.snap.tmp'));
    expect((await server.call('POST', '/v2/subscribers', { subscriberId: 'one' })).status).toBe(
      201,
    );
    await server.data.checkpoint();
    const taken = await fetch(`${server.url}/__svc/snapshots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'kept' }),
    });
    expect(taken.status).toBe(201);
    expect(readFileSync(targets.state, 'utf8')).toBe('');
    expect(readFileSync(targets.snapshot, 'utf8')).toBe('');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/removed .*state\.snap\.tmp \(a temporary file a crash left/),
        expect.stringMatching(/removed .*kept\.snap\.tmp \(a temporary file a crash left/),
      ]),
    );
    await kept.stop(server);
    const again = await kept.start();
    expect((await again.call('GET', '/v2/subscribers/one')).status).toBe(200);
  });

  it('creates every file it writes anew (exclusive create), never opening an existing one with w', async () => {
    const real = dataFs();
    const opened: string[] = [];
    const fs = dataFs({
      openSync: ((path: string, flags: string, mode?: number) => {
        if (typeof flags === 'string' && flags.startsWith('w')) opened.push(flags);
        return real.openSync(path, flags, mode);
      }) as typeof real.openSync,
    });
    const server = await kept.start({ fs, compactAfterBytes: 200 });
    for (const subscriberId of ['a', 'b', 'c']) {
      expect((await server.call('POST', '/v2/subscribers', { subscriberId })).status).toBe(201);
    }
    await server.data.checkpoint();
    await kept.stop(server);
    expect(opened.length).toBeGreaterThan(3);
    expect(new Set(opened)).toEqual(new Set(['wx']));
    expect(readdirSync(kept.path).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the data directory itself', () => {
  it('is refused when other users may write to it', async () => {
    chmodSync(kept.path, 0o777);
    await expect(kept.start()).rejects.toThrow(
      /can be written by other users \(mode 777\).*chmod go-w/,
    );
    expect(existsSync(join(kept.path, 'state.snap'))).toBe(false);
  });

  it('is refused when it belongs to another user', async () => {
    const real = dataFs();
    const fs = dataFs({
      statSync: ((path: string) => {
        const stat = real.statSync(path);
        return path === kept.path ? Object.assign(stat, { uid: stat.uid + 1 }) : stat;
      }) as typeof real.statSync,
    });
    await expect(kept.start({ fs })).rejects.toThrow(/belongs to user \d+, not to the user/);
  });

  it('is created private (mode 700)', async () => {
    const directory = join(outside.path, 'new', 'data');
    const fresh = await startKept(directory);
    await fresh.close();
    expect(statMode(directory)).toBe('700');
  });
});

function statMode(path: string): string {
  return (dataFs().statSync(path).mode & 0o777).toString(8);
}
