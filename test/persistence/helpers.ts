// An engine kept in a temporary data directory and served over HTTP, restarted at will: what
// `svc-mock --data` does, in process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach } from 'vitest';
import { callApi } from '../../bench/lib/api-call.mjs';
import { demoSeed } from '../../mock-server/demo-seed';
import { createMockEngine } from '../../mock-server/engine/engine';
import { startMockServer } from '../../mock-server/http/server';
import {
  type DataDirectory,
  type DataDirectoryOptions,
  openDataDirectory,
} from '../../mock-server/persistence/data-directory';
import { type DataFs, dataFs } from '../../mock-server/persistence/data-fs';
import {
  crc32,
  frameSnapshot,
  HEADER_BYTES,
  RECORD_HEADER_BYTES,
  SNAPSHOT_MAGIC,
} from '../../mock-server/persistence/file-format';
import { keptSnapshotStore } from '../../mock-server/persistence/kept-snapshots';
import { type EncodedBaseline, readEngineImage } from '../../mock-server/persistence/snapshot-file';

export const START = Date.parse('2026-03-01T09:00:00.000Z');

/** A temporary directory removed by the returned function. */
export function temporaryDirectory(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'svc-mock-data-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A kept server: engine (fresh keys each start, as the CLI makes), data directory, HTTP. */
export interface KeptServer {
  url: string;
  data: DataDirectory;
  engine: ReturnType<typeof createMockEngine>;
  key: string;
  close(): Promise<void>;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: the service's JSON, read by the assertions
    body: any;
    headers: Headers;
  }>;
}

let starts = 0;

/**
 * Starts an engine on `directory` with a virtual clock at {@link START}, as the CLI does.
 *
 * @example
 * const server = await startKept(dir.path);
 */
export async function startKept(
  directory: string,
  options: {
    fs?: DataFs;
    compactAfterBytes?: number;
    log?: (line: string) => void;
    repair?: boolean;
  } = {},
): Promise<KeptServer> {
  starts += 1;
  const engine = createMockEngine({
    seed: demoSeed,
    clockStart: START,
    // A different key at each start: the saved key must win.
    apiKeys: { Development: `fresh-key-${starts}-0123456789abcdef` },
    randomSeed: starts,
  });
  const open: DataDirectoryOptions = {
    directory,
    engine,
    log: options.log ?? (() => {}),
    ...(options.fs ? { fs: options.fs } : {}),
    ...(options.compactAfterBytes === undefined
      ? {}
      : { compactAfterBytes: options.compactAfterBytes }),
    ...(options.repair === undefined ? {} : { repair: options.repair }),
  };
  const data = await openDataDirectory(open);
  const server = await startMockServer({
    engine,
    port: 0,
    clock: 'virtual',
    data,
    snapshots: keptSnapshotStore(options.fs ?? dataFs(), directory),
  });
  const key = engine.environment('Development').apiKey;
  return {
    url: server.url,
    data,
    engine,
    key,
    async close() {
      await server.close();
      await data.close();
    },
    call: (method, path, body, headers) => callApi(server.url, key, method, path, body, headers),
  };
}

/** A fresh data directory for each test, and the kept servers a test started on it. */
export interface KeptDirectory {
  /** This test's data directory. */
  readonly path: string;
  /** Starts a kept server on the directory; it is closed after the test if still open. */
  start(options?: Parameters<typeof startKept>[1]): Promise<KeptServer>;
  /** Closes a server the test started. */
  stop(server: KeptServer): Promise<void>;
}

/**
 * Registers a fresh directory per test: created before each, its open servers closed and the
 * directory removed after each.
 *
 * @example
 * const kept = keptDirectoryPerTest();
 * it('...', async () => { const server = await kept.start(); ... });
 */
export function keptDirectoryPerTest(): KeptDirectory {
  let dir: ReturnType<typeof temporaryDirectory> | undefined;
  const open: KeptServer[] = [];
  beforeEach(() => {
    dir = temporaryDirectory();
  });
  afterEach(async () => {
    for (const server of open.splice(0)) await server.close();
    dir?.remove();
  });
  const kept: KeptDirectory = {
    get path() {
      if (dir === undefined) throw new Error('keptDirectoryPerTest: used outside a test');
      return dir.path;
    },
    async start(options = {}) {
      const server = await startKept(kept.path, options);
      open.push(server);
      return server;
    },
    async stop(server) {
      const index = open.indexOf(server);
      if (index >= 0) open.splice(index, 1);
      await server.close();
    },
  };
  return kept;
}

/**
 * A `state.snap` of this format with its image as one v8 value, as formats 1 to 3 keep it (still
 * in today's framing: pass it to {@link inOlderFormat}).
 *
 * @example
 * writeFileSync(file, inOlderFormat(withPlainImage(readFileSync(file)), 3));
 */
export function withPlainImage(bytes: Buffer): Buffer {
  const { generation, image } = readEngineImage(bytes, 'state.snap');
  const baseline = (image.baseline as EncodedBaseline).bytes;
  return Buffer.concat(
    frameSnapshot([serialize({ ...image, baseline: null }), baseline], generation),
  );
}

/**
 * A data file's bytes as an older format wrote them: versions 1 and 2 have no header checksum and
 * journal records without the frame's checksum (a test writes old directories with it); version 3
 * differs from today's in its `state.snap` only (see {@link withPlainImage}).
 *
 * @example
 * writeFileSync(file, inOlderFormat(readFileSync(file), 2));
 */
export function inOlderFormat(bytes: Buffer, version: 1 | 2 | 3): Buffer {
  const head = Buffer.from(bytes.subarray(0, 16));
  head.writeUInt32LE(version, 8);
  if (version === 3) {
    // Same layout as today's, its header checksummed: only the version differs.
    const checksummed = Buffer.from(bytes);
    checksummed.writeUInt32LE(3, 8);
    checksummed.writeUInt32LE(crc32(checksummed.subarray(0, 16)), 16);
    return checksummed;
  }
  const parts: Buffer[] = [head];
  if (bytes.toString('latin1', 0, 8) === SNAPSHOT_MAGIC) {
    parts.push(bytes.subarray(HEADER_BYTES));
  } else {
    for (let offset = HEADER_BYTES; offset < bytes.length; ) {
      const end = offset + RECORD_HEADER_BYTES + bytes.readUInt32LE(offset);
      parts.push(
        bytes.subarray(offset, offset + 8),
        bytes.subarray(offset + RECORD_HEADER_BYTES, end),
      );
      offset = end;
    }
  }
  return Buffer.concat(parts);
}
