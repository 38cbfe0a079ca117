#!/usr/bin/env node
// `svc-mock`: the reference engine over HTTP, for any language. See docs/http-server.md.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { SeedData } from '../engine/seed';
import { INSPECTOR_PATH } from '../inspector/serve';
import { closeOnSignals } from './close-on-signals';
import { CONTROL_PREFIX } from './control-router';
import { startMockServer } from './server';

const USAGE = `Usage: svc-mock [--port 4010] [--host 127.0.0.1] [--seed file.json] [--clock real|virtual] [--quiet] [--no-inspector]

Serves the @svc/api reference engine over HTTP, with demo data unless --seed is given.

  --port <n>       port to listen on; 0 picks a free one (default 4010, or $PORT)
  --host <addr>    interface to bind (default 127.0.0.1)
  --seed <file>    JSON seed data, the shape engine.seed() takes, instead of the demo data
  --clock <mode>   real (default): time follows the wall clock, delays and digests run on
                   their own; virtual: time stands still until moved through /__svc/clock
  --quiet          no per-request log lines (the start banner is still printed)
  --no-inspector   do not serve the inspector page at /__svc/ui
  -h, --help       this text`;

class UsageError extends Error {}

const CLOCK_MODES = ['real', 'virtual'] as const;

function parseClock(raw: string | undefined): (typeof CLOCK_MODES)[number] {
  const mode = raw ?? 'real';
  const known = CLOCK_MODES.find((candidate) => candidate === mode);
  if (known === undefined) throw new UsageError(`--clock must be real or virtual, got "${mode}"`);
  return known;
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

async function main(): Promise<void> {
  // First of all, so no signal finds the process without them (a SIGTERM right after the
  // banner used to kill it by signal).
  const shutdown = closeOnSignals();
  let values: {
    port?: string;
    host?: string;
    seed?: string;
    clock?: string;
    quiet: boolean;
    'no-inspector': boolean;
    help: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        clock: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        'no-inspector': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = parsePort(values.port);
  const clock = parseClock(values.clock);
  const seed = values.seed === undefined ? undefined : await readSeed(values.seed);
  const server = await startMockServer({
    port,
    host: values.host ?? '127.0.0.1',
    ...(seed === undefined ? {} : { seed }),
    ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
    inspector: !values['no-inspector'],
    clock,
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(values.seed === undefined ? message : `${values.seed}: ${message}`);
  });

  if (shutdown.attach(server)) return; // a signal came while starting: no banner, just stop

  // One write, so whoever reads the output gets the whole banner at once.
  const environments = server.engine.environments.map(
    (environment) =>
      `  ${environment.name.padEnd(12)} _id=${environment._id}  apiKey=${environment.apiKey}`,
  );
  console.log(
    [
      `svc-mock listening on ${server.url}`,
      ...environments,
      clock === 'real'
        ? '  clock:       real time (delays and digests run on their own)'
        : `  clock:       virtual, at ${server.engine.clock.iso()} (move it: POST ${CONTROL_PREFIX}/clock/advance)`,
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
  process.exit(1);
});
