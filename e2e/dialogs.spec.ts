/**
 * Every dialog has the one Modal shell's focus trap: the focus starts inside, Tab and Shift+Tab
 * stay inside, Esc closes, and the focus returns to the control that opened it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Whether the focused element is inside `dialog`. */
async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((d) => d.contains(document.activeElement));
}

/** Tabs `n` times forward (or backward), checking after each press that the focus stayed in `dialog`. */
async function tabAround(page: Page, dialog: Locator, n: number, backward = false): Promise<void> {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(dialog), `focus after ${backward ? 'Shift+Tab' : 'Tab'} #${i + 1}`).toBe(true);
  }
}

const DIALOGS: { name: string; opener: string; title: string | RegExp; focused: (d: Locator) => Locator }[] = [
  {
    name: 'About',
    opener: 'About',
    title: 'About AC Sound Browser',
    focused: (d) => d.getByRole('button', { name: 'Close', exact: true }),
  },
  {
    name: 'the dat picker',
    opener: 'Browse…',
    title: 'Open a dat',
    focused: (d) => d.getByRole('listbox', { name: 'Folders and dat files' }),
  },
  {
    name: 'Export',
    opener: 'Export…',
    title: 'Export Waves',
    focused: (d) => d.getByRole('radio', { name: 'Decoded WAV' }),
  },
];

for (const d of DIALOGS) {
  test(`${d.name}: focus starts inside, Tab / Shift+Tab cycle inside, Esc closes, focus returns to ${d.opener}`, async ({
    app,
  }) => {
    const page = app.page;
    const opener = page.getByRole('button', { name: d.opener, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: d.title });
    await expect(dialog).toBeVisible();
    await expect(d.focused(dialog)).toBeFocused();
    // more presses than the dialog has controls: the focus wraps around, never leaves
    await tabAround(page, dialog, 25);
    await tabAround(page, dialog, 25, true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
}

test('Esc closes the top dialog only: the picker over the Export dialog, then the Export dialog', async ({ app }) => {
  const page = app.page;
  await page.getByRole('button', { name: 'Export…', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Waves' });
  const browse = exportDialog.getByRole('button', { name: 'Browse…', exact: true });
  await browse.click();
  const picker = page.getByRole('dialog', { name: 'Choose an export folder' });
  await expect(picker.getByRole('listbox', { name: 'Folders', exact: true })).toBeFocused();
  await tabAround(page, picker, 12);
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(exportDialog).toBeVisible();
  await expect(browse).toBeFocused();
  await tabAround(page, exportDialog, 30);
  await page.keyboard.press('Escape');
  await expect(exportDialog).toHaveCount(0);
});

test('a mouse press on the overlay closes About; the focus returns to its button', async ({ app }) => {
  const page = app.page;
  const opener = page.getByRole('button', { name: 'About', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'About AC Sound Browser' });
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 760);
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
