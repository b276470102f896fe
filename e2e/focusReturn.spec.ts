/**
 * Focus an action takes away returns somewhere sensible, never to <body> (one rule:
 * renderer/src/app/focusReturn.ts): to the opener, else the Details region, else the list.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const bodyHasFocus = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test('Close census and Close (Soundscape) return the focus to their toolbar buttons', async ({ app }) => {
  const page = app.page;
  await page.getByRole('button', { name: 'Census', exact: true }).click();
  await page.getByRole('button', { name: 'Close census', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Census', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Soundscape', exact: true }).click();
  await page.getByRole('region', { name: 'Soundscape' }).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Soundscape', exact: true })).toBeFocused();
});

test('a failed Open… returns the focus to the Dat path; Dismiss error to the list', async ({ app }) => {
  const page = app.page;
  await app.openDatPath('/nonexistent/client_portal.dat');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not open the dat' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dat path', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Dismiss error', exact: true }).click();
  await expect.poll(() => bodyHasFocus(page)).toBe(false);
  await expect(page.getByRole('grid').first()).toBeFocused();
});

test('a Wave link on a SoundTable card leaves the focus in the Details region', async ({ app }) => {
  await app.openSoundTable('0x20000001');
  await app.details.getByRole('link', { name: '0x0A000010' }).first().click();
  await expect(app.details).toContainText('0x0A000010');
  await expect.poll(() => bodyHasFocus(app.page)).toBe(false);
  await expect(app.details).toBeFocused();
});
