/**
 * Rule: a Wave that cannot be played is not logged as played — `acsound play-table` on a row whose
 * Wave has a sample rate of 0 Hz says played false, outcome "cannot play: sample rate of 0 Hz",
 * and no voice (core/index `playProblem`, core/engine decide "cannot-play").
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
  it('acsound play-table: played false, outcome "cannot play: sample rate of 0 Hz"', async () => {
    const path = writeFixtureDat(tmp.dir, 'rate0.dat', rate0Dat());
    const o = captureIo(tmp.dir);
    expect(await runCli(['play-table', path, '0x20000001', '16'], o)).toBe(0);
    const line = JSON.parse(o.stdout.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ waveId: '0x0A000012', played: false, outcome: 'cannot play: sample rate of 0 Hz' });
  });

  it('the engine takes no voice for it', () => {
    const req = tableRequest(
      DEFAULT_SETTINGS,
      [{ waveId: WAVE, priority: 0, probability: 1, volume: 1 }],
      () => true,
      () => 'sample rate of 0 Hz',
    );
    const pool = new VoicePool();
    const d = decide(req, new SeededRandom(1), pool, 0);
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', problem: 'sample rate of 0 Hz', slot: null });
  });
});
