// svc-mock's Inbox applicationIdentifier (issue 36): stable across restarts when the API key is
// pinned, set with --application-identifier, random otherwise; and the engine option behind it.
import { join } from 'node:path';
import { createMockEngine } from '@svc/api/mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftoverProcesses, runSvcMock, startSvcMock } from '../http/svc-mock-process';
import { freshDist } from '../package/fresh-dist';

const svcMock = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
const KEY = 'pinned-dev-key-0123456789';

beforeAll(() => freshDist(), 300_000);
afterEach(killLeftoverProcesses);

/** Starts svc-mock, reads Development's applicationIdentifier from the banner, stops it. */
async function developmentIdentifier(args: string[], env: Record<string, string> = {}) {
  const server = await startSvcMock(svcMock, ['--quiet', ...args], { env });
  const match = /Development\s+_id=\w+\s+apiKey=[\w-]+\s+applicationIdentifier=([\w-]+)/.exec(
    server.stdout(),
  );
  server.child.kill('SIGTERM');
  await server.exited;
  if (!match?.[1]) throw new Error(`no Development line in ${server.stdout()}`);
  return match[1];
}

describe('svc-mock applicationIdentifier', () => {
  it('is the same on every start with the same pinned key, flag or variable', async () => {
    const first = await developmentIdentifier(['--api-key', KEY]);
    expect(await developmentIdentifier(['--api-key', KEY])).toBe(first);
    expect(await developmentIdentifier([], { SVC_MOCK_API_KEY: KEY })).toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await developmentIdentifier(['--api-key', `${KEY}x`])).not.toBe(first);
  });

  it('is random per start without a pinned key', async () => {
    expect(await developmentIdentifier([])).not.toBe(await developmentIdentifier([]));
  });

  it('is set by --application-identifier or $SVC_MOCK_APPLICATION_IDENTIFIER (the flag wins)', async () => {
    expect(await developmentIdentifier(['--application-identifier', 'my-app_01'])).toBe(
      'my-app_01',
    );
    expect(
      await developmentIdentifier(['--api-key', KEY], {
        SVC_MOCK_APPLICATION_IDENTIFIER: 'from-env',
      }),
    ).toBe('from-env');
    expect(
      await developmentIdentifier(['--application-identifier', 'from-flag'], {
        SVC_MOCK_APPLICATION_IDENTIFIER: 'from-env',
      }),
    ).toBe('from-flag');
  });

  it('refuses a malformed one with the usage, exit 2', async () => {
    const run = runSvcMock(svcMock, ['--port', '0', '--application-identifier', 'a b']);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain('--application-identifier must be 4 to 64 letters');
  });
});

describe('createMockEngine({ applicationIdentifiers })', () => {
  it("sets the environments' identifiers, kept across reset", () => {
    const engine = createMockEngine({ applicationIdentifiers: { Development: 'dev-app' } });
    expect(engine.environment('Development').identifier).toBe('dev-app');
    expect(engine.environment('Production').identifier).not.toBe('dev-app');
    engine.reset();
    expect(engine.environment('Development').identifier).toBe('dev-app');
  });

  it('refuses a malformed one', () => {
    expect(() => createMockEngine({ applicationIdentifiers: { Production: '../x' } })).toThrow(
      /applicationIdentifiers\.Production must be 4 to 64/,
    );
  });
});
