/**
 * Many tabs of the browser host in one browser: Chromium allows 6 HTTP/1.1 connections per host
 * across all its tabs, so no tab may hold one for its lifetime (the export-progress stream is open
 * only while an export runs). Every tab loads, up to the host's 8 tab sessions and beyond: a 9th
 * tab closes the least recently used idle session, whose tab is told to reload (README, Browser host).
 */
import { expect, test } from '@playwright/test';
import { AppModel } from './model/app';

test('nine tabs in one browser each load their rows; the least recently used tab beyond the cap is told to reload', async ({
  context,
}) => {
  test.setTimeout(180_000);
  const apps: AppModel[] = [];
  for (let i = 0; i < 9; i++) {
    const app = new AppModel(await context.newPage());
    await app.goto(); // waits for both lists' counts
    await expect(app.grid('SoundTables').getByRole('row').nth(1)).toBeVisible();
    apps.push(app);
  }
  // every tab still answers (none starved of a connection)
  for (const app of apps.slice(1)) {
    await app.showList('Waves');
    await expect(app.grid('Waves').getByRole('row').nth(1)).toBeVisible();
  }
  // the first tab's session was closed to make room for the 9th: its next request says so
  const first = apps[0]!;
  await first.page.bringToFront();
  await first.showList('Waves');
  await first.grid('Waves').getByRole('row').nth(1).click();
  await expect(first.page.getByText(/more than 8 tabs were open; reload the page/).first()).toBeVisible();
});
