/**
 * With a Wave open and nothing playing — before its first play and after a play ends — the
 * transport's Position reads "0:00.000 / <the Wave's length>", not "0:00.000 / 0:00.000".
 */
import { fmtClock } from '../renderer/src/lib/format';
import { expect, test } from './fixtures';

test("the Position shows the open Wave's length before and after it plays", async ({ app, facts }) => {
  // the shortest PCM Wave of at least 1 s: "Playing" is seen, and the play ends soon by itself
  const wave = facts.waves
    .filter((w) => w.formatTag === 1 && w.sampleRate > 0 && w.frames / w.sampleRate >= 1)
    .sort((a, b) => a.frames / a.sampleRate - b.frames / b.sampleRate)[0]!;
  const length = fmtClock(wave.frames / wave.sampleRate);
  expect(length).not.toBe(fmtClock(0));
  const timer = app.page.getByRole('timer', { name: 'Position', exact: true });
  await app.openWave(wave.hex);
  await expect(timer).toHaveText(`${fmtClock(0)} / ${length}`);
  await app.playButton.click();
  await expect(app.playerStatus).toHaveText(new RegExp(`^Playing ${wave.hex}`));
  await expect(app.playerStatus).toHaveText('Stopped', { timeout: 10_000 });
  await expect(timer).toHaveText(`${fmtClock(0)} / ${length}`);
});
