/**
 * Rule: a Wave that cannot be played is not logged as played — `acsound play-table` on a row whose
 * Wave has a sample rate of 0, 1 or 4,000,000,000 Hz says played false, outcome "cannot play:
 * sample rate 0 Hz is outside 100..384000 Hz" (core/audio `playProblemOf`, the one playability
 * rule, through core/index `playProblem`), and no voice (core/engine decide "cannot-play").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { decide, SeededRandom, tableRequest, DEFAULT_SETTINGS, VoicePool } from '../../core/engine';
import { RATE0, rate0Dat, tempDir, writeFixtureDat } from '../test/fixtures';
import { captureIo } from '../test/cliIo';
import { runCli } from './main';

const tmp = tempDir('acsound-cannotplay-');
afterAll(() => tmp.cleanup());

const WAVE = RATE0.wave;

describe('a Wave that cannot be played is not played', () => {
  it.each([0, 1, 4_000_000_000])(
    'acsound play-table, a Wave of %d Hz: played false, outcome "cannot play: sample rate … is outside 100..384000 Hz"',
    async (rate) => {
      const path = writeFixtureDat(tmp.dir, `rate${rate}.dat`, rate0Dat(rate));
      const o = captureIo(tmp.dir);
      expect(await runCli(['play-table', path, '0x20000001', '16'], o)).toBe(0);
      const line = JSON.parse(o.stdout.trim()) as Record<string, unknown>;
      expect(line).toMatchObject({
        waveId: '0x0A000012',
        played: false,
        outcome: `cannot play: sample rate ${rate} Hz is outside 100..384000 Hz`,
      });
    },
  );

  it('the engine takes no voice for it', () => {
    const problem = 'sample rate 0 Hz is outside 100..384000 Hz';
    const req = tableRequest(
      DEFAULT_SETTINGS,
      [{ waveId: WAVE, priority: 0, probability: 1, volume: 1 }],
      () => true,
      () => problem,
    );
    const pool = new VoicePool();
    const d = decide(req, new SeededRandom(1), pool, 0);
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', problem, slot: null });
  });

  it('a sound type the table lacks is named as typed: "999 (0x3E7)", not only "0x3E7"', async () => {
    const path = writeFixtureDat(tmp.dir, 'rate22050.dat', rate0Dat(22050));
    const o = captureIo(tmp.dir);
    expect(await runCli(['play-table', path, '0x20000001', '999'], o)).toBe(2);
    expect(o.stderr).toMatch(/has no sound type 999 \(0x3E7\);/);
  });
});
