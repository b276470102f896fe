/**
 * Tiny deterministic synthesizers for the demo dat's game-ish sounds (no recorded or copyrighted
 * audio). Every function is a pure function of its arguments and a seeded PRNG; output is float
 * samples in [-1, 1] at the requested rate. Math.sin/exp/pow are fdlibm ports in V8, so results
 * are the same on every platform that runs the script.
 */
import { mulberry32 } from '../core/prng';

/** A biquad filter (RBJ cookbook), processed sample by sample so coefficients can move. */
class Biquad {
  private b0 = 0;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(private readonly rate: number) {}

  /** Band-pass (constant 0 dB peak gain) at `freq` Hz with quality `q`. */
  bandpass(freq: number, q: number): this {
    const w = (2 * Math.PI * Math.min(freq, this.rate * 0.45)) / this.rate;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    this.b0 = alpha / a0;
    this.b1 = 0;
    this.b2 = -alpha / a0;
    this.a1 = (-2 * Math.cos(w)) / a0;
    this.a2 = (1 - alpha) / a0;
    return this;
  }

  /** Low-pass at `freq` Hz with quality `q`. */
  lowpass(freq: number, q = Math.SQRT1_2): this {
    const w = (2 * Math.PI * Math.min(freq, this.rate * 0.45)) / this.rate;
    const alpha = Math.sin(w) / (2 * q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
    return this;
  }

  step(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

const TAU = 2 * Math.PI;

/** Short linear fade in/out (ms) to avoid clicks at the ends. */
function fade(x: Float32Array, rate: number, inMs = 3, outMs = 8): Float32Array {
  const a = Math.max(1, Math.round((rate * inMs) / 1000));
  const b = Math.max(1, Math.round((rate * outMs) / 1000));
  for (let i = 0; i < a && i < x.length; i++) x[i] = x[i]! * (i / a);
  for (let i = 0; i < b && i < x.length; i++) x[x.length - 1 - i] = x[x.length - 1 - i]! * (i / b);
  return x;
}

/** Footstep thud: low-passed noise burst plus a falling low sine, fast decay. */
export function footstep(
  rate: number,
  seed: number,
  opts: { tone?: number; cutoff?: number; len?: number } = {},
): Float32Array {
  const rnd = mulberry32(seed);
  const n = Math.round(rate * (opts.len ?? 0.22));
  const out = new Float32Array(n);
  const lp = new Biquad(rate).lowpass(opts.cutoff ?? 420, 0.9);
  const tone = opts.tone ?? 70;
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const env = Math.exp(-t / 0.045) * Math.min(1, t / 0.002);
    const noise = lp.step(rnd() * 2 - 1);
    phase += (TAU * tone * (1 + 0.6 * Math.exp(-t / 0.02))) / rate;
    // a second, softer scuff 60 ms later
    const scuff = t > 0.06 ? 0.35 * Math.exp(-(t - 0.06) / 0.03) * (rnd() * 2 - 1) : 0;
    out[i] = env * (1.6 * noise + 0.8 * Math.sin(phase)) + scuff * 0.3;
  }
  return fade(out, rate, 0.5, 10);
}

/** Sword swoosh: band-passed noise whose centre sweeps up then down under a bell envelope. */
export function swoosh(
  rate: number,
  seed: number,
  opts: { len?: number; lo?: number; hi?: number; q?: number } = {},
): Float32Array {
  const rnd = mulberry32(seed);
  const len = opts.len ?? 0.34;
  const n = Math.round(rate * len);
  const out = new Float32Array(n);
  const bp = new Biquad(rate);
  const bp2 = new Biquad(rate);
  const lo = opts.lo ?? 350;
  const hi = opts.hi ?? 3200;
  for (let i = 0; i < n; i++) {
    const u = i / n;
    const env = Math.sin(Math.PI * u ** 0.7) ** 2;
    const f = lo + (hi - lo) * Math.sin(Math.PI * u ** 0.8);
    bp.bandpass(f, opts.q ?? 2.2);
    bp2.bandpass(f * 1.9, 3);
    const x = rnd() * 2 - 1;
    out[i] = env * (bp.step(x) + 0.4 * bp2.step(x));
  }
  return fade(out, rate);
}

/** Vowel formants (Hz) for the voice synth. */
const VOWELS: Record<string, readonly [number, number, number]> = {
  ah: [730, 1090, 2440],
  eh: [530, 1840, 2480],
  oh: [570, 840, 2410],
  uh: [520, 1190, 2390],
  oo: [300, 870, 2240],
};

/**
 * Formant voice (grunts, wounds, death cries, creature noises): a band-limited-ish pulse train at
 * a gliding pitch `f0 → f1`, with jitter and breath noise, through three formant resonators that
 * move from vowel `v0` to `v1`.
 */
export function voice(
  rate: number,
  seed: number,
  opts: {
    len: number;
    f0: number;
    f1: number;
    v0: string;
    v1?: string;
    breath?: number;
    jitter?: number;
    attack?: number;
    decay?: number;
    shift?: number;
  },
): Float32Array {
  const rnd = mulberry32(seed);
  const n = Math.round(rate * opts.len);
  const out = new Float32Array(n);
  const va = VOWELS[opts.v0]!;
  const vb = VOWELS[opts.v1 ?? opts.v0]!;
  const shift = opts.shift ?? 1;
  const filters = [0, 1, 2].map(() => new Biquad(rate));
  const gains = [1, 0.6, 0.25];
  let phase = 0;
  let wobble = 0;
  for (let i = 0; i < n; i++) {
    const u = i / n;
    const t = i / rate;
    wobble += (rnd() * 2 - 1) * 0.02 - wobble * 0.01;
    const f =
      (opts.f0 + (opts.f1 - opts.f0) * u) * (1 + (opts.jitter ?? 0.02) * wobble * 10 + 0.012 * Math.sin(TAU * 5.5 * t));
    phase += f / rate;
    if (phase >= 1) phase -= 1;
    // glottal-ish pulse: a skewed sawtooth with a soft edge
    const src = (phase < 0.6 ? phase / 0.6 : 1 - (phase - 0.6) / 0.4) * 2 - 1 + (opts.breath ?? 0.15) * (rnd() * 2 - 1);
    let y = 0;
    for (let k = 0; k < 3; k++) {
      const fk = (va[k]! + (vb[k]! - va[k]!) * u) * shift;
      y += gains[k]! * filters[k]!.bandpass(fk, 6 + k * 2).step(src);
    }
    const attack = Math.min(1, t / (opts.attack ?? 0.03));
    const decay = Math.exp(-Math.max(0, t - (opts.attack ?? 0.03)) / ((opts.decay ?? 0.5) * opts.len));
    out[i] = y * attack * decay;
  }
  return fade(out, rate, 2, 25);
}

/** Sum of decaying sine partials (bells, chimes): `partials` = [ratio, gain, decay seconds]. */
export function partials(
  rate: number,
  len: number,
  f: number,
  list: readonly (readonly [number, number, number])[],
  startAt = 0,
): Float32Array {
  const n = Math.round(rate * len);
  const out = new Float32Array(n);
  const s = Math.round(startAt * rate);
  for (let i = s; i < n; i++) {
    const t = (i - s) / rate;
    let y = 0;
    for (const [ratio, gain, decay] of list) y += gain * Math.sin(TAU * f * ratio * t) * Math.exp(-t / decay);
    out[i] = y * Math.min(1, t / 0.002);
  }
  return out;
}

/** Adds `b` into `a` (in place, `b` may be shorter). */
export function mix(a: Float32Array, b: Float32Array, gain = 1): Float32Array {
  for (let i = 0; i < Math.min(a.length, b.length); i++) a[i] = a[i]! + gain * b[i]!;
  return a;
}

/** UI click: 12 ms of filtered noise plus a 2.4 kHz blip. */
export function click(rate: number, seed: number): Float32Array {
  const rnd = mulberry32(seed);
  const n = Math.round(rate * 0.045);
  const out = new Float32Array(n);
  const bp = new Biquad(rate).bandpass(2600, 1.5);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    out[i] = Math.exp(-t / 0.004) * bp.step(rnd() * 2 - 1) * 2 + 0.6 * Math.exp(-t / 0.008) * Math.sin(TAU * 2400 * t);
  }
  return out;
}

/** A rising (or falling) arpeggio of chime notes with a shimmering tremolo: spell/enchant sounds. */
export function arpeggio(rate: number, notes: readonly number[], step: number, len: number, shimmer = 9): Float32Array {
  const out = new Float32Array(Math.round(rate * len));
  notes.forEach((f, k) => {
    mix(
      out,
      partials(
        rate,
        len,
        f,
        [
          [1, 1, 0.35],
          [2, 0.35, 0.2],
          [3.01, 0.15, 0.12],
        ],
        k * step,
      ),
      0.8,
    );
  });
  for (let i = 0; i < out.length; i++)
    out[i] = out[i]! * (1 - 0.3 * (0.5 + 0.5 * Math.sin((TAU * shimmer * i) / rate)));
  return fade(out, rate, 1, 40);
}

/** Portal swirl: a band-passed noise sweep rising in pitch plus a slowly beating, trembling chord. */
export function portal(rate: number, seed: number, len: number, chord: readonly number[]): Float32Array {
  const rnd = mulberry32(seed);
  const n = Math.round(rate * len);
  const out = new Float32Array(n);
  const bp = new Biquad(rate);
  for (let i = 0; i < n; i++) {
    const u = i / n;
    const t = i / rate;
    bp.bandpass(300 + 2500 * u * u, 4);
    const env = Math.sin(Math.PI * u) ** 1.5;
    let tone = 0;
    for (const [k, f] of chord.entries())
      tone += Math.sin(TAU * f * t * (1 + 0.003 * Math.sin(TAU * (0.7 + k) * t))) / chord.length;
    out[i] = env * (1.5 * bp.step(rnd() * 2 - 1) + 0.5 * tone * (0.6 + 0.4 * Math.sin(TAU * 6 * t)));
  }
  return fade(out, rate, 5, 40);
}

/** Two buzzy descending tones (odd harmonics): an error "bonk". */
export function errorTone(rate: number): Float32Array {
  const out = new Float32Array(Math.round(rate * 0.32));
  for (const [start, f] of [
    [0, 330],
    [0.14, 247],
  ] as const) {
    mix(
      out,
      partials(
        rate,
        0.32,
        f,
        [
          [1, 1, 0.08],
          [3, 0.33, 0.06],
          [5, 0.2, 0.05],
          [7, 0.14, 0.04],
        ],
        start,
      ),
    );
  }
  return fade(out, rate);
}

/** Float → 16-bit little-endian PCM bytes (interleaving `channels` when more than one). */
export function toPcm16(channels: readonly Float32Array[]): Uint8Array {
  const frames = channels[0]!.length;
  const out = new Uint8Array(frames * channels.length * 2);
  const dv = new DataView(out.buffer);
  let o = 0;
  for (let i = 0; i < frames; i++) {
    for (const ch of channels) {
      dv.setInt16(o, Math.max(-32768, Math.min(32767, Math.round(ch[i]! * 32767))), true);
      o += 2;
    }
  }
  return out;
}

/** Float → 8-bit unsigned PCM (128 = silence; pitfalls #6). */
export function toPcm8(x: Float32Array): Uint8Array {
  const out = new Uint8Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(x[i]! * 127) + 128));
  return out;
}

/** Float → Int16Array (for the MP3 encoder). */
export function toInt16(x: Float32Array): Int16Array {
  const out = new Int16Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(x[i]! * 32767)));
  return out;
}

/** Prepends `n` samples of digital silence. */
export function padStart(x: Float32Array, n: number): Float32Array {
  const out = new Float32Array(x.length + n);
  out.set(x, n);
  return out;
}

/**
 * An ambient bed for the Region's ambient sets: seeded white noise through a moving band-pass
 * (centre swept by a slow LFO between `lo` and `hi` Hz) with a gentle amplitude swell, faded at
 * both ends. Wind: low, narrow; waterfall: wide and bright.
 */
export function ambientBed(
  rate: number,
  seed: number,
  opts: { len: number; lo: number; hi: number; q: number; lfoHz: number; swell: number },
): Float32Array {
  const rnd = mulberry32(seed);
  const n = Math.round(opts.len * rate);
  const out = new Float32Array(n);
  const f = new Biquad(rate);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const lfo = 0.5 + 0.5 * Math.sin(TAU * opts.lfoHz * t);
    if (i % 32 === 0) f.bandpass(opts.lo + (opts.hi - opts.lo) * lfo, opts.q);
    out[i] = f.step(rnd() * 2 - 1) * (1 - opts.swell + opts.swell * lfo);
  }
  return fade(out, rate, 120, 180);
}

/** Bird-like chirps for an intermittent ambient sound: `count` rising sine sweeps with vibrato. */
export function chirps(rate: number, seed: number, count: number, len: number): Float32Array {
  const rnd = mulberry32(seed);
  const out = new Float32Array(Math.round(len * rate));
  for (let c = 0; c < count; c++) {
    const start = Math.round(((c + 0.2 * rnd()) / count) * (out.length - 0.12 * rate));
    const dur = Math.round((0.06 + 0.05 * rnd()) * rate);
    const f0 = 2400 + 900 * rnd();
    let phase = 0;
    for (let i = 0; i < dur && start + i < out.length; i++) {
      const p = i / dur;
      phase += (TAU * (f0 * (1 + 0.35 * p) + 120 * Math.sin(TAU * 40 * (i / rate)))) / rate;
      out[start + i] = out[start + i]! + Math.sin(phase) * Math.sin(Math.PI * p) * 0.8;
    }
  }
  return fade(out, rate);
}
