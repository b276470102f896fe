/** The preview volume (issue #10, peers): a monitor control after the engine, in dB, remembered. */
import { expect, test } from './fixtures';

test.describe('preview volume', () => {
  test('a slider in dB, applied after the engine (the readouts do not change), remembered across a reload', async ({
    app,
  }) => {
    const slider = app.page.getByRole('slider', { name: 'Preview volume', exact: true });
    await expect(slider).toHaveAttribute('aria-valuetext', '0 dB');
    const db = app.listener.getByRole('status').or(app.listener.locator('output[aria-label="dB"]')).first();
    const before = await db.textContent();
    await slider.focus();
    for (let i = 0; i < 12; i++) await app.page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', '-12 dB');
    expect(await db.textContent()).toBe(before);
    await app.page.reload();
    await app.waitLoaded();
    await expect(app.page.getByRole('slider', { name: 'Preview volume', exact: true })).toHaveAttribute(
      'aria-valuetext',
      '-12 dB',
    );
    // put it back for the other tests (the browser profile is shared per worker)
    await app.page.evaluate(() => localStorage.clear());
  });
});
