import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeWav16, wav16Stream } from '../../audio/wavWriter';
import { AMBIENT1, ambientTable, ambientRegion, WAVE_OF } from '../../test/ambientFixtures';
import { decide } from '../decide';
import { FixedRandom, SeededRandom } from '../random';
import { VoicePool } from '../VoicePool';
import type { AudioFrames } from '../render';
import { ambientEvent } from './event';
import { AMBIENT_RENDER_RATE, AmbientMixStream, mixAmbient } from './mixer';
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

describe('the streamed mix (AmbientMixStream: an hour in bounded memory)', () => {
  const sine = (f: number, frames: number, rate: number, amp: number, channels = 1): AudioFrames => ({
    sampleRate: rate,
    channels: Array.from({ length: channels }, (_, c) =>
      Float32Array.from({ length: frames }, (_, i) => amp * Math.sin((2 * Math.PI * f * i) / rate + c)),
    ),
  });
  const at = (t: number, distance: number, bearing: number): AmbientPlay => {
    const p = playAt(t, distance);
    const decision = decide(
      {
        path: 'ambient',
        rows: [{ waveId: 0x0a000050, priority: 0, probability: 1, volume: 1 }],
        placement: { distance, bearingDeg: bearing },
      },
      new FixedRandom({ ran2: [0.5], crtRand: [0] }),
    );
    return { ...p, decision };
  };
  /** Header, then each scaled chunk, through the WAV encoder's stream. */
  const streamedWav = (plays: readonly AmbientPlay[], options: Parameters<typeof mixAmbient>[1], chunk: number) => {
    const stream = new AmbientMixStream(plays, options);
    const facts = stream.measure(chunk);
    const enc = wav16Stream({ sampleRate: facts.sampleRate, channels: 2, frames: facts.frames });
    const parts = [enc.header];
    for (const c of stream.chunks(facts.gain, chunk)) parts.push(enc.chunk([c.left, c.right]));
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return { bytes: out, facts, clipped: stream.clippedSamples };
  };
  const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

  // The SHA-256 of each render as the whole-buffer mixer and encodeWav16 wrote it before streaming
  // (recorded from that code): streaming keeps every byte, whatever the chunk size.
  const LOUD = '5107931f4d3f8982774c930ca86d68dbe7d37b210e45bd156017e9e8c57951b2';
  const RUN = '7bd2838f72d05ef7b3908eb5a77340dfbd409cc0daf2fd9d64ceed76931c42f7';
  const loud = [at(0.1, 2, 90), at(0.3, 2, -90), at(0.35, 3, 0), at(1.9, 2, 45)];
  const loudOptions = { seconds: 2, wave: () => sine(440, 33075, 22050, 0.9), normalizeTo: 1 };

  it('a mix scaled down to avoid clipping: two passes give the bytes of the whole-buffer render, any chunk size', () => {
    const whole = mixAmbient(loud, loudOptions);
    expect(whole.gain).toBeCloseTo(0.370532, 6); // the sum peaks at 2.7: scaled, not clipped
    expect(sha(encodeWav16({ sampleRate: 22050, channels: whole.channels }))).toBe(LOUD);
    for (const chunk of [1, 777, 22050, 1e6]) {
      const s = streamedWav(loud, loudOptions, chunk);
      expect(sha(s.bytes), `chunk ${chunk}`).toBe(LOUD);
      expect(s.facts).toMatchObject({ peak: whole.peak, gain: whole.gain, mixed: 4, clippedSamples: 0 });
      expect(s.clipped).toBe(0);
    }
  });

  it('a scheduler run (mono and stereo waves at 11025 Hz, resampled): the same bytes as before streaming', () => {
    const run = runAmbient(
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
    const wave = (id: number) =>
      id === WAVE_OF[AMBIENT1] ? sine(300, 5512, 11025, 0.7) : sine(500, 5512, 11025, 0.3, 2);
    for (const chunk of [1000, 22050]) {
      const s = streamedWav(run, { seconds: 10, wave, normalizeTo: 1 }, chunk);
      expect(sha(s.bytes), `chunk ${chunk}`).toBe(RUN);
      expect(s.facts).toMatchObject({ gain: 1, mixed: 4, frames: 220500 });
    }
  });

  it('an hour streams as 3600 one-second chunks, each play mixed once', () => {
    // 3600 plays one second apart over an hour: each chunk is 1 s, nothing is kept beyond it
    const plays = Array.from({ length: 3600 }, (_, i) => at(i, 2, 0));
    const stream = new AmbientMixStream(plays, { seconds: 3600, wave: () => sine(440, 11025, 22050, 0.5) });
    let chunks = 0;
    let biggest = 0;
    for (const c of stream.chunks()) {
      chunks++;
      biggest = Math.max(biggest, c.left.length);
    }
    expect(chunks).toBe(3600);
    expect(biggest).toBe(22050);
    expect(stream.mixed).toBe(3600);
  });
});
