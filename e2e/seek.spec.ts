/**
 * Issue #10, what peer tools taught users to expect: seek on the waveform, ←/→ nudge while
 * playing, the Listener's statement of the stereo rule, and the MP3 gapless label
 * (docs/ui-contract.md "Seek", "Nudge", "Stereo statement", "Gapless").
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeDat } from '../core/dat';
import { mp3WaveRecord } from '../core/test/waveFixtures';
import { expect, test } from './fixtures';

interface PlayerHandle {
  position(): { time: number; duration: number; waveId: number };
  context(): { currentTime: number };
}

/**
 * The Player's position of the newest voice and the audio clock at that instant
 * (window.__acsound.player, docs/ui-contract.md): a jump is the position's change minus the clock's.
 */
function position(page: Page): Promise<{ time: number; duration: number; waveId: number | null; clock: number }> {
  return page.evaluate(() => {
    const p = (window as unknown as { __acsound: { player: PlayerHandle } }).__acsound.player;
    return { ...p.position(), clock: p.context().currentTime };
  });
}

/** How far the position jumped between two readings, beyond the time that passed (a loop's wrap taken out). */
function jump(a: { time: number; clock: number; duration: number }, b: { time: number; clock: number }): number {
  const d = b.time - a.time - (b.clock - a.clock);
  const wraps = Math.round(d / a.duration);
  return Math.abs(d - wraps * a.duration) < Math.abs(d) ? d - wraps * a.duration : d;
}

/**
 * True when a looping voice's position `t` is at `from` plus at most `elapsed` seconds of playing
 * (±0.05 s), counting the loop's wraps.
 */
function playedOnFrom(t: number, from: number, elapsed: number, duration: number): boolean {
  for (let k = 0; k <= Math.ceil(elapsed / duration) + 1; k++) {
    const u = t + k * duration;
    if (u >= from - 0.05 && u <= from + elapsed + 0.05) return true;
  }
  return false;
}

/** Waits until the looping voice is between `min` and `max` seconds in (so a ±0.5 s nudge stays inside the wave). */
async function positionBetween(page: Page, min: number, max: number): Promise<void> {
  await expect
    .poll(async () => {
      const t = (await position(page)).time;
      return t >= min && t <= max;
    })
    .toBe(true);
}

test.describe('seek and nudge', () => {
  test('a click at 50% of the waveform plays from the middle: the Player, the slider and the transport say so', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm; // the longest mono PCM Wave (seconds)
    const duration = wave.frames / wave.sampleRate;
    await app.page.getByRole('checkbox', { name: 'Loop (not retail)' }).check();
    await app.openWave(wave.hex);
    const seek = app.details.getByRole('slider', { name: 'Playback position' });
    const box = (await seek.boundingBox())!;
    const clicked = (await position(app.page)).clock;
    await seek.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    const pos = await position(app.page);
    expect(pos.waveId).toBe(wave.id);
    expect(pos.duration).toBeCloseTo(duration, 2);
    // Half, plus at most the time since the click (a slow machine takes a while to answer).
    expect(playedOnFrom(pos.time, duration / 2, pos.clock - clicked, duration), `position ${pos.time}`).toBe(true);
    // The seek slider and the transport's Position show it (1.388 s of 2.776 s for the demo).
    await expect
      .poll(async () => Number(await seek.getAttribute('aria-valuenow')))
      .toBeGreaterThan(duration / 2 - 0.05);
    await expect(app.page.getByRole('timer', { name: 'Position' })).toHaveText(
      new RegExp(`^0:0\\d\\.\\d{3} / 0:0${Math.floor(duration)}\\.\\d{3}$`),
    );
    await app.stopButton.click();
  });

  test('a drag on the waveform plays from where it is released', async ({ app, facts }) => {
    const wave = facts.monoPcm;
    const duration = wave.frames / wave.sampleRate;
    await app.page.getByRole('checkbox', { name: 'Loop (not retail)' }).check();
    await app.openWave(wave.hex);
    const box = (await app.details.getByRole('slider', { name: 'Playback position' }).boundingBox())!;
    const y = box.y + box.height / 2;
    const started = (await position(app.page)).clock;
    await app.page.mouse.move(box.x + box.width * 0.1, y);
    await app.page.mouse.down();
    await app.page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await app.page.mouse.move(box.x + box.width * 0.75, y, { steps: 5 });
    await app.page.mouse.up();
    const pos = await position(app.page);
    expect(playedOnFrom(pos.time, duration * 0.75, pos.clock - started, duration), `position ${pos.time}`).toBe(true);
    await app.stopButton.click();
  });

  test('←/→ nudge 0.5 s while playing: on the waveform and from the list, never from a text field', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    const duration = wave.frames / wave.sampleRate;
    await app.page.getByRole('checkbox', { name: 'Loop (not retail)' }).check();
    await app.openWave(wave.hex);
    const seek = app.details.getByRole('slider', { name: 'Playback position' });
    const box = (await seek.boundingBox())!;
    await seek.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));

    // The waveform has the focus after the click: → moves half a second on.
    await positionBetween(app.page, 0.7, duration - 1.2);
    const before = await position(app.page);
    await app.page.keyboard.press('ArrowRight');
    // position − clock stays constant while a voice plays, so the jump can be polled for
    await expect.poll(async () => jump(before, await position(app.page))).toBeCloseTo(0.5, 1);

    // From the list (its row focused): ← moves back, and the selection stays on the row.
    const row = app.row('Waves', wave.hex);
    await row.focus();
    await positionBetween(app.page, 0.7, duration - 1.2);
    const b2 = await position(app.page);
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(async () => jump(b2, await position(app.page))).toBeCloseTo(-0.5, 1);
    await expect(row).toHaveAttribute('aria-selected', 'true');

    // A text field keeps its arrows: the search box's caret moves, the sound does not jump.
    const search = app.page.getByRole('searchbox', { name: 'Search' });
    await search.fill('0x0a');
    const b3 = await position(app.page);
    await search.press('ArrowLeft');
    expect(jump(b3, await position(app.page))).toBeCloseTo(0, 1);
    await search.fill('');
    await app.stopButton.click();
  });

  test('stopped, ←/→ on the waveform move the playhead and Enter plays from it', async ({ app, facts }) => {
    const wave = facts.monoPcm;
    await app.page.getByRole('checkbox', { name: 'Loop (not retail)' }).check();
    await app.openWave(wave.hex);
    const seek = app.details.getByRole('slider', { name: 'Playback position' });
    await seek.focus();
    await app.page.keyboard.press('Shift+ArrowRight');
    await expect(seek).toHaveAttribute('aria-valuenow', '2.000');
    await app.page.keyboard.press('ArrowLeft');
    await expect(seek).toHaveAttribute('aria-valuetext', /^1\.500 s of 2\.776 s$/);
    await app.page.keyboard.press('Enter');
    await expect(app.playerStatus).toHaveText(new RegExp(`Playing ${wave.hex}`));
    expect((await position(app.page)).time).toBeGreaterThanOrEqual(1.5);
    await app.stopButton.click();
  });
});

test.describe('Listener: the stereo rule', () => {
  test('a stereo Wave states the rule (each channel attenuated and balanced, no cross-feed); a mono one does not', async ({
    app,
    facts,
  }) => {
    const stereo = facts.waves.find((w) => w.channels === 2 && w.formatTag === 1)!;
    await app.openWave(stereo.hex);
    const note = app.listener.getByRole('note', { name: 'Stereo Wave' });
    await expect(note).toBeVisible();
    await expect(note).toContainText('each is attenuated and balanced on its own');
    await expect(note).toContainText('no cross-feed');
    // in view at 1366×768 with the disc: the short form beside the Listener's heading
    await expect(app.listener.getByText('stereo: no cross-feed', { exact: true })).toBeInViewport();
    await app.openWave(facts.monoPcm.hex);
    await expect(note).toHaveCount(0);
    // The Listener help says it too, whatever is selected.
    await app.listener.getByText('Listener help: how a sound is placed').click();
    await expect(app.listener.getByRole('group').getByText(/A stereo Wave keeps its channels apart/)).toBeVisible();
  });
});

test.describe('MP3 gapless', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('the demo MP3 (no LAME tag) says "no gapless info"; its duration is the data duration', async ({
    app,
    facts,
  }) => {
    const mp3 = facts.waves.find((w) => w.formatTag === 0x55)!;
    await app.page.getByRole('radio', { name: 'Authored', exact: true }).check();
    await app.openWave(mp3.hex);
    const stream = app.details.getByRole('definition').filter({ hasText: /gapless/ });
    await expect(stream).toHaveText(/^no gapless info/);
    await expect(app.details.getByRole('definition').filter({ hasText: /data duration/ })).toHaveText(
      /^\d\.\d{3} s \(data duration\)$/,
    );
    // the same one duration in the list, and its header says which
    await app.page.getByRole('tab', { name: /^Waves/ }).click();
    await expect(app.page.getByRole('button', { name: /^Dur/ })).toHaveAttribute('title', /data duration/);
  });

  test('a LAME-tagged MP3 plays gapless in authored mode (11,025 frames), every frame in retail', async ({ app }) => {
    const lame = new Uint8Array(
      await readFile(join(import.meta.dirname, '..', 'core/codecs/fixtures/lame-mono-22050.mp3')),
    );
    await app.openDatBytes(
      dir,
      'gapless_portal.dat',
      writeDat([{ id: 0x0a000001, data: mp3WaveRecord(0x0a000001, lame) }]),
    );
    await expect(app.statusBar).toContainText('0 SoundTables · 1 Waves');
    await app.page.getByRole('radio', { name: 'Authored', exact: true }).check();
    await app.openWave('0x0A000001');
    await expect(app.details.getByRole('definition').filter({ hasText: /LAME3\.100/ })).toHaveText(
      /^11,025 frames \(0\.500 s\): LAME3\.100 encoder delay 576 \+ decoder delay 529, padding 1071 trimmed/,
    );
    await expect(app.details.getByText(/Plays at 22,050 Hz, 1 ch, 11,025 frames \(0\.500 s\)/)).toBeVisible();
    await expect(app.details.getByRole('definition').filter({ hasText: /data duration/ })).toHaveText(
      '0.575 s (data duration)',
    );
    await app.page.getByRole('radio', { name: 'Retail', exact: true }).check();
    await expect(app.details.getByText(/Plays at 11,025 Hz, 1 ch, 6,336 frames/)).toBeVisible();
  });
});
