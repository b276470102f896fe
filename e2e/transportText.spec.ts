/**
 * The transport's status line shows whole lines only: a long error (a corrupt dat's block chain)
 * takes at most two lines and ends in an ellipsis, the whole text in its title and "Copy details"
 * beside it — never a third line cut through at the top and bottom.
 */
import type { Locator } from '@playwright/test';
import { writeFarLinkDat } from './model/brokenDats';
import { expect, test } from './fixtures';

/** The status's text lines: those wholly inside the status box, those cut through by its edges, all. */
async function lines(status: Locator): Promise<{ shown: number; cut: number; all: number; clamped: boolean }> {
  return status.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const tops = new Map<number, DOMRect>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width > 0) tops.set(Math.round(r.top), r);
    }
    let shown = 0;
    let cut = 0;
    for (const r of tops.values()) {
      const inside = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      const outside = r.bottom <= box.top + 0.5 || r.top >= box.bottom - 0.5;
      if (inside) shown++;
      else if (!outside) cut++;
    }
    const clamped = [...el.querySelectorAll('*')].some((e) => getComputedStyle(e).webkitLineClamp === '2');
    return { shown, cut, all: tops.size, clamped };
  });
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const) {
  test(`at ${size.width}×${size.height} a long play error in the transport shows whole lines, the full text in its title`, async ({
    app,
    scratchDir,
  }) => {
    await app.page.setViewportSize(size);
    // the QA's repro: Waterfall of SoundTable 0x200000DB plays 0x0A000072, whose block chain runs off the file
    await app.openDatPath(await writeFarLinkDat(scratchDir, 0x0a000072));
    await expect(app.page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(/far_link_portal/);
    await app.openSoundTable('0x200000DB');
    await app.details.getByRole('button', { name: 'Play as the game would: Waterfall', exact: true }).click();
    await expect(app.playerStatus).toContainText('0x0A000072');
    await expect(app.playerStatus).toContainText(/beyond the end of the file/);
    const text = (await app.playerStatus.textContent())!;
    await expect(app.playerStatus).toHaveAttribute('title', text);
    const l = await lines(app.playerStatus);
    expect(l.cut, 'lines cut through at the top or bottom').toBe(0);
    expect(l.shown).toBeGreaterThanOrEqual(1);
    expect(l.shown).toBeLessThanOrEqual(2);
    // what does not fit ends in an ellipsis (two clamped lines), never silently
    if (l.all > l.shown) expect(l.clamped, 'the last line shown ends in an ellipsis').toBe(true);
    // the status stays inside the transport bar
    const bar = (await app.playerStatus.locator('..').boundingBox())!;
    const box = (await app.playerStatus.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    await expect(app.page.getByRole('button', { name: 'Copy details', exact: true })).toBeVisible();
  });
}
