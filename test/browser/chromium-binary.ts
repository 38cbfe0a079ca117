// The headless chromium both browser tests drive (docs: README "Testing this repository").
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's package by default; CHROMIUM_PATH points at any other chromium or chrome binary. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

/** Flags for a root, offline, throwaway headless session (no background network, no sync). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Under CI (`CI=true`) a missing browser fails the test instead of skipping it. */
export const IN_CI = Boolean(process.env['CI']) && process.env['CI'] !== 'false';

/** Whether the browser binary is there. */
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM);

/** A headless chromium session in a throwaway profile. */
export interface ChromiumSession {
  context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/**
 * Launches the headless chromium with {@link CHROMIUM_FLAGS} in a fresh profile directory
 * (`prefix` names it in the temporary folder).
 */
export async function launchChromium(
  prefix: string,
  viewport?: { width: number; height: number },
): Promise<ChromiumSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    ...(viewport ? { viewport } : {}),
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
