// An engine kept in a temporary data directory and served over HTTP, restarted at will: what
// `svc-mock --data` does, in process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSeed } from '../../mock-server/demo-seed';
import { createMockEngine } from '../../mock-server/engine/engine';
import { startMockServer } from '../../mock-server/http/server';
import {
  type DataDirectory,
  type DataDirectoryOptions,
  openDataDirectory,
} from '../../mock-server/persistence/data-directory';
import { type DataFs, dataFs } from '../../mock-server/persistence/data-fs';
import { keptSnapshotStore } from '../../mock-server/persistence/kept-snapshots';

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
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `ApiKey ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? undefined : JSON.parse(text),
        headers: response.headers,
      };
    },
  };
}
