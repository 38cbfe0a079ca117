// The inspector in a real browser: svc-mock serves /__svc/ui, the client triggers a workflow
// over HTTP, and Debian's headless chromium (through playwright-core) watches the run live,
// reads the rendered email, marks the in-app message read, moves the clock through the digest
// and adds a fault. Screenshots go to test/browser/.output/inspector/ (git-ignored).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APIError } from '@svc/api';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, IN_CI } from './chromium-binary';
import { inspectorSession } from './inspector-session';

const output = join(import.meta.dirname, '.output', 'inspector');

const seed = {
  subscribers: [
    { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  ],
  integrations: [
    {
      providerId: 'sendgrid',
      channel: 'email' as const,
      name: 'SendGrid',
      identifier: 'sendgrid',
      active: true,
      primary: true,
      credentials: { apiKey: 'SG.x', from: 'hello@acme.test', senderName: 'Acme' },
    },
  ],
  workflows: [
    {
      workflowId: 'onboarding',
      name: 'Onboarding',
      steps: [
        {
          type: 'email' as const,
          name: 'Welcome email',
          controlValues: {
            subject: 'Welcome aboard, {{subscriber.firstName}}',
            body: '<h1>Hello {{subscriber.firstName}}</h1><p>Your plan: {{payload.plan}}.</p>',
          },
        },
        {
          type: 'in_app' as const,
          name: 'Inbox',
          controlValues: { body: 'Finish your profile, {{subscriber.firstName}}' },
        },
        {
          type: 'digest' as const,
          name: 'Digest',
          controlValues: { amount: 10, unit: 'minutes' },
        },
        {
          type: 'in_app' as const,
          name: 'Digest inbox',
          controlValues: { body: '{{step.total_count}} onboarding update(s) digested' },
        },
      ],
    },
  ],
};

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(output, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
}

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('the inspector in headless chromium', () => {
  beforeAll(() => mkdirSync(output, { recursive: true }));
  const session = inspectorSession('svc-inspector-', {
    seed,
    clockStart: '2026-03-02T09:00:00.000Z',
  });

  it('shows a run live, the email, the inbox, the digest firing and a fault', async () => {
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${session.server.url}/__svc/ui`);
    await page.waitForSelector('[data-testid="live"]:text("live")');
    await page.waitForSelector('text=No triggers yet');
    // Where the data is kept: this server keeps none (svc-mock --data shows its directory).
    await page.waitForSelector('[data-testid="data"]:text("Data: in memory only")');

    // The run appears without a reload, jobs in order with their statuses.
    const { transactionId } = await session.svc.events.trigger({
      name: 'onboarding',
      to: 'ada',
      payload: { plan: 'Pro' },
    });
    const run = page.locator(`article[data-transaction="${transactionId}"]`);
    await run.waitFor();
    expect(
      await run
        .locator('li.job')
        .evaluateAll((jobs) =>
          jobs.map((job) => [
            (job as HTMLElement).dataset['jobType'],
            (job as HTMLElement).dataset['jobStatus'],
          ]),
        ),
    ).toEqual([
      ['email', 'completed'],
      ['in_app', 'completed'],
      ['digest', 'delayed'],
      ['in_app', 'pending'],
    ]);
    expect(await run.locator('summary').textContent()).toContain('processed');
    expect(await run.textContent()).toContain('Message sent');
    await shoot(page, 'activity-1280');

    // Keyboard: the tabs are one tab stop; arrows move between them.
    await page.focus('#tab-activity');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#tab-messages', 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-messages');

    // The email as the recipient sees it: envelope, subject, and the HTML in a sandboxed frame.
    await page.click('button[data-channel="email"]');
    expect(await page.textContent('[data-testid="email-subject"]')).toBe('Welcome aboard, Ada');
    const detail = page.locator('[data-testid="message-detail"]');
    expect(await detail.textContent()).toContain('Acme <hello@acme.test>');
    expect(await page.getAttribute('[data-testid="email-frame"]', 'sandbox')).toBe('');
    const frame = page.frameLocator('[data-testid="email-frame"]');
    expect(await frame.locator('h1').textContent()).toBe('Hello Ada');
    expect(await frame.locator('p').textContent()).toBe('Your plan: Pro.');
    await shoot(page, 'messages-1280');
    // The picture docs/inspector.md shows: the top of this view.
    await page.screenshot({
      path: join(output, 'docs-inspector.png'),
      clip: { x: 0, y: 0, width: 1280, height: 720 },
    });

    // The in-app message marked read on the page; the API agrees.
    await page.click('[data-tab="inbox"]');
    const unread = page.locator('ul.inbox li[data-read="false"]');
    await unread.waitFor();
    const messageId = (await unread.getAttribute('data-message-id')) as string;
    await unread.locator('button:text("Mark read")').click();
    await page.waitForSelector(`li[data-message-id="${messageId}"][data-read="true"]`);
    const [fromApi] = await session.svc.subscribers.messages.markAs('ada', {
      messageId,
      markAs: 'seen',
    });
    expect(fromApi).toMatchObject({ _id: messageId, read: true, seen: true });
    expect(fromApi?.lastReadDate).toBe('2026-03-02T09:00:00.000Z');
    await shoot(page, 'inbox-1280');

    // The digest waits on the clock; advancing it fires the digest and the message arrives.
    await page.click('[data-tab="time"]');
    await page.waitForSelector('[data-testid="pending"] li[data-kind="close-digest"]');
    expect(await page.textContent('[data-testid="pending"]')).toContain('2026-03-02 09:10:00Z');
    await page.fill('input[name="advance"]', '10m');
    await page.click('button:text("Advance")');
    await page.waitForSelector('[data-testid="clock-now"]:text("2026-03-02T09:10:00.000Z")');
    await page.waitForSelector('text=No delay or digest is waiting.');
    await page.click('[data-tab="inbox"]');
    await page.waitForSelector('ul.inbox li:has-text("1 onboarding update(s) digested")');
    await page.click('[data-tab="activity"]');
    await run.locator('li.job[data-job-type="digest"][data-job-status="completed"]').waitFor();
    expect(
      await run
        .locator('li.job')
        .evaluateAll((jobs) => jobs.map((job) => (job as HTMLElement).dataset['jobStatus'])),
    ).toEqual(['completed', 'completed', 'completed', 'completed']);

    // A fault added on the page makes the next request fail.
    await page.click('[data-tab="time"]');
    await page.click('button:text("Add fault")');
    await page.waitForSelector('[data-testid="faults"] li');
    const failed = await session.svc.events.trigger({ name: 'onboarding', to: 'ada' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(APIError);
    expect((failed as APIError).status).toBe(503);
    await page.click('button:text("Refresh")');
    await page.waitForSelector('[data-testid="faults"] li:has-text("\\"hits\\": 1")');
    await shoot(page, 'time-1280');

    await page.click('[data-tab="state"]');
    await page.waitForSelector('[data-workflow="onboarding"]');
    expect(await page.textContent('[data-testid="key-Development"]')).toMatch(/^•+[0-9a-f]{4}$/);
    await page.click('tr:has-text("Development") button:text("Reveal")');
    await page.waitForSelector(
      `[data-testid="key-Development"]:text("${session.server.engine.environment('Development').apiKey}")`,
    );
    await shoot(page, 'state-1280');

    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('[data-tab="activity"]');
    await run.waitFor();
    await shoot(page, 'activity-phone');
    await page.click('[data-tab="messages"]');
    await page.click('button[data-channel="email"]');
    await frame.locator('h1').waitFor();
    await shoot(page, 'messages-phone');
    await page.click('[data-tab="inbox"]');
    await page.waitForSelector('ul.inbox li');
    await shoot(page, 'inbox-phone');
    await page.click('[data-tab="time"]');
    await page.waitForSelector('[data-testid="faults"] li');
    await shoot(page, 'time-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(0);

    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('pages the activity past the newest 50 with "Load older"', async () => {
    const scope = session.server.engine.scope('Development');
    const sent = Array.from(
      { length: 60 },
      (_, n) =>
        session.server.engine.operations['events.trigger'](scope, {
          body: { name: 'onboarding', to: 'ada', payload: { plan: `p${n}` } },
        }).transactionId,
    );
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${session.server.url}/__svc/ui#activity`);
    const runs = page.locator('article[data-transaction]');
    await page.locator(`article[data-transaction="${sent.at(-1)}"]`).waitFor();
    expect(await runs.count()).toBe(50);
    expect(await page.locator(`article[data-transaction="${sent[0]}"]`).count()).toBe(0);
    await page.click('[data-testid="load-older"]');
    await page.locator(`article[data-transaction="${sent[0]}"]`).waitFor();
    expect(await runs.count()).toBeGreaterThan(60);
    // The last page was not full: nothing older to load.
    expect(await page.locator('[data-testid="load-older"]').count()).toBe(0);
    await page.close();
  }, 60_000);
});
