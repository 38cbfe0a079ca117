// The inspector's Agents tab in headless chromium: the environment's agents with their bridge and
// linked integrations, and their replies and bridge changes newest first, per environment.
import { Svc } from '@svc/api';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_AVAILABLE,
  type ChromiumSession,
  IN_CI,
  launchChromium,
} from '../browser/chromium-binary';

const seed = {
  integrations: [
    {
      providerId: 'slack',
      channel: 'chat' as const,
      name: 'Slack',
      identifier: 'slack-main',
      active: true,
    },
  ],
};

let server: MockServer;
let context: BrowserContext;
let browser: ChromiumSession | undefined;
let svc: Svc;

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('inspector Agents tab', () => {
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed, log: () => {} });
    svc = new Svc({
      secretKey: server.engine.environment('Development').apiKey,
      baseUrl: server.url,
      maxRetries: 0,
    });
    browser = await launchChromium('svc-inspector-agents-', { width: 1280, height: 900 });
    context = browser.context;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists agents with their bridge and integrations, and their activity newest first', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/__svc/ui#agents`);
    await page.waitForSelector('#tab-agents[aria-selected="true"]');
    await page.waitForSelector('[data-testid="agents-empty"]');

    await svc.agents.create({ name: 'Support bot', identifier: 'support-bot' });
    await svc.agents.integrations.create('support-bot', { integrationIdentifier: 'slack-main' });
    await svc.agents.updateBridge('support-bot', { bridgeUrl: 'https://app.acme.dev/agent' });
    await svc.agents.sendReply('support-bot', {
      conversationId: 'conv-42',
      integrationIdentifier: 'slack-main',
      reply: { markdown: 'On it' },
    });

    // Record changes send no engine event: the header's Refresh loads the tab again.
    await page.click('header button:has-text("Refresh")');
    const row = page.locator('tr[data-agent="support-bot"]');
    await row.waitFor();
    const rowText = await row.textContent();
    expect(rowText).toContain('Support bot');
    expect(rowText).toContain('https://app.acme.dev/agent');
    expect(rowText).toContain('slack-main');
    await page.waitForSelector('li[data-activity="reply"]');
    const kinds = await page
      .locator('li[data-activity]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-activity')));
    expect(kinds).toEqual(['reply', 'bridge']);
    expect(await page.locator('li[data-activity="reply"]').textContent()).toContain('support-bot');
    expect(await page.locator('li[data-activity="reply"]').innerHTML()).toContain('conv-42');

    // Another environment has none.
    await page.selectOption('select', 'Production');
    await page.waitForSelector('[data-testid="agents-empty"]');
    expect(problems).toEqual([]);
    await page.close();
  });
});
