import { describe, expect, it } from 'vitest';
import {
  downmixToMono,
  ensurePlayableRate,
  ensurePlayableRateSteps,
  resample,
  resampleSteps,
  runSteps,
  toRetailPcm,
} from './index';
import { RESAMPLE_STEP_TAPS } from './resample';

const sine = (n: number, rate: number, freq: number, amp = 0.5): Float32Array =>
  Float32Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / rate));
const rms = (a: Float32Array, from = 0, to = a.length): number => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i]! * a[i]!;
  return Math.sqrt(s / (to - from));
};

describe('resample (Blackman-windowed sinc)', () => {
  it('same rate is an exact copy', () => {
    const src = sine(100, 22050, 440);
    const out = resample({ sampleRate: 22050, channels: [src] }, 22050);
    expect(out.channels[0]).toEqual(src);
    expect(out.channels[0]).not.toBe(src);
  });

  it('output length = round(frames × dst / src)', () => {
    const a = { sampleRate: 22050, channels: [new Float32Array(22050), new Float32Array(22050)] };
    expect(resample(a, 11025).channels[0]!.length).toBe(11025);
    expect(resample(a, 44100).channels[1]!.length).toBe(44100);
    expect(resample({ sampleRate: 44100, channels: [new Float32Array(1001)] }, 11025).channels[0]!.length).toBe(250);
  });

  it('keeps a passband tone (44.1k → 11025, 1 kHz): amplitude and waveform preserved away from the edges', () => {
    const out = resample({ sampleRate: 44100, channels: [sine(44100, 44100, 1000)] }, 11025).channels[0]!;
    const ref = sine(11025, 11025, 1000);
    expect(rms(out, 200, 10800)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    let maxErr = 0;
    for (let i = 200; i < 10800; i++) maxErr = Math.max(maxErr, Math.abs(out[i]! - ref[i]!));
    expect(maxErr).toBeLessThan(0.01);
  });

  it('removes a tone above the new Nyquist frequency (anti-aliasing: 8 kHz tone, 44.1k → 11025)', () => {
    const out = resample({ sampleRate: 44100, channels: [sine(44100, 44100, 8000)] }, 11025).channels[0]!;
    expect(rms(out, 200, 10800)).toBeLessThan(0.005);
  });

  it('upsamples 11025 → 48000 smoothly', () => {
    const out = resample({ sampleRate: 11025, channels: [sine(11025, 11025, 500)] }, 48000).channels[0]!;
    const ref = sine(48000, 48000, 500);
    let maxErr = 0;
    for (let i = 1000; i < 47000; i++) maxErr = Math.max(maxErr, Math.abs(out[i]! - ref[i]!));
    expect(maxErr).toBeLessThan(0.01);
  });

  it('rates outside 8000–96000 Hz are brought into the playable range', () => {
    const low = { sampleRate: 4000, channels: [sine(4000, 4000, 200)] };
    expect(ensurePlayableRate(low).sampleRate).toBe(8000);
    expect(ensurePlayableRate(low).channels[0]!.length).toBe(8000);
    const high = { sampleRate: 192000, channels: [new Float32Array(1920)] };
    expect(ensurePlayableRate(high).sampleRate).toBe(96000);
    const ok = { sampleRate: 22050, channels: [new Float32Array(10)] };
    expect(ensurePlayableRate(ok)).toBe(ok);
  });

  it('rejects a non-positive target rate', () => {
    expect(() => resample({ sampleRate: 8000, channels: [new Float32Array(1)] }, 0)).toThrow(RangeError);
  });
});

describe('toRetailPcm: 11025 Hz mono (the retail ACM target)', () => {
  it('downmixes by averaging and resamples to 11025 Hz', () => {
    const l = new Float32Array(22050).fill(0.5);
    const r = new Float32Array(22050).fill(-0.25);
    expect(Array.from(downmixToMono({ sampleRate: 22050, channels: [l, r] }).channels[0]!.subarray(0, 2))).toEqual([
      0.125, 0.125,
    ]);
    const out = toRetailPcm({ sampleRate: 22050, channels: [l, r] });
    expect(out.sampleRate).toBe(11025);
    expect(out.channels).toHaveLength(1);
    expect(out.channels[0]!.length).toBe(11025);
    expect(out.channels[0]![5000]).toBeCloseTo(0.125, 3);
  });

  it('11025 Hz mono input passes through unchanged', () => {
    const src = sine(500, 11025, 300);
    expect(toRetailPcm({ sampleRate: 11025, channels: [src] }).channels[0]).toEqual(src);
  });
});

describe('resampling in steps (a long Wave never holds the UI thread for the whole job)', () => {
  it('each step is bounded by RESAMPLE_STEP_TAPS and the output is seamless across step boundaries', () => {
    // 10 s at 100 Hz → 8,000 Hz: 80,000 output frames per channel of about 35 taps each
    const src = sine(1000, 100, 3);
    const steps = resampleSteps({ sampleRate: 100, channels: [src, src] }, 8000);
    let yields = 0;
    let r = steps.next();
    while (!r.done) {
      yields++;
      r = steps.next();
    }
    const out = r.value;
    expect(out.sampleRate).toBe(8000);
    expect(out.channels).toHaveLength(2);
    const taps = 35;
    expect(yields).toBeGreaterThanOrEqual(Math.floor((2 * 80_000 * taps) / RESAMPLE_STEP_TAPS) - 2);
    const ref = sine(80_000, 8000, 3);
    let worst = 0;
    for (let i = 8000; i < 72_000; i++) worst = Math.max(worst, Math.abs(out.channels[1]![i]! - ref[i]!));
    expect(worst).toBeLessThan(1e-3);
    expect(out.channels[0]).toEqual(out.channels[1]);
  });

  it('ensurePlayableRateSteps gives what ensurePlayableRate gives, and an in-range Wave unchanged without a step', () => {
    const low = { sampleRate: 4000, channels: [sine(4000, 4000, 440)] };
    expect(runSteps(ensurePlayableRateSteps(low))).toEqual(ensurePlayableRate(low));
    const ok = { sampleRate: 22050, channels: [sine(100, 22050, 440)] };
    const steps = ensurePlayableRateSteps(ok);
    const first = steps.next();
    expect(first.done).toBe(true);
    expect(first.value).toBe(ok);
  });

  it('a bad rate still throws RangeError', () => {
    expect(() => runSteps(resampleSteps({ sampleRate: 100, channels: [new Float32Array(4)] }, 0))).toThrow(RangeError);
  });
});
