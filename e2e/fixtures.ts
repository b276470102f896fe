/**
 * `test` with the app's page object and the facts of the demo dat. Every test starts on a fresh
 * page of the browser host and fails if the page throws an uncaught error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { AppModel } from './model/app';
import { demoFacts, type DemoFacts } from './model/demoDat';

export const test = base.extend<{ app: AppModel; scratchDir: string }, { facts: DemoFacts }>({
  facts: [
    async ({}, use) => {
      await use(await demoFacts());
    },
    { scope: 'worker' },
  ],
  app: async ({ page }, use, testInfo) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
    const app = new AppModel(page);
    await app.goto();
    await use(app);
    if (pageErrors.length > 0) {
      await testInfo.attach('page errors', { body: pageErrors.join('\n'), contentType: 'text/plain' });
    }
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
  /**
   * A fresh temp folder for the dats a test writes and opens. Afterwards the demo dat is opened
   * again (the browser host serves one open dat to every test) and the folder is removed.
   */
  scratchDir: async ({ page }, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'acsound-e2e-'));
    await use(dir);
    await page.evaluate(() =>
      fetch('/api/openDat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[null]' }),
    );
    await rm(dir, { recursive: true, force: true });
  },
});

export { expect };
