// A real browser: a page bundled with esbuild uses the client in mock mode through MSW's service
// worker, driven in Debian's headless chromium through playwright-core.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  CHROMIUM_AVAILABLE,
  type ChromiumSession,
  IN_CI,
  launchChromium,
} from './chromium-binary';

const root = join(import.meta.dirname, '..', '..');
const output = join(import.meta.dirname, '.output');

if (!CHROMIUM_AVAILABLE && !IN_CI) {
  console.warn(
    `[browser test] skipped: ${CHROMIUM} not found. Install it with ` +
      '`apt-get install -y chromium` (Debian) or set CHROMIUM_PATH to a chromium binary; ' +
      'in CI (CI=true) this test fails instead.',
  );
}

let site: Server;
let siteUrl: string;
let context: BrowserContext;
let browser: ChromiumSession | undefined;

async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'page', 'app.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfig: join(root, 'tsconfig.json'), // its `paths` map @svc/api* to the sources
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.text;
}

async function serveSite(): Promise<void> {
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html', body: readFileSync(join(import.meta.dirname, 'page', 'index.html')) },
    '/app.js': { type: 'text/javascript', body: await bundleApp() },
    '/mockServiceWorker.js': {
      type: 'text/javascript',
      body: readFileSync(join(root, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')),
    },
  };
  site = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

describe.skipIf(!CHROMIUM_AVAILABLE && !IN_CI)('mock mode in headless chromium', () => {
  beforeAll(async () => {
    mkdirSync(output, { recursive: true });
    await serveSite();
    browser = await launchChromium('svc-chromium-');
    context = browser.context;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  it('renders a subscriber, triggers a workflow, renders the inbox and marks a message read', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(siteUrl);
    await page.waitForSelector('body[data-state="ready"], body[data-state="failed"]');
    const failure = await page.locator('[data-testid="failure"]').allTextContents();
    expect(failure, 'the page reported a failure').toEqual([]);
    expect(problems).toEqual([]);

    expect(await page.textContent('[data-testid="name"]')).toBe('Ada Lovelace');
    expect(await page.textContent('[data-testid="email"]')).toBe('ada@example.com');
    expect(await page.textContent('[data-testid="id"]')).toBe('Subscriber ada');
    expect(await page.textContent('[data-testid="missing"]')).toBe('NotFoundError 404');
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(worker).toBe(`${siteUrl}/mockServiceWorker.js`);

    // Trigger → in-app messages rendered → mark one read through the service worker.
    expect(await page.textContent('[data-testid="notifications"]')).toBe('2 notifications');
    expect(await page.textContent('[data-testid="email-html"]')).toBe('<p>team &amp; co</p>');
    const items = page.locator('[data-testid="inbox"] li');
    expect(await items.locator('.content').allTextContents()).toEqual([
      'Welcome, Ada: pro plan',
      'Welcome, Ada: team plan',
    ]);
    await items.nth(0).locator('button').click();
    await page.waitForSelector('[data-testid="inbox"] li[data-read="true"]');
    expect(await items.evaluateAll((nodes) => nodes.map((node) => node.dataset['read']))).toEqual([
      'true',
      'false',
    ]);
    expect(await items.nth(0).locator('button').textContent()).toBe('Read');
    expect(await page.textContent('[data-testid="upload"]')).toBe('1 uploaded: Hola');

    const screenshot = join(output, 'subscriber.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
    await page.close();
  });
});
