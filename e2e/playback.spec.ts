import { expect, test } from './fixtures';

test.describe('playback', () => {
  test('Play a Wave: the Player reports playing and the output carries non-silent samples; Stop stops', async ({ app, facts }) => {
    const wave = facts.monoPcm;
    await app.openWave(wave.hex);
    await app.playButton.click();
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    await expect.poll(() => app.meterLevel(), { message: 'Output level meter above 0', timeout: 10_000 }).toBeGreaterThan(0);
    await app.stopButton.click();
    await expect(app.playerStatus).toHaveText(/Stopped/);
  });

  test('keyboard: ↓ moves the selection in the Waves list, Space plays it', async ({ app, facts }) => {
    // From the row before the longest mono Wave down to it, so that "Playing" lasts seconds.
    const first = facts.beforeMonoPcm;
    const second = facts.monoPcm;
    await app.openWave(first.hex);
    await expect(app.row('Waves', first.hex)).toHaveAttribute('aria-selected', 'true');
    await app.row('Waves', first.hex).focus();
    await app.page.keyboard.press('ArrowDown');
    await expect(app.row('Waves', second.hex)).toHaveAttribute('aria-selected', 'true');
    await expect(app.waveHeading(second.hex)).toBeVisible();
    await app.page.keyboard.press('Space');
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${second.hex}`));
    await app.stopButton.click();
    await expect(app.playerStatus).toHaveText(/Stopped/);
  });
});
