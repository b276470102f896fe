/**
 * A SoundTable's cards line up: every card's table has the same column edges, and a Wave's Format
 * ("PCM 11025 Hz 1 ch") stays on one line — at 1366×768 a card with an "unreachable" badge once
 * wrapped it onto two, so its columns sat apart from the cards without one. Checked on the demo's
 * Drudge (0x20000007) and Human (male) (0x20000001) tables at 1366×768 and 1024×700; the badges
 * inside their cards and no sideways scrolling are e2e/soundTableBadges.spec.ts and
 * e2e/soundTableNarrow.spec.ts.
 */
import { expect, test } from './fixtures';

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const) {
  for (const table of ['0x20000007', '0x20000001']) {
    test(`at ${size.width}×${size.height} SoundTable ${table}: every card's columns line up, Format on one line`, async ({
      app,
    }) => {
      await app.page.setViewportSize(size);
      await app.openSoundTable(table);
      const cards = app.details.getByRole('region').filter({ has: app.page.getByRole('table') });
      const n = await cards.count();
      expect(n).toBeGreaterThan(3);
      const edges: string[] = [];
      let badges = 0;
      for (let i = 0; i < n; i++) {
        const card = cards.nth(i);
        const name = (await card.getByRole('heading').first().textContent()) ?? `card ${i}`;
        const entries = card.getByRole('table').first();
        // the left edge and width of each column, from the table's left edge (px)
        const heads = entries.getByRole('columnheader');
        await expect(heads.nth(2)).toHaveText('Format');
        const tableLeft = (await entries.boundingBox())!.x;
        const cols: string[] = [];
        for (const h of await heads.all()) {
          const b = (await h.boundingBox())!;
          cols.push(`${Math.round(b.x - tableLeft)}+${Math.round(b.width)}`);
        }
        edges.push(cols.join(' '));
        badges += await card.getByText('unreachable', { exact: true }).count();
        // each row's Format text is one line: its text's boxes all on the first line
        for (const row of await entries.getByRole('row').all()) {
          const cells = row.getByRole('cell');
          if ((await cells.count()) === 0) continue;
          const format = cells.nth(2);
          const lines = await format.evaluate((c) => {
            const r = document.createRange();
            r.selectNodeContents(c);
            return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
          });
          expect(lines, `${name}: “${await format.textContent()}” wraps`).toBeLessThanOrEqual(1);
        }
      }
      expect(badges, 'the table has rows unreachable in retail').toBeGreaterThan(0);
      expect(new Set(edges), 'the cards’ column edges differ').toEqual(new Set([edges[0]]));
    });
  }
}
