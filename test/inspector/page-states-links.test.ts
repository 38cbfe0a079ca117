import { describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, IN_CI } from '../browser/chromium-binary';
import { inspectorSession } from '../browser/inspector-session';

const seed = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
    // No email address: her email is stored undelivered (status `warning`).
    { subscriberId: 'bob', firstName: 'Bob' },
  ],
  integrations: [
    {
      providerId: 'sendgrid',
      channel: 'email' as const,
      name: 'SendGrid',
      identifier: 'sendgrid',
      active: true,
      primary: true,
      credentials: { apiKey: 'SG.x', from: 'hello@acme.test' },
    },
  ],
  workflows: [
    {
      workflowId: 'welcome',
      name: 'Welcome',
      steps: [
        {
          type: 'email' as const,
          name: 'Welcome email',
          controlValues: {
            subject: 'Welcome, {{subscriber.firstName}}',
            body: '<p>Your plan: {{payload.plan}}.</p>',
          },
        },
      ],
    },
  ],
};

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('inspector page states and links', () => {
  const session = inspectorSession('svc-inspector-links-', {
    seed,
    clockStart: '2026-03-02T09:00:00.000Z',
  });

  it('paints data in its first frame: the default view needs no answer from the network', async () => {
    const page = await session.context.newPage();
    // Hold every control answer: what a slow first load looks like.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/__svc\/(?!ui)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${session.server.url}/__svc/ui`, { waitUntil: 'load' });
    // Right after load, with nothing answered yet, the page shows the server's answers.
    expect(await page.locator('[data-testid="loading"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="header-clock"]')).toBe('2026-03-02T09:00:00.000Z');
    expect(await page.textContent('[data-testid="data"]')).toBe('Data: in memory only');
    expect(await page.textContent('main')).toContain('No triggers yet');
    release();
    await page.close();
  });

  it('says it is loading until the first answers of a view the page was not served with', async () => {
    const page = await session.context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/__svc\/inspector\/messages/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${session.server.url}/__svc/ui#messages`);
    await page.waitForSelector('[data-testid="loading"]');
    release();
    await page.waitForSelector('text=No messages yet');
    expect(await page.locator('[data-testid="loading"]').count()).toBe(0);
    await page.close();
  });

  it('marks undelivered messages, shows what each step sent, and links tab, run and message', async () => {
    const { transactionId } = await session.svc.events.trigger({
      name: 'welcome',
      to: ['ada', 'bob'],
      payload: { plan: 'Pro' },
    });
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // A transaction's link opens the Activity tab on that run.
    await page.goto(`${session.server.url}/__svc/ui#activity/${transactionId}`);
    const run = page.locator(`article[data-transaction="${transactionId}"]`);
    await run.waitFor();
    expect(await run.getAttribute('aria-current')).toBe('true');
    expect(await run.locator('details').getAttribute('open')).not.toBeNull();
    // Each email job shows what it sent, linked to its message.
    const sent = run.locator('a[data-testid="sent"]');
    await sent.first().waitFor();
    const texts = await sent.allTextContents();
    expect(
      texts.some((text) => text.includes('Welcome, Ada') && text.includes('Your plan: Pro.')),
    ).toBe(true);
    expect(texts.some((text) => text.includes('warning') && text.includes('Welcome, Bob'))).toBe(
      true,
    );
    const adaLink = sent.filter({ hasText: 'Welcome, Ada' });
    const messageId = (await adaLink.getAttribute('data-message-id')) as string;
    await adaLink.click();

    // ... which opens the Messages tab on that message, with its address in the URL.
    await page.waitForSelector('[data-testid="message-detail"]');
    expect(new URL(page.url()).hash).toBe(`#messages/${messageId}`);
    expect(await page.getAttribute('#tab-messages', 'aria-selected')).toBe('true');
    expect(await page.textContent('[data-testid="email-subject"]')).toBe('Welcome, Ada');

    // The undelivered message is marked in the list, before any click.
    const bob = page.locator('button[data-status="warning"]');
    await bob.waitFor();
    expect(await bob.locator('[data-testid="undelivered"]').textContent()).toContain(
      'not delivered',
    );
    expect(
      await page.locator('button[data-status="sent"] [data-testid="undelivered"]').count(),
    ).toBe(0);

    // The message's transaction links back to its run.
    await page.click('[data-testid="message-transaction"]');
    await run.waitFor();
    expect(new URL(page.url()).hash).toBe(`#activity/${transactionId}`);

    // A message's link, opened fresh, shows that message; a tab's link, that tab.
    const fresh = await session.context.newPage();
    await fresh.goto(`${session.server.url}/__svc/ui#messages/${messageId}`);
    await fresh.waitForSelector('[data-testid="message-detail"]');
    expect(await fresh.getAttribute(`button[data-message-id="${messageId}"]`, 'aria-pressed')).toBe(
      'true',
    );
    await fresh.goto(`${session.server.url}/__svc/ui#state`);
    await fresh.waitForSelector('#tab-state[aria-selected="true"]');
    // Going back returns to the message.
    await fresh.goBack();
    await fresh.waitForSelector('[data-testid="message-detail"]');
    await fresh.close();
    expect(problems).toEqual([]);
    await page.close();
  });
});
