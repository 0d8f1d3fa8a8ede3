/**
 * Debian's headless Chromium for the browser tests (test/browser/*.test.ts), driven by playwright-core: where it
 * is installed (`.ci/run` installs it; the tests skip, saying so, where it is absent) and how it is launched, offline
 * (no QUIC, no background networking, component updates or sync, so that no request leaves localhost by itself).
 */
import { chromium, type Browser } from 'playwright-core';

/** The browser the tests drive. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches CHROMIUM headless and offline; close it in `afterAll`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
