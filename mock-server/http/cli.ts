#!/usr/bin/env node
// `svc-mock`: the reference engine over HTTP, for any language. See docs/http-server.md.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unknownOptionMessage } from '../../cli/unknown-option';
import { readWorkflowDir } from '../../cli/workflow-dir';
import { VERSION } from '../../src/version';
import { CONTROL_PREFIX } from '../control/control-router';
import { demoSeed } from '../demo-seed';
import { createMockEngine } from '../engine/engine';
import type { SeedData } from '../engine/seed';
import { INSPECTOR_PATH } from '../inspector/serve';
import { hasData, openDataDirectory } from '../persistence/data-directory';
import { dataFs } from '../persistence/data-fs';
import { keptSnapshotStore } from '../persistence/kept-snapshots';
import { closeOnSignals } from './close-on-signals';
import { startMockServer } from './server';

const USAGE = `Usage: svc-mock [--port 4010] [--host 127.0.0.1] [--seed file.json] [--api-key key]
                [--application-identifier id]
                [--workflows dir] [--clock real|virtual] [--control-token token]
                [--allowed-host name ...] [--data dir [--data-repair]]
                [--retention-days 7] [--retention-max 10000] [--quiet] [--no-inspector]
                [--deterministic] [--bridge-url url [--bridge-poll ms]]
       (npx -p @svc/api svc-mock ..., or a package.json script)

Serves the @svc/api reference engine over HTTP, with demo data unless --seed is given.
Every start makes fresh random API keys, printed below, unless --api-key pins Development's,
and fresh random ids (transactions, messages, records) unless --deterministic is given.

  --port <n>       port to listen on; 0 picks a free one (default 4010, or $PORT)
  --host <addr>    interface to bind (default 127.0.0.1)
  --seed <file>    JSON seed data, the shape engine.seed() takes, instead of the demo data
  --workflows <dir>  workflow files (svc-workflows workflows pull's) to seed as well; a
                   workflow of the seed with the same workflowId is replaced
  --api-key <key>  the Development API key (default $SVC_MOCK_API_KEY, else random);
                   16 to 128 letters, digits, "_" or "-"
  --application-identifier <id>  Development's Inbox applicationIdentifier (default
                   $SVC_MOCK_APPLICATION_IDENTIFIER; else derived from a pinned --api-key, so
                   it survives restarts; else random); 4 to 64 letters, digits, "_" or "-"
  --clock <mode>   real (default): time follows the wall clock, delays and digests run on
                   their own; virtual: time stands still until moved through /__svc/clock
  --data <dir>     keep the data in this directory across restarts and crashes (default
                   $SVC_MOCK_DATA, else in memory only); every change is on disk before
                   its answer is sent
  --data-repair    with --data: cut a damaged journal back to its last good record
                   instead of refusing to start (what follows the damage is lost)
  --retention-days <n>  days of finished activity each environment keeps (default 7)
  --retention-max <n>   notifications each environment keeps (default 10000)
  --quiet          no per-request log lines (the start banner is still printed)
  --no-inspector   do not serve the inspector page at /__svc/ui
  --deterministic  the same ids on every start (for snapshot tests); keys stay random
  --version        the version of @svc/api
  --bridge-url <url>  an app's @novu/framework bridge to sync into Development at start
                   (see the guide "Code-first workflows"); the app's NOVU_SECRET_KEY is the Development key
  --bridge-poll <ms>  poll the bridge and re-sync when its workflows change
  -h, --help       this text`;

/** The environment variable that sets the control token (docs/security.md). */
const CONTROL_TOKEN_VARIABLE = 'SVC_MOCK_CONTROL_TOKEN';

/** The environment variable that pins the Development API key (docs/http-server.md). */
const API_KEY_VARIABLE = 'SVC_MOCK_API_KEY';
const API_KEY = /^[\w-]{16,128}$/;

/** The environment variable that sets the data directory (docs/http-server.md#keeping-data). */
const DATA_VARIABLE = 'SVC_MOCK_DATA';

function developmentKey(flag: string | undefined): string {
  const given = flag ?? process.env[API_KEY_VARIABLE];
  if (given === undefined || given === '') return randomBytes(16).toString('hex');
  if (!API_KEY.test(given)) {
    const source = flag === undefined ? `$${API_KEY_VARIABLE}` : '--api-key';
    throw new UsageError(
      `${source} must be 16 to 128 letters, digits, "_" or "-" (got ${given.length} characters)`,
    );
  }
  return given;
}

/** The environment variable that pins Development's applicationIdentifier (docs/http-server.md). */
const APPLICATION_IDENTIFIER_VARIABLE = 'SVC_MOCK_APPLICATION_IDENTIFIER';
const APPLICATION_IDENTIFIER = /^[\w-]{4,64}$/;
const IDENTIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Development's applicationIdentifier: the one given, else one derived from a pinned API key
 * (the same key gives the same identifier on every start), else none (the engine makes one).
 */
function developmentIdentifier(flag: string | undefined, pinnedKey: string | undefined) {
  const given = flag ?? process.env[APPLICATION_IDENTIFIER_VARIABLE];
  if (given !== undefined && given !== '') {
    if (!APPLICATION_IDENTIFIER.test(given)) {
      const source =
        flag === undefined ? `$${APPLICATION_IDENTIFIER_VARIABLE}` : '--application-identifier';
      throw new UsageError(
        `${source} must be 4 to 64 letters, digits, "_" or "-" (got ${given.length} characters)`,
      );
    }
    return given;
  }
  if (pinnedKey === undefined) return undefined;
  const digest = createHash('sha256')
    .update(`svc-mock applicationIdentifier ${pinnedKey}`)
    .digest();
  return Array.from(digest.subarray(0, 12), (byte) => IDENTIFIER_ALPHABET[byte % 62]).join('');
}

class UsageError extends Error {}

/** An unknown option: told in one line with a "did you mean", not the whole usage. */
class UnknownOptionError extends Error {}

/** svc-mock's options (node:util parseArgs). */
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  workflows: { type: 'string' },
  'api-key': { type: 'string' },
  'application-identifier': { type: 'string' },
  clock: { type: 'string' },
  'control-token': { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  data: { type: 'string' },
  'data-repair': { type: 'boolean', default: false },
  'retention-days': { type: 'string' },
  'retention-max': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'no-inspector': { type: 'boolean', default: false },
  deterministic: { type: 'boolean', default: false },
  'bridge-url': { type: 'string' },
  'bridge-poll': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const;

const CLOCK_MODES = ['real', 'virtual'] as const;

function parseClock(raw: string | undefined): (typeof CLOCK_MODES)[number] {
  const mode = raw ?? 'real';
  const known = CLOCK_MODES.find((candidate) => candidate === mode);
  if (known === undefined) throw new UsageError(`--clock must be real or virtual, got "${mode}"`);
  return known;
}

function parsePositive(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0) {
    throw new UsageError(`${flag} must be a positive number, got "${raw}"`);
  }
  return value;
}

function parsePort(raw: string | undefined): number {
  const text = raw ?? process.env['PORT'] ?? '4010';
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${text}"`);
  }
  return port;
}

async function readSeed(file: string): Promise<SeedData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the seed file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as SeedData;
  } catch (error) {
    throw new Error(`the seed file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The workflow files of a directory as seed workflows (their `$schema` left out). */
async function readWorkflowFiles(dir: string): Promise<SeedWorkflow[]> {
  const loaded = await readWorkflowDir(dir);
  return loaded.map(({ file: { $schema: _schema, ...workflow } }) => workflow);
}

type SeedWorkflow = NonNullable<SeedData['workflows']>[number];

function withWorkflows(seed: SeedData, workflows: SeedWorkflow[] | undefined): SeedData {
  if (workflows === undefined) return seed;
  return { ...seed, workflows: [...(seed.workflows ?? []), ...workflows] };
}

async function main(): Promise<void> {
  // First of all, so no signal finds the process without them.
  const shutdown = closeOnSignals();
  let values: {
    port?: string;
    host?: string;
    seed?: string;
    workflows?: string;
    'api-key'?: string;
    'application-identifier'?: string;
    clock?: string;
    'control-token'?: string;
    'allowed-host'?: string[];
    data?: string;
    'data-repair': boolean;
    'retention-days'?: string;
    'retention-max'?: string;
    quiet: boolean;
    'no-inspector': boolean;
    deterministic: boolean;
    'bridge-url'?: string;
    'bridge-poll'?: string;
    help: boolean;
    version: boolean;
  };
  try {
    ({ values } = parseArgs({ options: OPTIONS }));
  } catch (error) {
    const unknown = unknownOptionMessage(error, Object.keys(OPTIONS), 'svc-mock');
    if (unknown !== undefined) throw new UnknownOptionError(unknown);
    throw new UsageError((error as Error).message);
  }
  if (values.version) {
    console.log(VERSION);
    return;
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = parsePort(values.port);
  const clock = parseClock(values.clock);
  const dataDirectory = values.data ?? (process.env[DATA_VARIABLE] || undefined);
  if (values['data-repair'] && dataDirectory === undefined) {
    throw new UsageError('--data-repair needs --data (or $SVC_MOCK_DATA)');
  }
  // A directory that holds data replaces the seed: seeding first would only cost start time.
  const keptData = dataDirectory !== undefined && hasData(resolve(dataDirectory));
  const seed = values.seed === undefined || keptData ? undefined : await readSeed(values.seed);
  const workflows =
    values.workflows === undefined || keptData
      ? undefined
      : await readWorkflowFiles(values.workflows);
  const pinnedKey = values['api-key'] ?? (process.env[API_KEY_VARIABLE] || undefined);
  const apiKeys = {
    Development: developmentKey(values['api-key']),
    Production: randomBytes(16).toString('hex'),
  };
  const identifier = developmentIdentifier(
    values['application-identifier'],
    pinnedKey === undefined ? undefined : apiKeys.Development,
  );
  const retentionDays = parsePositive('--retention-days', values['retention-days']);
  const retentionMax = parsePositive('--retention-max', values['retention-max']);
  const bridgePollMs = parsePositive('--bridge-poll', values['bridge-poll']);
  if (bridgePollMs !== undefined && values['bridge-url'] === undefined && !keptData) {
    throw new UsageError('--bridge-poll needs --bridge-url (or a bridge kept in --data)');
  }
  let engine: ReturnType<typeof createMockEngine>;
  try {
    engine = createMockEngine({
      retention: {
        ...(retentionDays === undefined ? {} : { maxAgeMs: retentionDays * 24 * 60 * 60 * 1000 }),
        ...(retentionMax === undefined ? {} : { maxNotifications: Math.floor(retentionMax) }),
      },
      seed: keptData ? {} : withWorkflows(seed ?? demoSeed, workflows),
      clockStart: 'real',
      apiKeys,
      ...(identifier === undefined ? {} : { applicationIdentifiers: { Development: identifier } }),
      deterministic: values.deterministic,
      // Real time does not go back: reset keeps the clock (as startMockServer does for its own).
      keepClockOnReset: clock === 'real',
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const source = [values.seed, values.workflows].filter(Boolean).join(', ');
    throw new Error(source === '' ? message : `${source}: ${message}`);
  }
  // Loaded before the server listens: a request never sees the engine half-loaded.
  const data =
    dataDirectory === undefined
      ? undefined
      : await openDataDirectory({
          directory: resolve(dataDirectory),
          engine,
          repair: values['data-repair'],
        });
  if (data && clock === 'real') {
    // Time went on while svc-mock was stopped: the delays and digests due since run now.
    engine.clock.set(Math.max(Date.now(), engine.clock.now()));
  }
  const controlToken = values['control-token'] ?? process.env[CONTROL_TOKEN_VARIABLE];
  const host = values.host ?? '127.0.0.1';
  const server = await startMockServer({
    engine,
    port,
    host,
    ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
    inspector: !values['no-inspector'],
    ...(controlToken ? { controlToken } : {}),
    allowedHosts: values['allowed-host'] ?? [],
    clock,
    hints: {
      print: (line: string) => console.warn(line),
      keys: `The keys are in the start banner and at GET ${CONTROL_PREFIX}/environments; --api-key (or $${API_KEY_VARIABLE}) pins Development's.`,
    },
    ...(data ? { data, snapshots: keptSnapshotStore(dataFs(), data.directory) } : {}),
    ...(values['bridge-url'] === undefined ? {} : { bridgeUrl: values['bridge-url'] }),
    ...(bridgePollMs === undefined ? {} : { bridgePollMs }),
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(
      `port ${port} on ${host} is in use (EADDRINUSE; another svc-mock or server holds it): stop that one, or pass --port 0 to pick a free port`,
    );
  });

  const stop = {
    close: async () => {
      await server.close();
      await data?.close();
    },
  };
  if (shutdown.attach(stop)) return; // a signal came while starting: no banner, just stop

  // One write, so whoever reads the output gets the whole banner at once.
  const environments = server.engine.environments.map(
    (environment) =>
      `  ${environment.name.padEnd(12)} _id=${environment._id}  apiKey=${environment.apiKey}  applicationIdentifier=${environment.identifier}`,
  );
  console.log(
    [
      `svc-mock listening on ${server.url}`,
      ...environments,
      clock === 'real'
        ? '  clock:       real time (delays and digests run on their own)'
        : `  clock:       virtual, at ${server.engine.clock.iso()} (move it: POST ${CONTROL_PREFIX}/clock/advance)`,
      data
        ? `  data:        ${data.directory} (${data.start.loaded ? `loaded, ${data.start.replayed} journal entries replayed` : 'new'})`
        : '  data:        in memory only (keep it with --data <dir>)',
      `  control API: ${server.url}${CONTROL_PREFIX}`,
      values['no-inspector']
        ? '  inspector: off (--no-inspector)'
        : `  inspector:   ${server.url}${INSPECTOR_PATH}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`svc-mock: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) {
    console.error(`\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof UnknownOptionError) process.exit(2);
  process.exit(1);
});
