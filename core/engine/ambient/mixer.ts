/**
 * The offline ambient mixer (issue 8: `acsound ambient --render`, the app's soundscape export and
 * tests share it): the plays of a scheduler run summed into stereo float32 at 22050 Hz, each wave
 * with its play's engine gains (retail-engine decision 4: L = 10^((dB − max(pan, 0))/20),
 * R = 10^((dB + min(pan, 0))/20)), started at its play time and played to its end (one-shot, no
 * looping; decision 6), cut at the end of the render. Nothing is clipped: the peak and the number
 * of samples beyond full scale are reported, and the mix is scaled down only when asked.
 */
import { resample } from '../../audio/resample';
import { type AudioFrames, renderAsHeard } from '../render';
import type { AmbientPlay } from './scheduler';

/** The render rate of soundscapes, Hz. */
export const AMBIENT_RENDER_RATE = 22050;

/** Options of {@link mixAmbient}. */
export interface AmbientMixOptions {
  /** Length of the render, seconds (> 0). */
  seconds: number;
  /** Output rate, Hz. Default {@link AMBIENT_RENDER_RATE}. */
  sampleRate?: number;
  /**
   * The decoded samples of a wave (any rate, any channel count; already converted the way the
   * mode plays it, e.g. core/audio `retailSource`), or null when it cannot be had — that play is
   * left out and listed in {@link AmbientMix.missingWaves}. Called once per wave id.
   */
  wave: (waveId: number) => AudioFrames | null;
  /**
   * When given and the peak exceeds it, the whole mix is scaled so that its peak equals it
   * (e.g. 1 for a 16-bit WAV without clipping). Default: no scaling.
   */
  normalizeTo?: number;
}

/** The result of {@link mixAmbient}. */
export interface AmbientMix {
  sampleRate: number;
  /** [left, right], `round(seconds · sampleRate)` frames each. */
  channels: [Float32Array, Float32Array];
  /** The largest |sample| of the mix before any scaling (1 = full scale). */
  peak: number;
  /** 20·log10(peak), dBFS; −Infinity for silence. */
  peakDb: number;
  /** The linear gain applied to the whole mix: 1 unless `normalizeTo` scaled it down. */
  gain: number;
  /** Samples (both channels) whose magnitude is above 1 after the gain: a 16-bit writer would clip these. */
  clippedSamples: number;
  /** Number of plays mixed. */
  mixed: number;
  /** Wave ids of played sounds whose samples were unavailable (each once). */
  missingWaves: number[];
}

/**
 * Mixes the played plays (`decision.played`) of `plays` into a stereo render.
 * Worked numbers: one mono wave of constant 0.5 played at t = 1 s with dB −12, pan +14 gives
 * left 0.5·10^(−26/20) = 0.02506 and right 0.5·10^(−12/20) = 0.12559 from frame 22050 on.
 * @throws RangeError for a non-positive length or rate
 */
export function mixAmbient(plays: readonly AmbientPlay[], options: AmbientMixOptions): AmbientMix {
  const rate = options.sampleRate ?? AMBIENT_RENDER_RATE;
  if (!(options.seconds > 0) || !Number.isFinite(options.seconds))
    throw new RangeError(`render length ${options.seconds} s is not positive`);
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`render rate ${rate} Hz is not positive`);
  const frames = Math.round(options.seconds * rate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const cache = new Map<number, AudioFrames | null>();
  const missing = new Set<number>();
  let mixed = 0;
  for (const p of plays) {
    const d = p.decision;
    if (!d || !d.played || d.waveId === null) continue;
    if (!cache.has(d.waveId)) {
      const w = options.wave(d.waveId);
      cache.set(d.waveId, w && w.channels.length > 0 ? (w.sampleRate === rate ? w : resample(w, rate)) : null);
    }
    const audio = cache.get(d.waveId);
    if (!audio) {
      missing.add(d.waveId);
      continue;
    }
    const heard = renderAsHeard(audio, d);
    const start = Math.round(p.timeSec * rate);
    const [l, r] = heard.channels;
    const end = Math.min(frames, start + l.length);
    for (let i = Math.max(0, start); i < end; i++) {
      left[i]! += l[i - start]!;
      right[i]! += r[i - start]!;
    }
    mixed++;
  }
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  let gain = 1;
  if (options.normalizeTo !== undefined && options.normalizeTo > 0 && peak > options.normalizeTo) {
    // One float32 ulp of headroom, so the scaled peak never rounds above the target.
    gain = (options.normalizeTo / peak) * (1 - 2 ** -23);
    for (let i = 0; i < frames; i++) {
      left[i]! *= gain;
      right[i]! *= gain;
    }
  }
  let clippedSamples = 0;
  for (let i = 0; i < frames; i++) {
    if (Math.abs(left[i]!) > 1) clippedSamples++;
    if (Math.abs(right[i]!) > 1) clippedSamples++;
  }
  return {
    sampleRate: rate,
    channels: [left, right],
    peak,
    peakDb: peak > 0 ? 20 * Math.log10(peak) : -Infinity,
    gain,
    clippedSamples,
    mixed,
    missingWaves: [...missing],
  };
}
