/** The window fits: no horizontal overflow at 1024 px, nor after a failed open with a long error. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { writeTruncatedDat } from './model/brokenDats';
import { DEMO_DAT } from './model/demoDat';
import { expect, test } from './fixtures';

async function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** The element is laid out inside the window horizontally (not pushed off-screen). */
async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(
    box!.x + box!.width,
    `${await locator.evaluate((e) => e.getAttribute('aria-label') ?? e.textContent)} ends inside the ${width}-px window`,
  ).toBeLessThanOrEqual(width + 0.5);
}

async function expectFits(page: Page): Promise<void> {
  const w = await pageWidth(page);
  expect(w.scrollWidth, 'document.documentElement.scrollWidth <= innerWidth').toBeLessThanOrEqual(w.innerWidth);
  await expectOnScreen(page, page.getByRole('radio', { name: 'Authored', exact: true }).locator('..'));
  await expectOnScreen(page, page.getByRole('button', { name: 'Export…', exact: true }));
  await expectOnScreen(page, page.getByRole('button', { name: 'About', exact: true }));
  await expectOnScreen(page, page.getByRole('region', { name: 'Listener', exact: true }));
}

test.describe('layout', () => {
  test('at 1024×700 the page does not overflow and every pane is on screen', async ({ app }) => {
    await app.page.setViewportSize({ width: 1024, height: 700 });
    await expectFits(app.page);
    await app.showList('Waves');
    await expectFits(app.page);
  });

  test('a failed open (truncated dat) shows a wrapped, dismissable error and the page still fits', async ({ app }) => {
    const dir = await mkdtemp(join(tmpdir(), 'acsound-e2e-layout-'));
    try {
      const path = await writeTruncatedDat(dir);
      await app.openDatPath(path);
      const alert = app.page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
      await expect(alert).toBeVisible();
      await expectFits(app.page);
      await app.page.setViewportSize({ width: 1024, height: 700 });
      await expectFits(app.page);
      // The dat that was open stays open; the error can be dismissed.
      await expect(app.statusBar).toContainText(/\d+ Waves/);
      await app.page.getByRole('button', { name: 'Dismiss error', exact: true }).click();
      await expect(alert).toHaveCount(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test.describe('layout at 1366×768', () => {
  test('the Listener shows the panner disc and the live readouts together, without scrolling', async ({ app }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    const pane = await app.listener.boundingBox();
    expect(pane!.y + pane!.height).toBeLessThanOrEqual(768);
    const disc = app.listener.getByRole('application', { name: 'Top-down panner' });
    const readouts = app.listener.getByRole('table', { name: 'Engine decision: retail and authored' });
    for (const el of [disc, readouts]) {
      const box = await el.boundingBox();
      expect(box, 'laid out').not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(pane!.y);
      expect(
        box!.y + box!.height,
        `${await el.getAttribute('aria-label')} ends inside the visible Listener pane`,
      ).toBeLessThanOrEqual(pane!.y + pane!.height);
    }
    expect(await app.listener.evaluate((e) => e.scrollTop)).toBe(0);
  });
});

test.describe('dat warnings at 1366×768', () => {
  test('a truncated dat: the first warning whole, "Show all N warnings" by keyboard shows every one', async ({
    app,
    scratchDir,
  }) => {
    await app.openDatBytes(scratchDir, 'truncated_portal.dat', (await readFile(DEMO_DAT)).subarray(0, 500_000));
    const note = app.page.getByRole('note', { name: 'Dat warnings', exact: true });
    await expect(note).toContainText(/\d+ warnings about this dat/);
    const n = Number(/(\d+) warnings/.exec((await note.textContent()) ?? '')![1]);
    expect(n).toBeGreaterThan(2);
    // the whole-tree count cannot be walked: said in words, never a bare "—" (the CLI's "?")
    await expect(app.statusBar).toContainText('entry count unknown');
    await expect(app.statusBar).not.toContainText('counting entries');
    // nothing of the banner is cut out of sight: the first warning is whole, the others wait
    await expect(note.getByRole('listitem')).toHaveCount(1);
    expect(await note.evaluate((e) => e.scrollHeight - e.clientHeight)).toBeLessThanOrEqual(1);
    const more = note.getByRole('button', { name: `Show all ${n} warnings`, exact: true });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.focus();
    await app.page.keyboard.press('Enter');
    await expect(note.getByRole('listitem')).toHaveCount(n);
    await expect(note.getByRole('button', { name: 'Show only the first warning', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await note.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(note.getByRole('listitem').last()).toBeInViewport();
  });
});

test.describe('a failed open', () => {
  test('names the path that failed and the dat still open; "Dat path" keeps the path typed', async ({ app }) => {
    const field = app.page.getByRole('textbox', { name: 'Dat path', exact: true });
    const open = await field.inputValue();
    expect(open).not.toBe('');
    await field.fill('/etc/passwd');
    await field.press('Enter');
    const alert = app.page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
    await expect(alert).toContainText('/etc/passwd');
    await expect(alert).toContainText(`Still open: ${open}`);
    // plain language: no class name in front; the class and details stay one click away (defect 7)
    await expect(alert).toContainText(/Could not open the dat \/etc\/passwd: not an Asheron's Call dat/);
    await expect(alert).not.toContainText('UnsupportedDatError');
    await expect(app.page.getByRole('button', { name: 'Copy details', exact: true })).toBeVisible();
    // the typo stays to be fixed in place, the caret at its end; the banner names the dat still open
    await expect(field).toHaveValue('/etc/passwd');
    await expect(field).toBeFocused();
    expect(await field.evaluate((e: HTMLInputElement) => [e.selectionStart, e.selectionEnd])).toEqual([11, 11]);
    await expect(app.statusBar).toContainText(/\d+ Waves/);
    // said once: the status bar does not repeat the banner's error
    await expect(app.statusBar).not.toContainText("not an Asheron's Call dat");
    // dismissed, the field names the dat that is open again
    await app.page.getByRole('button', { name: 'Dismiss error', exact: true }).click();
    await expect(field).toHaveValue(open);
  });

  test('a path that does not exist: the banner names it once, then why', async ({ app, scratchDir }) => {
    const missing = join(scratchDir, 'no_such_portal.dat');
    await app.openDatPath(missing);
    const alert = app.page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
    await expect(alert).toContainText(`Could not open the dat ${missing}: no such file or directory (ENOENT)`);
    expect((await alert.textContent())!.split(missing)).toHaveLength(2);
  });

  test('"Dat path" is marked invalid, described by the error, until edited or a dat opens; the title names the open dat', async ({
    app,
  }) => {
    const page = app.page;
    const field = page.getByRole('textbox', { name: 'Dat path', exact: true });
    const open = await field.inputValue();
    await expect(page).toHaveTitle('Demo dat — AC Sound Browser');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');

    await field.fill('/etc/passwd');
    await field.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
    await expect(alert).toContainText(`Still open: ${open}`);
    // the typed path stays, marked as the one that failed; the title still names the dat that is open
    await expect(field).toHaveValue('/etc/passwd');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^Could not open the dat \/etc\/passwd: .*Still open: /);
    await expect(field).toHaveAccessibleDescription(
      new RegExp(`Still open: ${open.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await expect(page).toHaveTitle('Demo dat — AC Sound Browser');

    // fixing the typo: no longer the path that failed
    await field.press('End');
    await field.press('Backspace');
    await expect(field).toHaveValue('/etc/passw');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field).not.toHaveAccessibleDescription(/Could not open/);

    // a second failure marks it again; a dat that opens clears it
    await field.fill('/etc/hostname');
    await field.press('Enter');
    await expect(alert).toContainText('/etc/hostname');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill(open);
    await field.press('Enter');
    await expect(alert).toHaveCount(0);
    await expect(field).toHaveValue(open);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveTitle('Demo dat — AC Sound Browser');
  });
});
