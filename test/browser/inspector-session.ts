// What every browser test of the inspector starts with: svc-mock on a free port, a client with
// the Development key, and a headless chromium; closed again after the file's tests.
import { Svc } from '@svc/api';
import { type MockServer, type MockServerOptions, startMockServer } from '@svc/api/mock/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type ChromiumSession, launchChromium } from './chromium-binary';

/** The server, client and browser of one test file, ready inside its tests. */
export interface InspectorSession {
  readonly server: MockServer;
  readonly svc: Svc;
  readonly context: BrowserContext;
}

/**
 * Registers the start (before all tests) and the close (after them) in the calling `describe`;
 * `prefix` names the browser's throwaway profile.
 */
export function inspectorSession(prefix: string, options: MockServerOptions): InspectorSession {
  let server: MockServer | undefined;
  let svc: Svc | undefined;
  let browser: ChromiumSession | undefined;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, ...options });
    svc = new Svc({
      secretKey: server.engine.environment('Development').apiKey,
      baseUrl: server.url,
      maxRetries: 0,
    });
    browser = await launchChromium(prefix, { width: 1280, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the inspector session is used before its start');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get svc() {
      return started(svc);
    },
    get context() {
      return started(browser).context;
    },
  };
}
