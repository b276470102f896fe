/**
 * `test` with the app's page object and the facts of the demo dat. Every test starts on a fresh
 * page of the browser host and fails if the page throws an uncaught error.
 */
import { test as base, expect } from '@playwright/test';
import { AppModel } from './model/app';
import { demoFacts, type DemoFacts } from './model/demoDat';

export const test = base.extend<{ app: AppModel }, { facts: DemoFacts }>({
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
});

export { expect };
