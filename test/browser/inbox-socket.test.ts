import { type MockServer, startMockServer } from '@svc/api/mock/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, type ChromiumSession, IN_CI, launchChromium } from './chromium-binary';
import { type InboxSite, inboxPageUrl, serveInboxPage } from './inbox-page';

let server: MockServer;
let site: InboxSite;
let context: BrowserContext;
let browser: ChromiumSession | undefined;

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('the Inbox UI on the socket, in chromium', () => {
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
    site = await serveInboxPage();
    browser = await launchChromium('svc-chromium-');
    context = browser.context;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  it("receives a trigger's delivery over the socket, live", async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const session = page.waitForResponse(
      (response) =>
        response.url() === `${server.url}/v1/inbox/session` &&
        response.request().method() === 'POST',
    );
    const frames: string[] = [];
    const socket = page.waitForEvent('websocket', (ws) =>
      ws.url().startsWith(server.url.replace('http', 'ws')),
    );
    const environment = server.engine.environment('Development');
    await page.goto(inboxPageUrl(site, server.url, environment.identifier, 'demo-ada'));
    const { data } = (await (await session).json()) as { data: { token: string } };
    const ws = await socket;
    expect(new URL(ws.url()).pathname).toBe('/socket.io/');
    expect(new URL(ws.url()).searchParams.get('token')).toBe(data.token);
    ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
    await page.waitForSelector('.nv-bellContainer');
    // The socket.io session is open once the server answered the namespace's CONNECT.
    await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);

    const response = await fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers: {
        authorization: `ApiKey ${environment.apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'welcome', to: 'demo-ada' }),
    });
    expect(response.status).toBe(201);
    await expect
      .poll(() =>
        frames
          .filter((frame) => frame.startsWith('42['))
          .map((frame) => JSON.parse(frame.slice(2))[0]),
      )
      .toEqual(['notification_received', 'unseen_count_changed', 'unread_count_changed']);
    const [, received] = JSON.parse(
      frames.find((frame) => frame.startsWith('42["notification_received"'))?.slice(2) ?? '[]',
    ) as [string, { message: { content: string; read: boolean } }];
    expect(received.message).toMatchObject({ content: 'Welcome, Ada!', read: false });
    expect(problems).toEqual([]);
    await page.close();
  });
});
