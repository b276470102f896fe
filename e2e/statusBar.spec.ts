/**
 * The status bar (role status "Status") shows every item whole at 1366 and 1024 px, on a truncated
 * dat that has the most to say (its warnings, the sound graph's unreadable objects and lost id
 * ranges): what does not fit goes to a second line, nothing is cut at the window's edge.
 */
import { readFile } from 'node:fs/promises';
import { DEMO_DAT } from './model/demoDat';
import { expect, test } from './fixtures';

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const) {
  test(`at ${size.width}×${size.height} every status bar item of a truncated dat is whole`, async ({
    app,
    scratchDir,
  }) => {
    await app.page.setViewportSize(size);
    await app.openDatBytes(scratchDir, 'truncated_portal.dat', (await readFile(DEMO_DAT)).subarray(0, 500_000));
    const bar = app.statusBar;
    await expect(bar).toContainText(/\d+ dat warnings/);
    await expect(bar).toContainText(/sound graph \d+ objects/);
    await expect(bar).toContainText(/output [\d,]+ Hz/);
    const items = await bar.evaluate((el) => {
      const b = el.getBoundingClientRect();
      return [...el.children].map((c) => {
        const r = c.getBoundingClientRect();
        return {
          text: c.textContent ?? '',
          whole: c.scrollWidth <= c.clientWidth + 0.5,
          inside: r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5,
        };
      });
    });
    for (const item of items) {
      expect(item.whole, `"${item.text}" is not cut`).toBe(true);
      expect(item.inside, `"${item.text}" is inside the status bar`).toBe(true);
    }
    expect(await bar.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
