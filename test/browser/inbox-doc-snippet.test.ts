// The Inbox client configuration of docs/inbox.md, exactly as the doc prints it (only the
// server's address and identifier filled in), bundled and run in headless chromium: it lists
// the subscriber's notifications and receives a new one live over the socket (issue 36 item 4).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, type ChromiumSession, IN_CI, launchChromium } from './chromium-binary';
import { type InboxSite, serveInboxPage } from './inbox-page';

const DOC_ADDRESS = 'http://127.0.0.1:4010';
const DOC_IDENTIFIER = 'Xk3vQ9a1bC2d';

/** The doc's first JavaScript configuration of the Inbox client. */
function docSnippet(): string {
  const markdown = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'inbox.md'), 'utf8');
  const snippet = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .find((code) => code.includes('new Novu({'));
  if (snippet === undefined) throw new Error('docs/inbox.md shows no `new Novu({` snippet');
  return snippet;
}

let server: MockServer;
let site: InboxSite;
let context: BrowserContext;
let browser: ChromiumSession | undefined;

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)(
  "docs/inbox.md's client configuration, in chromium",
  () => {
    beforeAll(async () => {
      server = await startMockServer({ port: 0 });
      const snippet = docSnippet();
      expect(snippet).toContain(DOC_ADDRESS);
      expect(snippet).toContain(DOC_IDENTIFIER);
      const page = snippet
        .replaceAll(DOC_ADDRESS, server.url)
        .replaceAll(DOC_IDENTIFIER, server.engine.environment('Development').identifier);
      // What the test reads of the page: the first list, and what arrives live.
      const observe = `
(window as any).listed = data;
(window as any).received = [];
novu.on('notifications.notification_received', ({ result }) => (window as any).received.push(result.body));
`;
      site = await serveInboxPage(`${page}\n${observe}`);
      browser = await launchChromium('svc-chromium-', { width: 800, height: 600 });
      context = browser.context;
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await site?.close();
      await server?.close();
    });

    it('lists the notifications and receives a new one live', async () => {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      const frames: string[] = [];
      page.on('websocket', (ws) => {
        if (ws.url().startsWith(server.url.replace('http', 'ws'))) {
          ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
        }
      });
      await page.goto(site.url);
      await page.waitForFunction(() => (window as { listed?: unknown }).listed !== undefined);
      const listed = await page.evaluate(
        () => (window as { listed?: { notifications: unknown[] } }).listed,
      );
      expect(Array.isArray(listed?.notifications)).toBe(true);
      // The socket session is open (the namespace's CONNECT answered) before the trigger.
      await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);

      const environment = server.engine.environment('Development');
      const trigger = await fetch(`${server.url}/v1/events/trigger`, {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${environment.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'welcome', to: { subscriberId: 'user-1', firstName: 'Doc' } }),
      });
      expect(trigger.status).toBe(201);
      await page.waitForFunction(
        () => ((window as { received?: unknown[] }).received ?? []).length > 0,
        undefined,
        { timeout: 10_000 },
      );
      const received = await page.evaluate(() => (window as { received?: string[] }).received);
      expect(received).toEqual([expect.stringContaining('Doc')]);
      expect(problems).toEqual([]);
      await page.close();
    });
  },
);
