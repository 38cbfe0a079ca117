/**
 * The control API's snapshots (`POST /__svc/snapshots`) kept as files in `<data>/snapshots/`, so
 * a checkpoint taken before a restart can be restored after it.
 *
 * @module
 */

import { join } from 'node:path';
import {
  createSnapshotStore,
  type SnapshotStore,
  type StoredSnapshot,
} from '../control/snapshot-store';
import type { EngineSnapshot } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';
import type { DataFs } from './data-fs';
import { DataFileError } from './file-format';
import { ensurePrivateDirectory } from './private-directory';
import {
  encodeSnapshot,
  readSnapshotFile,
  syncDirectory,
  writeFileAtomicallyNow,
} from './snapshot-file';

export const SNAPSHOTS_FOLDER = 'snapshots';
const SNAPSHOT_FILE = /^(.+)\.snap$/;

/**
 * A snapshot store whose snapshots are files in `<directory>/snapshots/`; the ones already
 * there are loaded (each is checked by `engine.restore()` when it is restored, as any snapshot).
 *
 * @example
 * ```ts
 * const snapshots = keptSnapshotStore(dataFs(), '/data');
 * ```
 */
export function keptSnapshotStore(fs: DataFs, directory: string, max?: number): SnapshotStore {
  const folder = join(directory, SNAPSHOTS_FOLDER);
  ensurePrivateDirectory(fs, folder);
  const store = createSnapshotStore(max === undefined ? {} : { max });
  // Snapshot ids are letters, digits, "_", "-" and "." (the control API checks): safe file names.
  const fileOf = (id: string) => join(folder, `${id}.snap`);
  for (const name of fs.readdirSync(folder).map(String).sort()) {
    const match = SNAPSHOT_FILE.exec(name);
    if (!match) continue;
    const file = join(folder, name);
    const { value } = readSnapshotFile(fs.readFileSync(file), file);
    const entry = value as { id?: unknown; takenAt?: unknown; state?: unknown };
    if (entry.id !== match[1] || typeof entry.takenAt !== 'string' || entry.state === undefined) {
      throw new DataFileError(file, 0, 'not a snapshot taken through the control API');
    }
    store.put({
      id: entry.id as string,
      takenAt: entry.takenAt,
      snapshot: { state: entry.state } as EngineSnapshot,
    });
  }
  return {
    ...store,
    put(entry: StoredSnapshot) {
      store.checkRoom(entry.id);
      try {
        writeFileAtomicallyNow(
          fs,
          fileOf(entry.id),
          encodeSnapshot({ id: entry.id, takenAt: entry.takenAt, state: entry.snapshot.state }, 0),
        );
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw ServiceError.http(
          503,
          `svc-mock could not save the snapshot to its data directory${code ? ` (${code})` : ''}`,
        );
      }
      store.put(entry);
    },
    delete(id: string) {
      store.get(id);
      try {
        fs.unlinkSync(fileOf(id));
        syncDirectory(fs, folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      store.delete(id);
    },
  };
}
