/**
 * `SoundManager::GetAttenuation` (retail-engine "Project decisions" 2, §3.3, §4b, §4c).
 * Distances in metres, gains linear, dB as integers.
 */

/** The −50 dB floor (`SoundManager::VOL_MIN`): a quieter sound is not allocated a voice. */
export const VOL_MIN_DB = -50;

/** Inside this distance (metres) there is no falloff (`sqrt(VOL_MIN_DIST_SQ)`). */
export const MIN_DISTANCE = 5;

/** `VOL_MIN_DIST_SQ` = 5·5, the falloff numerator. */
export const MIN_DISTANCE_SQ = 25;

/** The client's dB-per-octave constant, a 64-bit double (a hair above 20·log10 2). */
export const DB_PER_OCTAVE = 6.0206;

/**
 * The smallest audible gain: audible ⇔ ceil(log2(g)·6.0206) ≥ −50 ⇔ g > 2^(−51/6.0206)
 * ≈ 0.0028183832 (§4b).
 */
export const G_MIN = 2 ** (-51 / DB_PER_OCTAVE);

/** The result of {@link attenuate}. */
export interface Attenuation {
  /** The linear gain after falloff, clamp and slider; null when it is NaN. */
  g: number | null;
  /** `ceil(log2(g)·6.0206)` before the −50 floor test; null when g ≤ 0 or NaN. */
  rawDb: number | null;
  /** The integer dB handed on (−50..0), or null when inaudible. */
  dB: number | null;
  audible: boolean;
}

/** Turns −0 into 0 (so results compare and print cleanly). */
export function noNegZero(x: number): number {
  return x + 0;
}

/**
 * GetAttenuation (spec decision 2, §3.3): `g = d < 5 ? v : 25·v/d²`; `g = min(g, 1)` (the clamp
 * comes *before* the slider, §4c); `g *= slider`; `g ≤ 0` or NaN → inaudible;
 * `dB = ceil(log2(g)·6.0206)`; `dB < −50` → inaudible.
 *
 * Inputs are float32 in the client (`float distance, float volume`, float sliders), so each is
 * rounded with `Math.fround` first; the arithmetic is in doubles, as on the x87.
 *
 * @param distance metres (≥ 0); the centre and interface paths pass 0
 * @param volume the path's volume argument V (row, hook, wire, slider or ambient product)
 * @param slider the slider S applied inside attenuation (effect, ambient or interface), 0..1
 */
export function attenuate(distance: number, volume: number, slider: number): Attenuation {
  const d = Math.fround(distance);
  const v = Math.fround(volume);
  const s = Math.fround(slider);
  let g = d < MIN_DISTANCE ? v : (MIN_DISTANCE_SQ * v) / (d * d);
  if (g > 1) g = 1;
  g *= s;
  if (Number.isNaN(g)) return { g: null, rawDb: null, dB: null, audible: false };
  if (!(g > 0)) return { g: noNegZero(g), rawDb: null, dB: null, audible: false };
  const rawDb = noNegZero(Math.ceil(Math.log2(g) * DB_PER_OCTAVE));
  const audible = rawDb >= VOL_MIN_DB;
  return { g, rawDb, dB: audible ? rawDb : null, audible };
}

/**
 * The integer dB for a final gain g (`ceil(log2(g)·6.0206)`), or null when g ≤ 0, NaN, or the
 * result is below −50 (inaudible). Handy for drawing the falloff curve.
 */
export function gainToRetailDb(g: number): number | null {
  if (!(g > 0)) return null;
  const dB = noNegZero(Math.ceil(Math.log2(g) * DB_PER_OCTAVE));
  return dB >= VOL_MIN_DB ? dB : null;
}

/**
 * The audible radius in metres (§4b): a sound is audible iff distance < R, with
 * `R = 5·sqrt(v·m / G_MIN)` (= 94.18245·sqrt(v·m)) when `min(v, 1)·m > G_MIN`, and R = 0 when it is
 * inaudible at every distance (including a slider of 0).
 *
 * On ambient paths in retail mode pass `v = ambient slider × descriptor volume` and
 * `m = ambient slider` (the double application, §4b); decide.ts's `pathLevels` does this.
 *
 * @param volume v, the path's volume argument
 * @param slider m, the slider applied inside attenuation, 0..1
 */
export function audibleRadius(volume: number, slider: number): number {
  const v = Math.fround(volume);
  const m = Math.fround(slider);
  if (!(Math.min(v, 1) * m > G_MIN)) return 0;
  return MIN_DISTANCE * Math.sqrt((v * m) / G_MIN);
}
