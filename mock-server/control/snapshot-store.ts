import type { EngineSnapshot } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';

/**
 * A snapshot held by the HTTP server, named so clients in any language can restore it.
 *
 * @example
 * ```ts
 * const entry: StoredSnapshot = { id: 'clean', takenAt: engine.clock.iso(), snapshot: engine.snapshot() };
 * ```
 */
export interface StoredSnapshot {
  id: string;
  /** Engine clock time when it was taken. */
  takenAt: string;
  snapshot: EngineSnapshot;
}

/**
 * Snapshots taken through the control API, by id. An id may be reused: taking a snapshot under
 * an existing id replaces it (a moving checkpoint).
 *
 * @example
 * ```ts
 * const store = createSnapshotStore();
 * store.put({ id: 'before', takenAt: engine.clock.iso(), snapshot: engine.snapshot() });
 * engine.restore(store.get('before').snapshot);
 * ```
 */
export interface SnapshotStore {
  put(entry: StoredSnapshot): void;
  /** The snapshot with this id; a 404 when there is none. */
  get(id: string): StoredSnapshot;
  /** Removes a snapshot; a 404 when there is none. */
  delete(id: string): void;
  list(): StoredSnapshot[];
  /** An id not used yet: `snapshot-1`, `snapshot-2`, ... */
  nextId(): string;
}

/**
 * Creates an empty {@link SnapshotStore}.
 *
 * @example
 * ```ts
 * const snapshots = createSnapshotStore();
 * ```
 */
export function createSnapshotStore(): SnapshotStore {
  const entries = new Map<string, StoredSnapshot>();
  let counter = 0;
  const get = (id: string) => {
    const entry = entries.get(id);
    if (!entry) throw ServiceError.http(404, `Snapshot ${id} not found`);
    return entry;
  };
  return {
    put: (entry) => {
      entries.set(entry.id, entry);
    },
    get,
    delete: (id) => {
      get(id);
      entries.delete(id);
    },
    list: () => [...entries.values()],
    nextId: () => {
      do counter += 1;
      while (entries.has(`snapshot-${counter}`));
      return `snapshot-${counter}`;
    },
  };
}
