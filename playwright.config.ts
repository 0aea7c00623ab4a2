import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';
import { SITE_URL } from './e2e/support/ports';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: SITE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  // One desktop project; specs switch to 375 px with test.use({ viewport: PHONE }) where width matters.
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
});
