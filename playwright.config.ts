/**
 * e2e tests against the BUILT app (`npm run build` first; `npm run test:e2e` runs them).
 *
 * - `browser`: Chromium (Debian's /usr/bin/chromium here, Playwright's own where it can be
 *   downloaded, or $CHROMIUM_PATH) drives the real renderer served by the browser host
 *   (out/serve/serve.mjs) over the real service and the real demo dat.
 * - `electron`: the desktop app through Playwright's `_electron.launch` of out/main/index.js.
 *   Launch tests skip with the reason when the Electron binary is not installed (it cannot be
 *   downloaded on the build machines); the built-preload check always runs.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-browsers.mjs';

// The browser host and the desktop app under test (and everything they spawn) keep their persistent
// caches (the entry-count cache, node/service/entryCountCache.ts) in a temp folder, never the user's.
process.env['ACSOUND_CACHE_DIR'] = join(tmpdir(), 'acsound-e2e-cache');

export const E2E_PORT = Number(process.env['ACSOUND_E2E_PORT'] ?? 4187);
const chromium = findChromium();

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env['CI'],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 15_000,
  },
  // The host opens the bundled demo dat BY PATH (issue 2 §6): the service recognizes it by its
  // real path, so the demo banner shows just as it does for a new user. The tests read the same
  // file with core for their expectations.
  webServer: {
    command: `node out/serve/serve.mjs assets/demo_portal.dat --port ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'browser',
      testMatch: /e2e\/[^/]+\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${E2E_PORT}/`,
        viewport: { width: 1400, height: 900 },
        launchOptions: {
          // Without a Chromium, run-e2e.mjs stops first with how to get one.
          ...(chromium ? { executablePath: chromium.path } : {}),
          args: [...CHROMIUM_ARGS],
        },
      },
    },
    {
      name: 'electron',
      testMatch: /e2e\/electron\/[^/]+\.spec\.ts$/,
    },
  ],
});
