import { defineConfig } from '@playwright/test';
import { resolve } from 'path';

/**
 * Browser tests in Debian's Chromium against the portal started with the
 * sandbox (`yarn start`). Playwright cannot download browsers here, so the
 * executable is the system one; set CHROMIUM_PATH to use another.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e-tests',
  timeout: 90_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'artifacts/e2e-report' }],
  ],
  outputDir: 'artifacts/e2e-results',
  // Waits for the backend's readiness, which webServer's port check does not
  // cover. An absolute path: the adoption test's config spreads this one from
  // another folder (and, having no webServer, the setup does nothing there).
  globalSetup: resolve(__dirname, 'e2e-tests/globalSetup.ts'),

  webServer: {
    command: 'yarn start',
    url: 'http://localhost:3000',
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },

  use: {
    baseURL: process.env.PLAYWRIGHT_URL ?? 'http://localhost:3000',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
