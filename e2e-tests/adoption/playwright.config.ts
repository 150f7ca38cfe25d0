import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config';

/**
 * The adoption test's browser check (scripts/adoption-test.sh): Chromium
 * against a fresh create-app app that the script has started; no web server
 * of ours.
 */
export default defineConfig({
  ...baseConfig,
  testDir: '.',
  testMatch: '*.adoption.ts',
  webServer: undefined,
  reporter: [['list']],
  outputDir: `${process.env.ADOPTION_ARTIFACTS ?? '../../artifacts/adoption'}/results`,
  use: { ...baseConfig.use, baseURL: process.env.ADOPTION_URL },
});
