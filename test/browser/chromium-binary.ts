// The headless chromium both browser tests drive (docs: README "Testing this repository").
import { existsSync } from 'node:fs';

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
