/** The browser host's own file and folder picker (issue #10 defect 4), used by role and name. */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_DAT } from './model/demoDat';
import { expect, test } from './fixtures';

test.describe('file and folder picker (browser host, loopback)', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
    await mkdir(join(dir, 'sub'));
    await copyFile(DEMO_DAT, join(dir, 'first_portal.dat'));
    await copyFile(DEMO_DAT, join(dir, 'sub', 'second_portal.dat'));
    await writeFile(join(dir, 'notes.txt'), 'not a dat');
  });

  test('Browse… lists folders and .dat files; the keyboard opens a folder and then the dat', async ({ app, facts }) => {
    const page = app.page;
    const field = page.getByRole('textbox', { name: 'Dat path', exact: true });
    await field.fill(join(dir, 'first_portal.dat'));
    await page.getByRole('button', { name: 'Open…', exact: true }).click();
    await expect(field).toHaveValue(join(dir, 'first_portal.dat'));

    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a dat' });
    await expect(dialog).toBeVisible();
    const list = dialog.getByRole('listbox', { name: 'Folders and dat files' });
    // the open dat's folder: folders first, then .dat files; other files are not offered
    await expect(list.getByRole('option')).toHaveText(['sub/', 'first_portal.dat'].map((t) => new RegExp(`${t}$`)));
    await expect(list).toBeFocused();
    await page.keyboard.press('Enter'); // into sub/
    await expect(dialog.getByLabel('Folder shown')).toHaveText(join(dir, 'sub'));
    await expect(list.getByRole('option')).toHaveText([/second_portal\.dat$/]);
    await page.keyboard.press('Enter'); // open the dat
    await expect(dialog).toHaveCount(0);
    await expect(field).toHaveValue(join(dir, 'sub', 'second_portal.dat'));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);

    // Up, Home and Cancel; Esc closes too
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    await dialog.getByRole('button', { name: 'Up', exact: true }).click();
    await expect(dialog.getByLabel('Folder shown')).toHaveText(dir);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('Browse… opens at the folder typed in "Dat path", or the typed path\'s folder', async ({ app }) => {
    const page = app.page;
    const field = page.getByRole('textbox', { name: 'Dat path', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Open a dat' });
    await field.fill(`${join(dir, 'sub')}/`);
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    await expect(dialog.getByLabel('Folder shown')).toHaveText(join(dir, 'sub'));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // a mistyped dat in an existing folder: that folder
    await field.fill(join(dir, 'sub', 'second_portl.dat'));
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    await expect(dialog.getByLabel('Folder shown')).toHaveText(join(dir, 'sub'));
    await page.keyboard.press('Escape');
  });

  test('typing letters moves to the next entry starting with them (listbox type-ahead)', async ({ app }) => {
    const page = app.page;
    for (const name of ['alpha', 'beta', 'sounds']) await mkdir(join(dir, name));
    await copyFile(DEMO_DAT, join(dir, 'second_portal.dat'));
    const field = page.getByRole('textbox', { name: 'Dat path', exact: true });
    await field.fill(join(dir, 'first_portal.dat'));
    await page.getByRole('button', { name: 'Open…', exact: true }).click(); // the picker starts in its folder
    await expect(app.statusBar).toContainText('Waves');
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a dat' });
    const list = dialog.getByRole('listbox', { name: 'Folders and dat files' });
    await expect(list.getByRole('option')).toHaveText(
      ['alpha/', 'beta/', 'sounds/', 'sub/', 'first_portal.dat', 'second_portal.dat'].map((t) => new RegExp(`${t}$`)),
    );
    await expect(list).toBeFocused();
    const cursor = list.getByRole('option', { selected: true });
    await expect(cursor).toHaveText(/alpha\/$/);
    await page.keyboard.press('s'); // the next entry starting with "s"
    await expect(cursor).toHaveText(/sounds\/$/);
    await page.keyboard.press('s'); // the same letter again: the next one
    await expect(cursor).toHaveText(/sub\/$/);
    await page.keyboard.press('S'); // any case: the next "s…" after it
    await expect(cursor).toHaveText(/second_portal\.dat$/);
    await expect(list).toHaveAttribute('aria-activedescendant', (await cursor.getAttribute('id')) ?? '');
    await page.waitForTimeout(700); // a pause starts a new prefix
    await page.keyboard.type('fi'); // letters in quick succession spell a prefix
    await expect(cursor).toHaveText(/first_portal\.dat$/);
    await page.keyboard.press('Enter'); // and Enter opens what type-ahead reached
    await expect(dialog).toHaveCount(0);
    await expect(field).toHaveValue(join(dir, 'first_portal.dat'));
  });

  test('the Export dialog picks its folder with the same picker', async ({ app }) => {
    const page = app.page;
    await page.getByRole('button', { name: 'Export…', exact: true }).click();
    const exportDialog = page.getByRole('dialog', { name: /Export/ });
    await exportDialog.getByRole('textbox', { name: 'Folder', exact: true }).fill(dir);
    await exportDialog.getByRole('button', { name: 'Browse…', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an export folder' });
    const list = picker.getByRole('listbox', { name: 'Folders', exact: true });
    await expect(list.getByRole('option')).toHaveText([/sub\/$/]);
    await page.keyboard.press('Enter');
    await picker.getByRole('button', { name: 'Use this folder', exact: true }).click();
    await expect(picker).toHaveCount(0);
    await expect(exportDialog.getByRole('textbox', { name: 'Folder', exact: true })).toHaveValue(join(dir, 'sub'));
  });
});
