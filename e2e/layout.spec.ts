/** The window fits: no horizontal overflow at 1024 px, nor after a failed open with a long error. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { writeFarLinkDat, writeTruncatedDat } from './model/brokenDats';
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

/** The boxes of `bar`'s visible controls, left to right. */
async function controlBoxes(bar: Locator): Promise<{ name: string; x: number; y: number; w: number; h: number }[]> {
  return bar.evaluate((el) =>
    [...el.children]
      .map((c) => {
        const r = c.getBoundingClientRect();
        const name = (c.getAttribute('aria-label') ?? c.textContent ?? '').trim().slice(0, 30);
        return { name, x: r.x, y: r.y, w: r.width, h: r.height };
      })
      .filter((b) => b.w > 0 && b.h > 0)
      .sort((a, b) => a.x - b.x),
  );
}

/** One line: every control beside the one before it, none overlapping, all crossing one horizontal line, inside the window. */
function expectOneLine(boxes: { name: string; x: number; y: number; w: number; h: number }[], width: number): void {
  expect(boxes.length).toBeGreaterThan(3);
  const line = Math.max(...boxes.map((b) => b.y));
  for (const [i, b] of boxes.entries()) {
    expect(
      b.y <= line + 0.5 && line <= b.y + b.h,
      `${b.name} on the line of the others (y ${b.y}..${b.y + b.h}, line ${line})`,
    ).toBe(true);
    expect(b.x + b.w, `${b.name} ends inside the ${width}-px window`).toBeLessThanOrEqual(width + 0.5);
    if (i > 0) {
      const a = boxes[i - 1]!;
      expect(b.x, `${b.name} starts after ${a.name} ends`).toBeGreaterThanOrEqual(a.x + a.w - 0.5);
    }
  }
}

test.describe('layout at 1024×700', () => {
  test('the toolbar and the transport keep one line; the details get the full height, the cards ≥ 480 px wide', async ({
    app,
    scratchDir,
  }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await app.openSoundTable('0x20000001');
    const toolbar = page.getByRole('toolbar', { name: 'Main', exact: true });
    const transport = app.playerStatus.locator('..');
    expectOneLine(await controlBoxes(toolbar), 1024);
    expectOneLine(await controlBoxes(transport), 1024);

    // the details run from under the banners to the transport; the Listener is beside them, under the list
    const details = (await app.details.boundingBox())!;
    const listener = (await app.listener.boundingBox())!;
    const list = (await app.grid('SoundTables').boundingBox())!;
    const bottom = (await page.locator('.bottom').boundingBox())!;
    expect(details.height, 'the details pane is the window’s height under the banners').toBeGreaterThanOrEqual(540);
    expect(details.y + details.height).toBeGreaterThanOrEqual(bottom.y - 1);
    expect(listener.x + listener.width, 'the Listener beside the details, not under them').toBeLessThanOrEqual(
      details.x + 0.5,
    );
    expect(listener.y, 'the Listener under the list').toBeGreaterThanOrEqual(list.y + 100);
    expect(listener.height).toBeGreaterThanOrEqual(200);
    await expectOnScreen(page, app.listener);

    // the cards: usable width, and more than one of them in view
    const cards = app.details.getByRole('region').filter({ has: page.getByRole('table') });
    expect(await cards.count()).toBeGreaterThan(3);
    for (const card of (await cards.all()).slice(0, 3)) {
      const box = (await card.boundingBox())!;
      expect(box.width, 'a SoundTable card’s width').toBeGreaterThanOrEqual(480);
    }
    const second = (await cards.nth(1).boundingBox())!;
    expect(second.y + second.height, 'the second card ends in view').toBeLessThanOrEqual(details.y + details.height);

    // playing, and after a failed play ("Copy details" joins the transport): still one line
    await app.details.getByRole('button', { name: 'Play as the game would: Footstep1', exact: true }).click();
    expectOneLine(await controlBoxes(transport), 1024);
    await app.openDatPath(await writeFarLinkDat(scratchDir, 0x0a000072));
    await expect(page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(/far_link_portal/);
    await app.openSoundTable('0x200000DB');
    await app.details.getByRole('button', { name: 'Play as the game would: Waterfall', exact: true }).click();
    await expect(app.playerStatus).toContainText(/beyond the end of the file/);
    await expect(transport.getByRole('button', { name: 'Copy details', exact: true })).toBeVisible();
    expectOneLine(await controlBoxes(transport), 1024);
    expectOneLine(await controlBoxes(toolbar), 1024);
    expect((await pageWidth(page)).scrollWidth).toBeLessThanOrEqual(1024);
  });
});
