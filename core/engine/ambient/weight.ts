/**
 * The weight a land cell gives its ambient set (`Ambient::CalcWeight`, MAG `PORTAL/sound/Ambient.c`,
 * acclient.c:383856; retail-engine §5.3; docs/ambient.md "Weights").
 */

/** `Ambient::ambient_sound_min_dist`, metres: full weight inside it. */
export const AMBIENT_MIN_DIST = 20;
/** `ambient_sound_min_dist_sq` = 20² m². */
export const AMBIENT_MIN_DIST_SQ = AMBIENT_MIN_DIST * AMBIENT_MIN_DIST;
/** `ambient_sound_max_dist`, metres: cells beyond it do not count at all. */
export const AMBIENT_MAX_DIST = 120;
/** `ambient_sound_max_dist_sq` = 120² m². */
export const AMBIENT_MAX_DIST_SQ = AMBIENT_MAX_DIST * AMBIENT_MAX_DIST;

/** A 3-D offset in metres (x east, y north, z up), as the client's float32 `Vector3`. */
export interface Offset3 {
  x: number;
  y: number;
  z: number;
}

/** The squared length the client compares, m²: the float32 sum of the float32 components' squares. */
export function offsetLengthSq(d: Offset3): number {
  const x = Math.fround(d.x);
  const y = Math.fround(d.y);
  const z = Math.fround(d.z);
  return Math.fround(x * x + y * y + z * z);
}

/**
 * A cell's weight from the listener-to-emitter offset (3-D, metres), as a float32:
 * - d² < 400 m² (closer than 20 m): 1;
 * - 400 ≤ d² ≤ 14400 m² (20 m to 120 m inclusive): 400 / d²;
 * - d² > 14400 m² (beyond 120 m): 0 (and `Ambient::AddSound` ignores the cell).
 *
 * Worked numbers: 19.9 m → 1; 20 m → 400/400 = 1; 40 m → 0.25; 120 m → 400/14400 =
 * 0.027777778 (float32); 120.1 m → 0.
 */
export function cellWeight(offset: Offset3): number {
  const d2 = offsetLengthSq(offset);
  if (d2 > AMBIENT_MAX_DIST_SQ) return 0;
  if (d2 < AMBIENT_MIN_DIST_SQ) return 1;
  return Math.fround(AMBIENT_MIN_DIST_SQ / d2);
}
