import type { PcmAudio } from './pcmAudio';
import { assertPcmAudio } from './pcmAudio';

/** Kernel half-width in zero crossings of the (source-rate or target-rate) sinc. */
const ZERO_CROSSINGS = 16;
/** Kernel table resolution: samples per zero crossing (linearly interpolated). */
const TABLE_RES = 512;
/** Cutoff as a fraction of the lower Nyquist frequency (headroom for the transition band). */
const ROLLOFF = 0.95;

let kernelTable: Float64Array | null = null;

/** Blackman-windowed sinc sampled at 1/TABLE_RES steps over [0, ZERO_CROSSINGS]. */
function kernel(): Float64Array {
  if (kernelTable) return kernelTable;
  const n = ZERO_CROSSINGS * TABLE_RES;
  const t = new Float64Array(n + 2);
  for (let k = 0; k <= n; k++) {
    const x = k / TABLE_RES;
    const sinc = k === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const u = 0.5 + x / (2 * ZERO_CROSSINGS); // window position in [0.5, 1]
    const w = 0.42 - 0.5 * Math.cos(2 * Math.PI * u) + 0.08 * Math.cos(4 * Math.PI * u);
    t[k] = sinc * w;
  }
  t[n + 1] = 0;
  kernelTable = t;
  return t;
}

/** Resamples frames [from, to) of one channel from `srcRate` to `dstRate` Hz into `out`. */
function resampleRange(
  src: Float32Array,
  srcRate: number,
  dstRate: number,
  out: Float32Array,
  from: number,
  to: number,
): void {
  const table = kernel();
  const ratio = dstRate / srcRate;
  const fc = Math.min(1, ratio) * ROLLOFF; // cutoff, in units of the source Nyquist
  const half = ZERO_CROSSINGS / fc; // kernel half-width in source samples
  const n = src.length;
  const maxIndex = ZERO_CROSSINGS * TABLE_RES;
  for (let i = from; i < to; i++) {
    const t = i / ratio;
    const j0 = Math.max(0, Math.ceil(t - half));
    const j1 = Math.min(n - 1, Math.floor(t + half));
    let acc = 0;
    for (let j = j0; j <= j1; j++) {
      const pos = Math.abs(t - j) * fc * TABLE_RES;
      if (pos >= maxIndex) continue;
      const k = Math.floor(pos);
      const frac = pos - k;
      acc += src[j]! * (table[k]! + (table[k + 1]! - table[k]!) * frac);
    }
    out[i] = acc * fc;
  }
}

/**
 * Work done in steps: a generator that yields between bounded slices and returns the result.
 * A caller on a UI thread resumes it after giving the event loop a turn ({@link runSteps} runs
 * it to the end at once), so a long Wave never holds the thread for the whole job.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs {@link Steps} to the end without pausing and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Output frames {@link resampleSteps} computes per step, divided by the kernel's taps per output
 * frame (about 34 upsampling, more downsampling): ≈ 1–5 ms of work per step.
 */
export const RESAMPLE_STEP_TAPS = 1 << 19;

/**
 * {@link resample} in steps: the same output, sample for sample, computed in slices of about
 * {@link RESAMPLE_STEP_TAPS} kernel taps with a yield after each.
 * @throws RangeError as {@link resample} does (on the first `next()`).
 */
export function* resampleSteps(a: PcmAudio, rate: number): Steps<PcmAudio> {
  assertPcmAudio(a);
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`target sample rate ${rate} is not positive`);
  if (rate === a.sampleRate) return { sampleRate: rate, channels: a.channels.map((c) => c.slice()) };
  const frames = a.channels[0]!.length;
  const outLength = Math.round((frames * rate) / a.sampleRate);
  const taps = Math.ceil((2 * ZERO_CROSSINGS) / (Math.min(1, rate / a.sampleRate) * ROLLOFF)) + 1;
  const slice = Math.max(256, Math.floor(RESAMPLE_STEP_TAPS / taps));
  const channels: Float32Array[] = [];
  for (const src of a.channels) {
    const out = new Float32Array(outLength);
    for (let from = 0; from < outLength; from += slice) {
      resampleRange(src, a.sampleRate, rate, out, from, Math.min(outLength, from + slice));
      if (from + slice < outLength) yield;
    }
    channels.push(out);
  }
  return { sampleRate: rate, channels };
}

/**
 * Resamples every channel of `a` to `rate` Hz with a band-limited interpolator: a
 * Blackman-windowed sinc, ±16 zero crossings, cutoff 0.95 × the lower Nyquist frequency
 * (anti-aliasing when downsampling). Output frames = round(frames × rate / a.sampleRate).
 * Same rate → channels are copied. Works for any positive rates (e.g. 4000 → 8000 Hz,
 * 192000 → 96000 Hz for playback devices limited to 8000–96000 Hz).
 * @throws RangeError for a non-positive/non-finite `rate` or an invalid `a`.
 */
export function resample(a: PcmAudio, rate: number): PcmAudio {
  return runSteps(resampleSteps(a, rate));
}

/** Lowest and highest rates every Web Audio implementation must accept for an AudioBuffer. */
export const PLAYABLE_RATE_RANGE = { min: 8000, max: 96000 } as const;

/**
 * Returns `a` unchanged when its rate is within [min, max] Hz (default 8000–96000, the Web Audio
 * guaranteed range); otherwise resamples it to the nearest bound with {@link resample}.
 */
export function ensurePlayableRate(
  a: PcmAudio,
  min: number = PLAYABLE_RATE_RANGE.min,
  max: number = PLAYABLE_RATE_RANGE.max,
): PcmAudio {
  return runSteps(ensurePlayableRateSteps(a, min, max));
}

/** {@link ensurePlayableRate} in steps ({@link resampleSteps}); the same result. */
export function* ensurePlayableRateSteps(
  a: PcmAudio,
  min: number = PLAYABLE_RATE_RANGE.min,
  max: number = PLAYABLE_RATE_RANGE.max,
): Steps<PcmAudio> {
  if (a.sampleRate < min) return yield* resampleSteps(a, min);
  if (a.sampleRate > max) return yield* resampleSteps(a, max);
  return a;
}

/** Averages all channels into one (sum / channel count). */
export function downmixToMono(a: PcmAudio): PcmAudio {
  assertPcmAudio(a);
  if (a.channels.length === 1) return { sampleRate: a.sampleRate, channels: [a.channels[0]!.slice()] };
  const n = a.channels[0]!.length;
  const out = new Float32Array(n);
  const k = a.channels.length;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let c = 0; c < k; c++) s += a.channels[c]![i]!;
    out[i] = s / k;
  }
  return { sampleRate: a.sampleRate, channels: [out] };
}

/** The retail ACM conversion target (dat-format §5.3: non-PCM waves become 11025 Hz, 16-bit, mono). */
export const RETAIL_PCM_RATE = 11025;

/**
 * Retail mode's ACM target: downmix by averaging the channels, then resample to 11025 Hz with
 * {@link resample} (windowed sinc). The exact filter of the retail ACM converter is unknown;
 * this is a clean band-limited approximation. Returns mono 11025 Hz.
 */
export function toRetailPcm(a: PcmAudio): PcmAudio {
  return resample(downmixToMono(a), RETAIL_PCM_RATE);
}

/** {@link toRetailPcm} in steps ({@link resampleSteps}); the same result. */
export function toRetailPcmSteps(a: PcmAudio): Steps<PcmAudio> {
  return resampleSteps(downmixToMono(a), RETAIL_PCM_RATE);
}
