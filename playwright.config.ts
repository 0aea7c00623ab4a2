import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';
import { SITE_URL } from './e2e/support/ports';

const desktop = { browserName: 'chromium' as const, viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous: a 2-core CI machine builds, serves, runs a chain and two browsers at once.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: SITE_URL,
    // A trace records every step's snapshot: on a 2-core machine that is CPU the tests need; a retry records one.
    trace: 'on-first-retry',
    // The hero's loop and the CSS motion keep the software compositor busy in every test; the hero's own spec,
    // the one that judges motion, asks for it back.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  // One desktop project; specs switch to 375 px with test.use({ viewport: PHONE }) where width matters.
  // The outage tests take the shared local chain, then the shared Firestore emulator, down: each
  // runs alone, after everything else; the scale spec runs last of all.
  projects: [
    { name: 'chromium', use: desktop, testIgnore: /payments-recovery|store-outage|scale\.spec/ },
    { name: 'chain-outage', use: desktop, testMatch: /payments-recovery/, dependencies: ['chromium'] },
    { name: 'store-outage', use: desktop, testMatch: /store-outage/, dependencies: ['chain-outage'] },
    // Writes a large generated catalog into the shared emulator: last, so no other spec sees it.
    { name: 'scale', use: desktop, testMatch: /scale\.spec/, dependencies: ['store-outage'] },
  ],
});
