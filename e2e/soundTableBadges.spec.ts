/**
 * A SoundTable card's badges ("unreachable" in retail, "missing") lie inside their card: the badge
 * wraps or its column shrinks, never runs past the card's edge to be clipped. The demo's Drudge
 * table (0x20000007) is the widest case: at 1366×768 its Attack1 card's "unreachable" once ran
 * ~4 px past the card. Checked at 1024×700, 1366×768 and 1920×1080.
 */
import { expect, test } from './fixtures';

for (const size of [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const) {
  test(`at ${size.width}×${size.height} every badge of SoundTable 0x20000007 lies inside its card, unclipped`, async ({
    app,
  }) => {
    await app.page.setViewportSize(size);
    await app.openSoundTable('0x20000007');
    const cards = app.details.getByRole('region').filter({ has: app.page.getByRole('table') });
    await expect(app.details.getByRole('region', { name: /^Attack1\b/ })).toBeVisible();
    const n = await cards.count();
    expect(n).toBeGreaterThan(3);
    let badges = 0;
    for (let i = 0; i < n; i++) {
      const card = cards.nth(i);
      const name = (await card.getByRole('heading').first().textContent()) ?? `card ${i}`;
      for (const badge of await card.getByText(/^(unreachable|missing)$/).all()) {
        badges++;
        // inside the card's border box and inside every box between that clips or scrolls it
        const outside = await badge.evaluate((b) => {
          const r = b.getBoundingClientRect();
          const out: string[] = [];
          const section = b.closest('section')!;
          for (let e = b.parentElement; e && e !== section.parentElement; e = e.parentElement) {
            if (e !== section && getComputedStyle(e).overflowX === 'visible') continue;
            const c = e.getBoundingClientRect();
            if (e.scrollLeft !== 0 || r.left < c.left - 0.5 || r.right > c.right + 0.5)
              out.push(`${e.tagName}.${e.className}: ${r.left}..${r.right} not in ${c.left}..${c.right}`);
            if (e.scrollWidth > e.clientWidth + 0.5 && e !== section)
              out.push(`${e.tagName}.${e.className} scrolls: ${e.scrollWidth} > ${e.clientWidth}`);
          }
          return out;
        });
        expect(outside, `${name}: ${await badge.textContent()}`).toEqual([]);
      }
    }
    expect(badges, 'the Drudge table has unreachable rows in retail').toBeGreaterThan(0);
  });
}
