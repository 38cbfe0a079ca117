// The service's Inbox UI (examples/inbox, `@novu/js/ui` unmodified) against svc-mock in headless
// chromium, with no stand-in: the page opens its session, the test triggers a workflow through
// the API, the notification appears in the open Inbox live, it is marked read from the UI (and
// the admin API shows it read), and the screenshot is kept for docs/inbox.md.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, type ChromiumSession, IN_CI, launchChromium } from './chromium-binary';
import { type InboxSite, inboxPageUrl, serveInboxPage } from './inbox-page';

const output = join(import.meta.dirname, '.output');
const SUBSCRIBER = 'inbox-reader';

let server: MockServer;
let site: InboxSite;
let context: BrowserContext;
let browser: ChromiumSession | undefined;

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('the Inbox UI against svc-mock, in chromium', () => {
  beforeAll(async () => {
    mkdirSync(output, { recursive: true });
    // As a developer runs it for the Inbox: the routes and the socket on one port, by default.
    server = await startMockServer({ port: 0 });
    site = await serveInboxPage();
    browser = await launchChromium('svc-chromium-', { width: 900, height: 700 });
    context = browser.context;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  it('shows a triggered notification live, marks it read, and keeps a screenshot', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const environment = server.engine.environment('Development');
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().startsWith(server.url.replace('http', 'ws'))) {
        ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
      }
    });
    await page.goto(inboxPageUrl(site, server.url, environment.identifier, SUBSCRIBER));
    await page.locator('.nv-bellContainer').click();
    await page.waitForSelector('.nv-popoverContent');
    // Triggered once the socket.io session is open (the server answered the namespace's
    // CONNECT), so the delivery can only reach the open Inbox through the socket.
    await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);

    const headers = {
      authorization: `ApiKey ${environment.apiKey}`,
      'content-type': 'application/json',
    };
    const trigger = await fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'welcome',
        to: { subscriberId: SUBSCRIBER, firstName: 'Reader' },
      }),
    });
    expect(trigger.status).toBe(201);
    const body = page.locator('.nv-notificationBody', { hasText: 'Welcome, Reader!' });
    await body.waitFor({ timeout: 10_000 });
    const screenshot = join(output, 'inbox.png');
    await page.screenshot({ path: screenshot });
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
    // UPDATE_INBOX_SCREENSHOT=1 refreshes the picture docs/inbox.md shows.
    if (process.env['UPDATE_INBOX_SCREENSHOT'] === '1') {
      copyFileSync(screenshot, join(import.meta.dirname, '..', '..', 'docs', 'inbox.png'));
    }

    const notification = page.locator('.nv-notification', { has: body });
    await notification.hover();
    await notification.locator('.nv-notificationRead__button').click();
    await expect
      .poll(async () => {
        const response = await fetch(
          `${server.url}/v1/messages?subscriberId=${SUBSCRIBER}&channel=in_app`,
          { headers },
        );
        const { data } = (await response.json()) as { data: Array<{ read: boolean }> };
        return data.map((message) => message.read);
      })
      .toEqual([true]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
