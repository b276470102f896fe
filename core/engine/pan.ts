/**
 * The pan of the positional step (retail-engine "Project decisions" 3, §3.2, §4e).
 * Angles in degrees, distance in metres, pan in whole dB (−15..+15, positive = right).
 */
import type { Placement } from './types';

/** The client's degrees-to-radians constant: the float32 0.017453292 (just below π/180), used in doubles. */
export const DEG2RAD_F32 = Math.fround(0.017453292);

/** The largest |pan| (`SoundBuf::Play` clamps to ±15). */
export const PAN_LIMIT = 15;

/** Below this truncated distance (metres) the pan is 0 (the dead zone). */
export const PAN_MIN_DISTANCE = 5;

/** Turns −0 into 0. */
function noNegZero(x: number): number {
  return x + 0;
}

/**
 * The normalised angle `delta` in degrees (§3.2 step 3): `fmod(x, 360)`, then `> 180 → − 360`,
 * where x = `headingSourceToListener − listenerHeading` in the native form, or `θ + 180` in the
 * UI bearing form (θ clockwise from the listener's facing, right = +90). fmod keeps the sign of
 * x, so the result lies in (−360, 180].
 */
export function panDelta(placement: Placement): number {
  const x =
    'bearingDeg' in placement
      ? placement.bearingDeg + 180
      : Math.fround(placement.headingSourceToListener) - Math.fround(placement.listenerHeading);
  let delta = x % 360;
  if (delta > 180) delta -= 360;
  return noNegZero(delta);
}

/** The result of {@link computePan}. */
export interface PanResult {
  /** Integer pan in whole dB, −15..+15 (in practice −14..+14); positive = right. */
  pan: number;
  /** The normalised delta in degrees (null when mono: the client does not compute it). */
  delta: number | null;
  /** Why the pan is forced to 0, if it is. */
  forcedZero: 'mono' | 'dead-zone' | null;
}

/**
 * Pan (spec decision 3): 0 in mono or when `trunc(distance) < 5`; otherwise
 * `trunc(sin(delta · fround(0.017453292)) · −15)`, clamped to ±15. So θ = +90° gives +14 (not 15),
 * +30° gives +7, 64.158° gives 13; the native form (270, 0) gives +14.
 *
 * @param placement distance in metres plus bearing θ or native compass headings (degrees)
 * @param mono true = Sound Features "Mono"
 */
export function computePan(placement: Placement, mono: boolean): PanResult {
  if (mono) return { pan: 0, delta: null, forcedZero: 'mono' };
  const delta = panDelta(placement);
  if (Math.abs(Math.trunc(Math.fround(placement.distance))) < PAN_MIN_DISTANCE) {
    return { pan: 0, delta, forcedZero: 'dead-zone' };
  }
  let pan = Math.trunc(Math.sin(delta * DEG2RAD_F32) * -PAN_LIMIT);
  if (pan > PAN_LIMIT) pan = PAN_LIMIT;
  if (pan < -PAN_LIMIT) pan = -PAN_LIMIT;
  return { pan: noNegZero(pan), delta, forcedZero: null };
}

/** Shorthand: the pan for a distance (m) and UI bearing θ (degrees), stereo. */
export function panForBearing(distance: number, bearingDeg: number, mono = false): number {
  return computePan({ distance, bearingDeg }, mono).pan;
}
