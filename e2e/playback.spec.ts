import { expect, test } from './fixtures';

test.describe('playback', () => {
  test('Play a Wave: the Player reports playing and the output carries non-silent samples; Stop stops', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    await app.openWave(wave.hex);
    await app.playButton.click();
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    await expect
      .poll(() => app.meterLevel(), { message: 'Output level meter above 0', timeout: 10_000 })
      .toBeGreaterThan(0);
    await app.stopButton.click();
    await expect(app.playerStatus).toHaveText(/Stopped/);
  });

  test('double-clicking ▶ Play leaves the Wave playing (the second click is not a Stop)', async ({ app, facts }) => {
    const wave = facts.monoPcm;
    await app.openWave(wave.hex);
    await app.playButton.dblclick();
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    await app.page.waitForTimeout(400);
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    await expect(app.stopButton).toBeVisible();
    await app.stopButton.click(); // one click still stops
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

  test('keyboard first: on a fresh load ↓ then Space plays a wave, without clicking', async ({ app }) => {
    // Record every text the Player status shows (a short wave may finish between two polls).
    await app.page.evaluate(() => {
      const el = Array.from(document.querySelectorAll('[role="status"]')).find(
        (e) => e.getAttribute('aria-label') === 'Player',
      );
      const log: string[] = [];
      (window as unknown as { __playerLog: string[] }).__playerLog = log;
      if (el)
        new MutationObserver(() => log.push(el.textContent ?? '')).observe(el, {
          childList: true,
          characterData: true,
          subtree: true,
        });
    });
    await expect(app.grid('SoundTables')).toBeFocused();
    await app.page.keyboard.press('ArrowDown');
    await expect(app.details.getByRole('heading', { name: /^SoundTable 0x/ })).toBeVisible();
    await app.page.keyboard.press('Space');
    await expect
      .poll(() => app.page.evaluate(() => (window as unknown as { __playerLog: string[] }).__playerLog.join('\n')), {
        message: 'Player status said "Playing 0x…"',
      })
      .toMatch(/Playing 0x[0-9A-F]{8}/);
  });

  test('keyboard first: clicking the Waves tab focuses its grid; with the focus nowhere ↓ still moves the list', async ({
    app,
    facts,
  }) => {
    const first = facts.waves[0]!;
    const second = facts.waves[1]!;
    await app.showList('Waves');
    await expect(app.grid('Waves')).toBeFocused();
    await app.page.keyboard.press('ArrowDown');
    await expect(app.row('Waves', first.hex)).toHaveAttribute('aria-selected', 'true');
    await expect(app.waveHeading(first.hex)).toBeVisible();
    // Focus nowhere (the body): the keys still act on the visible list.
    await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await app.page.keyboard.press('ArrowDown');
    await expect(app.row('Waves', second.hex)).toHaveAttribute('aria-selected', 'true');
    await expect(app.grid('Waves')).toBeFocused();
  });
});
