/**
 * A SoundTable's primary numbers (Priority, Prob., Volume of each row) are visible without sideways
 * scrolling at 1024×700 (each card's table was 506 px in a 274-px card) and at 1366×768.
 */
import { expect, test } from './fixtures';

for (const size of [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
] as const) {
  test(`at ${size.width}×${size.height} every sound type's Priority / Prob. / Volume show without sideways scrolling`, async ({
    app,
  }) => {
    await app.page.setViewportSize(size);
    // the demo's Human (male) table: twelve sound types, rows unreachable in retail (the widest cells)
    await app.openSoundTable('0x20000001');
    const cards = app.details.getByRole('region').filter({ has: app.page.getByRole('table') });
    const n = await cards.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) {
      const table = cards.nth(i).getByRole('table').first();
      for (const name of ['Priority', 'Prob.', 'Volume']) {
        const head = table.getByRole('columnheader', { name, exact: true });
        // inside every box that clips or scrolls it, without scrolling that box sideways
        const clipped = await head.evaluate((h) => {
          const r = h.getBoundingClientRect();
          const out: string[] = [];
          for (let e = h.parentElement; e && e !== document.body; e = e.parentElement) {
            if (getComputedStyle(e).overflowX === 'visible') continue;
            const b = e.getBoundingClientRect();
            if (e.scrollLeft !== 0 || r.left < b.left - 0.5 || r.right > b.right + 0.5)
              out.push(`${e.className}: ${r.left}..${r.right} not in ${b.left}..${b.right}`);
          }
          return out;
        });
        expect(clipped, `${name} of card ${i}`).toEqual([]);
      }
    }
  });
}

// "Roll 100 times" puts an Outcomes table in the card: at 1366×768 and 1024×700 it was 507 px in a
// 503-px card body, which then scrolled sideways (its "authored" legend cut at the card's edge)
for (const size of [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const) {
  test(`at ${size.width}×${size.height} a sound type's Outcomes table fits its card, no sideways scrolling`, async ({
    app,
  }) => {
    await app.page.setViewportSize(size);
    // Footstep1 of the demo's Human (male) table: three rows, the last "never in retail" (the widest outcome)
    await app.openSoundTable('0x20000001');
    const cue = 'Footstep1';
    await app.details.getByRole('button', { name: `Roll 100 times: ${cue}`, exact: true }).click();
    const outcomes = app.details.getByRole('table', { name: `Outcomes: ${cue}`, exact: true });
    await expect(outcomes.getByText('never in retail')).toBeVisible();
    const overflow = await outcomes.evaluate((t) => {
      const out: string[] = [];
      const r = t.getBoundingClientRect();
      for (let e = t.parentElement; e && e !== document.body; e = e.parentElement) {
        if (getComputedStyle(e).overflowX === 'visible') continue;
        const b = e.getBoundingClientRect();
        if (e.scrollWidth > e.clientWidth + 0.5)
          out.push(`${e.className} scrolls: ${e.scrollWidth} > ${e.clientWidth}`);
        if (r.right > b.right + 0.5) out.push(`${e.className}: table ends at ${r.right}, box at ${b.right}`);
      }
      return out;
    });
    expect(overflow).toEqual([]);
  });
}
