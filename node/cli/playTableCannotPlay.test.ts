/**
 * Rule: a Wave that cannot be played is not logged as played — `acsound play-table` on a row whose
 * Wave has a sample rate of 0, 1 or 4,000,000,000 Hz says played false, outcome "cannot play:
 * sample rate 0 Hz is outside 100..384000 Hz" (core/audio `playProblemOf`, the one playability
 * rule, through core/index `playProblem`), and no voice (core/engine decide "cannot-play").
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
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
        dB: null,
        pan: null,
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

  it('a picked Wave whose data chain is broken (QA #1): played false, "cannot play: block chain …"', async () => {
    // the QA repro: 4 bytes at 0x3E800 of the demo dat break the block chain of Wave 0x0A000072
    const bytes = new Uint8Array(readFileSync(demoDatPath()));
    bytes.set([0xbe, 0x29, 0x17, 0x5b], 0x3e800);
    const path = writeFixtureDat(tmp.dir, 'link.dat', bytes);
    const o = captureIo(tmp.dir);
    expect(await runCli(['play-table', path, '0x200000DB', 'Waterfall', '--times', '2'], o)).toBe(0);
    const lines = o.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ waveId: '0x0A000072', played: false, dB: null, pan: null });
      expect(line.outcome).toMatch(
        /^cannot play: block chain of 0x0A000072 continues with link 0x5B1729BE, beyond the end/,
      );
    }
    // the intact dat plays it
    const ok = captureIo(tmp.dir);
    expect(await runCli(['play-table', demoDatPath(), '0x200000DB', 'Waterfall'], ok)).toBe(0);
    expect(JSON.parse(ok.stdout.trim())).toMatchObject({ waveId: '0x0A000072', played: true, outcome: 'played' });
  });
});
