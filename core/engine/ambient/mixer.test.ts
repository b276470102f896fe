import { describe, expect, it } from 'vitest';
import { AMBIENT1, ambientTable, ambientRegion, WAVE_OF } from '../../test/ambientFixtures';
import { decide } from '../decide';
import { FixedRandom, SeededRandom } from '../random';
import { VoicePool } from '../VoicePool';
import type { AudioFrames } from '../render';
import { ambientEvent } from './event';
import { AMBIENT_RENDER_RATE, mixAmbient } from './mixer';
import { ringOfLandblocks } from './ring';
import { type AmbientPlay, runAmbient } from './scheduler';

const constant = (value: number, frames: number, rate = AMBIENT_RENDER_RATE, channels = 1): AudioFrames => ({
  sampleRate: rate,
  channels: Array.from({ length: channels }, () => new Float32Array(frames).fill(value)),
});

/** A play of wave 0x0A000050 at `t` seconds, decided on the positional ambient path at 10 m, bearing +90°. */
function playAt(t: number, distance = 10): AmbientPlay {
  const decision = decide(
    {
      path: 'ambient',
      rows: [{ waveId: 0x0a000050, priority: 0, probability: 1, volume: 1 }],
      placement: { distance, bearingDeg: 90 },
    },
    new FixedRandom({ ran2: [0.5], crtRand: [0] }),
  );
  return {
    event: ambientEvent({ t, kind: 'intermittent', set: 0, soundType: 0x4e, decision, bearing: 90 }),
    timeSec: t,
    setIndex: 0,
    soundIndex: 0,
    chance: 1,
    volume: 1,
    playRoll: 0.1,
    emitter: null,
    decision,
    nextSec: t + 5,
  };
}

describe('the offline ambient mixer', () => {
  it('worked example: constant 0.5 at 1 s, 10 m, +90° (dB −12, pan +14) → L 0.5·10^(−26/20), R 0.5·10^(−12/20)', () => {
    const mix = mixAmbient([playAt(1)], { seconds: 2, wave: () => constant(0.5, 11025) });
    expect(mix.sampleRate).toBe(22050);
    expect(mix.channels[0]).toHaveLength(44100);
    expect(mix.channels[0][22049]).toBe(0);
    expect(mix.channels[0][22050]).toBeCloseTo(0.5 * 10 ** (-26 / 20), 6);
    expect(mix.channels[1][22050]).toBeCloseTo(0.5 * 10 ** (-12 / 20), 6);
    expect(mix.channels[1][22050 + 11025]).toBe(0); // one-shot: ends after its 0.5 s
    expect(mix.peak).toBeCloseTo(0.5 * 10 ** (-12 / 20), 6);
    expect(mix.peakDb).toBeCloseTo(-6.0206 - 12, 3);
    expect(mix).toMatchObject({ gain: 1, clippedSamples: 0, mixed: 1, missingWaves: [] });
  });

  it('overlapping plays add; loud sums are reported, never silently clipped', () => {
    const plays = [playAt(0, 2), playAt(0, 2), playAt(0.25, 2)];
    const mix = mixAmbient(plays, { seconds: 1, wave: () => constant(0.6, 22050) });
    expect(mix.peak).toBeCloseTo(1.8, 5);
    expect(mix.clippedSamples).toBeGreaterThan(0);
    expect(Math.max(...mix.channels[1])).toBeCloseTo(1.8, 5);
    const scaled = mixAmbient(plays, { seconds: 1, wave: () => constant(0.6, 22050), normalizeTo: 1 });
    expect(scaled.peak).toBeCloseTo(1.8, 5);
    expect(scaled.gain).toBeCloseTo(1 / 1.8, 6);
    expect(scaled.clippedSamples).toBe(0);
    expect(Math.max(...scaled.channels[1])).toBeLessThanOrEqual(1);
  });

  it('resamples waves to 22050 Hz (an 11025 Hz wave of 0.5 s still lasts 0.5 s)', () => {
    const mix = mixAmbient([playAt(0, 2)], { seconds: 1, wave: () => constant(0.5, 5512, 11025) });
    expect(Math.abs(mix.channels[0][5000]! - 0.5)).toBeLessThan(0.01);
    expect(mix.channels[0][11100]).toBeCloseTo(0, 3);
  });

  it('skipped plays are silent; unavailable waves are listed; the render is cut at its end', () => {
    const skipped = { ...playAt(0), decision: null };
    const late = playAt(0.9, 2);
    const mix = mixAmbient([skipped, late], { seconds: 1, wave: () => constant(0.5, 22050) });
    expect(mix.mixed).toBe(1);
    expect(mix.channels[0][19000]).toBe(0);
    expect(mix.channels[0][21000]).toBeCloseTo(0.5, 6);
    expect(mixAmbient([late], { seconds: 1, wave: () => null }).missingWaves).toEqual([0x0a000050]);
    expect(() => mixAmbient([], { seconds: 0, wave: () => null })).toThrow(RangeError);
  });

  it('renders a scheduler run deterministically and non-silently', () => {
    const run = () =>
      runAmbient(
        {
          region: ambientRegion(),
          ring: ringOfLandblocks({ terrainType: 1, scene: 0 }),
          soundTable: ambientTable,
          random: new SeededRandom(3),
          pool: new VoicePool(),
          durationSec: () => 0.5,
        },
        10,
      );
    const wave = (id: number) => (id === WAVE_OF[AMBIENT1] ? constant(0.25, 11025) : constant(0.1, 11025));
    const a = mixAmbient(run(), { seconds: 10, wave });
    const b = mixAmbient(run(), { seconds: 10, wave });
    expect(a.peak).toBeGreaterThan(0);
    expect(a.channels[0]).toEqual(b.channels[0]);
    expect(a.mixed).toBeGreaterThanOrEqual(4); // Ambient1 at 0, 3, 6, 9 s
  });
});
