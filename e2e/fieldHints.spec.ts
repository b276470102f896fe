/**
 * A Listener field's hint (a typed value clamped, wrapped or refused) wraps under the field: the
 * slider beside it keeps its width, and the hint stays inside the Listener pane.
 */
import { expect, test } from './fixtures';

const CASES = [
  { name: 'Bearing', typed: '720', hint: '720 is 0 in (−180, 180]: using 0' },
  { name: 'Distance', typed: '500', hint: 'Above 200: using 200' },
  { name: 'Distance', typed: '1e309', hint: 'Not a usable number: keeping' },
] as const;

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const) {
  test(`at ${size.width}×${size.height} a Listener field's hint wraps under it; the slider keeps its width`, async ({
    app,
  }) => {
    await app.page.setViewportSize(size);
    const pane = (await app.listener.boundingBox())!;
    for (const c of CASES) {
      const slider = app.listener.getByRole('slider', { name: c.name, exact: true });
      const field = app.listener.getByRole('spinbutton', { name: new RegExp(`^${c.name} \\(`) });
      const before = (await slider.boundingBox())!.width;
      expect(before).toBeGreaterThan(100);
      await field.fill(c.typed);
      await field.press('Enter');
      const hint = app.listener.getByRole('status').filter({ hasText: c.hint });
      await expect(hint).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const after = (await slider.boundingBox())!.width;
      expect(after, `the ${c.name} slider after "${c.typed}"`).toBeGreaterThanOrEqual(before - 1);
      const h = (await hint.boundingBox())!;
      const f = (await field.boundingBox())!;
      expect(h.y, 'the hint is under the field').toBeGreaterThanOrEqual(f.y + f.height - 1);
      expect(h.x).toBeGreaterThanOrEqual(pane.x);
      expect(h.x + h.width, 'the hint ends inside the Listener').toBeLessThanOrEqual(pane.x + pane.width + 0.5);
      expect(await hint.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      await field.fill('10');
      await field.press('Enter');
    }
  });
}
