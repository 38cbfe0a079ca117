import { describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, IN_CI } from '../browser/chromium-binary';
import { inspectorSession } from '../browser/inspector-session';

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

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('inspector Agents tab', () => {
  const session = inspectorSession('svc-inspector-agents-', { seed, log: () => {} });

  it('lists agents with their bridge and integrations, and their activity newest first', async () => {
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${session.server.url}/__svc/ui#agents`);
    await page.waitForSelector('#tab-agents[aria-selected="true"]');
    await page.waitForSelector('[data-testid="agents-empty"]');

    await session.svc.agents.create({ name: 'Support bot', identifier: 'support-bot' });
    await session.svc.agents.integrations.create('support-bot', {
      integrationIdentifier: 'slack-main',
    });
    await session.svc.agents.updateBridge('support-bot', {
      bridgeUrl: 'https://app.acme.dev/agent',
    });
    await session.svc.agents.sendReply('support-bot', {
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
