#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { SeedData } from '../engine/seed';
import { startMockServer } from './server';

const USAGE = `Usage: svc-mock [--port 4010] [--host 127.0.0.1] [--seed file.json] [--quiet]

Serves the @svc/api reference engine over HTTP (demo data unless --seed is given).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port ?? process.env['PORT'] ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
  }
  const seed = values.seed
    ? (JSON.parse(await readFile(values.seed, 'utf8')) as SeedData)
    : undefined;
  const server = await startMockServer({
    port,
    host: values.host ?? '127.0.0.1',
    ...(seed ? { seed } : {}),
    ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
  });
  console.log(`svc-mock listening on ${server.url}`);
  for (const environment of server.engine.environments) {
    console.log(`  ${environment.name}  _id=${environment._id}  apiKey=${environment.apiKey}`);
  }
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`svc-mock: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
