import type { EngineSnapshot } from '../engine/engine';
import { ServiceError } from '../engine/wire/service-error';

/**
 * How many snapshots the server keeps by default. Each holds a copy of the whole engine, so
 * they are capped (docs/http-server.md, "Caps and budgets"); taking one more under a new id is a
 * 409 until one is deleted. Taking one under an existing id replaces it and is always allowed.
 */
export const MAX_SNAPSHOTS = 10;

/** A snapshot held by the HTTP server, named so clients in any language can restore it. */
export interface StoredSnapshot {
  id: string;
  /** Engine clock time when it was taken. */
  takenAt: string;
  snapshot: EngineSnapshot;
}

/**
 * Snapshots taken through the control API, by id. An id may be reused: taking a snapshot under
 * an existing id replaces it (a moving checkpoint).
 */
export interface SnapshotStore {
  /** Checks there is room for a snapshot under `id` (a 409 when the cap is reached). */
  checkRoom(id: string): void;
  /** Stores a snapshot; a 409 when the cap is reached and `id` is new. */
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
 * Creates an empty {@link SnapshotStore} holding at most `max` snapshots (default
 * {@link MAX_SNAPSHOTS}).
 */
export function createSnapshotStore(options: { max?: number } = {}): SnapshotStore {
  const max = options.max ?? MAX_SNAPSHOTS;
  const entries = new Map<string, StoredSnapshot>();
  let counter = 0;
  const checkRoom = (id: string) => {
    if (entries.has(id) || entries.size < max) return;
    throw ServiceError.http(
      409,
      `The server keeps at most ${max} snapshots: delete one (DELETE /__svc/snapshots/:id) or reuse an id to replace it`,
    );
  };
  const get = (id: string) => {
    const entry = entries.get(id);
    if (!entry) throw ServiceError.http(404, `Snapshot ${id} not found`);
    return entry;
  };
  return {
    checkRoom,
    put: (entry) => {
      checkRoom(entry.id);
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
