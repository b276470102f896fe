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

/** Frames per chunk of {@link AmbientMixStream}: one second at {@link AMBIENT_RENDER_RATE}. */
export const AMBIENT_CHUNK_FRAMES = AMBIENT_RENDER_RATE;

/** What {@link AmbientMixStream.measure} finds: {@link AmbientMix} without the samples. */
export type AmbientMixFacts = Omit<AmbientMix, 'channels'> & { frames: number };

/** One played play ready to mix: its start frame, its place in the play list and its source. */
interface MixItem {
  start: number;
  index: number;
  audio: AudioFrames;
  decision: NonNullable<AmbientPlay['decision']>;
}

/**
 * The mix of {@link mixAmbient}, produced in chunks with bounded memory (a 1-hour render is
 * 22050·3600 stereo frames: 635 MB as float32, never held whole). Only the plays sounding in
 * the current chunk are rendered and kept; each sample is the sum of its plays in play-list
 * order, exactly as {@link mixAmbient} adds them, so chunk size does not change a bit.
 *
 * Scaling without holding the mix (two passes over the same plays, which are deterministic):
 * {@link measure} runs the mix once for its peak and the gain `normalizeTo` asks for; then
 * {@link chunks}(gain) runs it again and scales each chunk as it goes.
 * @throws RangeError for a non-positive length or rate
 */
export class AmbientMixStream {
  readonly sampleRate: number;
  /** `round(seconds · sampleRate)`. */
  readonly frames: number;
  /** Number of plays mixed (played, with samples; as {@link AmbientMix.mixed}). */
  readonly mixed: number;
  /** Wave ids of played sounds whose samples were unavailable (each once). */
  readonly missingWaves: number[];
  /** Samples beyond full scale in the last {@link chunks} run, after its gain (both channels). */
  clippedSamples = 0;
  private readonly items: MixItem[];
  private readonly normalizeTo: number | undefined;

  constructor(plays: readonly AmbientPlay[], options: AmbientMixOptions) {
    const rate = options.sampleRate ?? AMBIENT_RENDER_RATE;
    if (!(options.seconds > 0) || !Number.isFinite(options.seconds))
      throw new RangeError(`render length ${options.seconds} s is not positive`);
    if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`render rate ${rate} Hz is not positive`);
    this.sampleRate = rate;
    this.frames = Math.round(options.seconds * rate);
    this.normalizeTo = options.normalizeTo;
    const cache = new Map<number, AudioFrames | null>();
    const missing = new Set<number>();
    const items: MixItem[] = [];
    plays.forEach((p, index) => {
      const d = p.decision;
      if (!d || !d.played || d.waveId === null) return;
      if (!cache.has(d.waveId)) {
        const w = options.wave(d.waveId);
        cache.set(d.waveId, w && w.channels.length > 0 ? (w.sampleRate === rate ? w : resample(w, rate)) : null);
      }
      const audio = cache.get(d.waveId);
      if (!audio) {
        missing.add(d.waveId);
        return;
      }
      items.push({ start: Math.round(p.timeSec * rate), index, audio, decision: d });
    });
    this.mixed = items.length;
    this.missingWaves = [...missing];
    // by start frame, then play-list order (Array.prototype.sort is stable)
    this.items = items.sort((a, b) => a.start - b.start);
  }

  /**
   * The mix from frame 0 to {@link frames}, `chunkFrames` at a time (the last one shorter), each
   * sample × `gain` (as {@link mixAmbient} scales). The arrays are reused between chunks: use or
   * copy a chunk before asking for the next.
   */
  *chunks(
    gain = 1,
    chunkFrames = AMBIENT_CHUNK_FRAMES,
  ): Generator<{ offset: number; left: Float32Array; right: Float32Array }> {
    if (!(chunkFrames >= 1)) throw new RangeError(`chunk of ${chunkFrames} frames`);
    const size = Math.min(chunkFrames, Math.max(1, this.frames));
    const bufL = new Float32Array(size);
    const bufR = new Float32Array(size);
    // the plays sounding, in play-list order, each rendered once while it sounds
    let active: { item: MixItem; l: Float32Array; r: Float32Array; end: number }[] = [];
    let next = 0;
    this.clippedSamples = 0;
    for (let offset = 0; offset < this.frames; offset += size) {
      const n = Math.min(size, this.frames - offset);
      const chunkEnd = offset + n;
      const left = n === size ? bufL : bufL.subarray(0, n);
      const right = n === size ? bufR : bufR.subarray(0, n);
      left.fill(0);
      right.fill(0);
      let added = false;
      while (next < this.items.length && this.items[next]!.start < chunkEnd) {
        const item = this.items[next++]!;
        const length = item.audio.channels[0]!.length;
        if (item.start + length <= offset) continue; // ends before this chunk (or before frame 0)
        const [l, r] = renderAsHeard(item.audio, item.decision).channels;
        active.push({ item, l, r, end: item.start + l.length });
        added = true;
      }
      if (added) active.sort((a, b) => a.item.index - b.item.index);
      for (const a of active) {
        const from = Math.max(offset, a.item.start, 0);
        const to = Math.min(chunkEnd, a.end, this.frames);
        const s = a.item.start;
        for (let i = from; i < to; i++) {
          left[i - offset]! += a.l[i - s]!;
          right[i - offset]! += a.r[i - s]!;
        }
      }
      active = active.filter((a) => a.end > chunkEnd);
      if (gain !== 1) {
        for (let i = 0; i < n; i++) {
          left[i]! *= gain;
          right[i]! *= gain;
        }
      }
      for (let i = 0; i < n; i++) {
        if (Math.abs(left[i]!) > 1) this.clippedSamples++;
        if (Math.abs(right[i]!) > 1) this.clippedSamples++;
      }
      yield { offset, left, right };
    }
  }

  /**
   * First pass: runs the mix for its peak (before any scaling) and the gain that `normalizeTo`
   * asks for (1 when the peak is within it); `clippedSamples` are those beyond full scale after
   * that gain when it is 1, and 0 when it scaled the peak down to full scale or below (otherwise
   * the second pass's {@link clippedSamples} counts them).
   */
  measure(chunkFrames = AMBIENT_CHUNK_FRAMES): AmbientMixFacts {
    let peak = 0;
    for (const { left, right } of this.chunks(1, chunkFrames)) {
      for (let i = 0; i < left.length; i++) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
    }
    const over = this.clippedSamples;
    const gain = gainFor(peak, this.normalizeTo);
    return {
      sampleRate: this.sampleRate,
      frames: this.frames,
      peak,
      peakDb: peak > 0 ? 20 * Math.log10(peak) : -Infinity,
      gain,
      clippedSamples: gain === 1 ? over : peak * gain > 1 ? over : 0,
      mixed: this.mixed,
      missingWaves: [...this.missingWaves],
    };
  }
}

/** The gain that brings `peak` down to `normalizeTo` (1 when it is within it or not asked). */
function gainFor(peak: number, normalizeTo: number | undefined): number {
  if (normalizeTo !== undefined && normalizeTo > 0 && peak > normalizeTo)
    // One float32 ulp of headroom, so the scaled peak never rounds above the target.
    return (normalizeTo / peak) * (1 - 2 ** -23);
  return 1;
}

/**
 * Mixes the played plays (`decision.played`) of `plays` into a stereo render held whole (short
 * renders and tests; long ones stream with {@link AmbientMixStream}, which sums the same way).
 * Worked numbers: one mono wave of constant 0.5 played at t = 1 s with dB −12, pan +14 gives
 * left 0.5·10^(−26/20) = 0.02506 and right 0.5·10^(−12/20) = 0.12559 from frame 22050 on.
 * @throws RangeError for a non-positive length or rate
 */
export function mixAmbient(plays: readonly AmbientPlay[], options: AmbientMixOptions): AmbientMix {
  const stream = new AmbientMixStream(plays, options);
  const frames = stream.frames;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (const c of stream.chunks(1)) {
    left.set(c.left, c.offset);
    right.set(c.right, c.offset);
  }
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  const gain = gainFor(peak, options.normalizeTo);
  if (gain !== 1) {
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
    sampleRate: stream.sampleRate,
    channels: [left, right],
    peak,
    peakDb: peak > 0 ? 20 * Math.log10(peak) : -Infinity,
    gain,
    clippedSamples,
    mixed: stream.mixed,
    missingWaves: [...stream.missingWaves],
  };
}
