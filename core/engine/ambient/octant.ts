/**
 * The direction a land cell lies in, seen from the listener (`Ambient::CalcDir`, acclient.c:383879),
 * and the compass heading of each direction (`LandDefs::heading`, acclient.c:467341). An
 * intermittent sound is later placed in one of the directions its cells registered
 * (retail-engine §5.3; docs/ambient.md "Octants").
 */
import { AMBIENT_MIN_DIST_SQ } from './weight';

/**
 * `LandDefs::Direction`: 0 = the cell is at the listener (within √200 ≈ 14.14 m horizontally),
 * 1–8 the compass octants. The values are the client's.
 */
export const Octant = {
  AtViewer: 0,
  North: 1,
  South: 2,
  East: 3,
  West: 4,
  NorthWest: 5,
  SouthWest: 6,
  NorthEast: 7,
  SouthEast: 8,
} as const;
export type Octant = (typeof Octant)[keyof typeof Octant];

/** Display names, index = {@link Octant} value. */
export const OCTANT_NAMES: readonly string[] = ['at viewer', 'N', 'S', 'E', 'W', 'NW', 'SW', 'NE', 'SE'];

/** The client's "too small to divide" threshold in `CalcDir` (float 0.00019999999). */
const TINY = Math.fround(0.00019999999);

/**
 * The octant of a horizontal offset (metres, x east, y north, listener → cell; z is ignored):
 * - x² + y² < 200 m² (half the 20 m weight radius squared): {@link Octant.AtViewer};
 * - |y|/|x| > 2 (or |x| ≈ 0): North (y ≥ 0) or South;
 * - else |x|/|y| > 2 (or |y| ≈ 0): East (x ≥ 0) or West;
 * - else the diagonal of the signs: NW, SW, NE, SE.
 * So the sectors are not 45° wide: N/S/E/W cover ±26.57° (atan ½) around their axis, the
 * diagonals the 36.87° between.
 *
 * Worked numbers: (0, 24) → North; (24, 24) → NorthEast; (48, 20) → East (ratio 2.4);
 * (9, 9) → AtViewer (162 m²); (10, 10) → NorthEast (200 m² is not below 200 m²).
 */
export function octantOf(dx: number, dy: number): Octant {
  const x = Math.fround(dx);
  const y = Math.fround(dy);
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (AMBIENT_MIN_DIST_SQ * 0.5 > y * y + x * x) return Octant.AtViewer;
  if (ax < TINY || ay / ax > 2) return y < 0 ? Octant.South : Octant.North;
  if (ay < TINY || ax / ay > 2) return x < 0 ? Octant.West : Octant.East;
  if (x < 0) return y < 0 ? Octant.SouthWest : Octant.NorthWest;
  return y < 0 ? Octant.SouthEast : Octant.NorthEast;
}

/**
 * The compass heading of an octant in radians (0 = north, clockwise; `LandDefs::heading`, float32
 * constants): N 0, NE π/4, E π/2, SE 3π/4, S π, SW 5π/4, W 3π/2, NW 7π/4; AtViewer 0.
 */
export function octantHeading(dir: Octant): number {
  switch (dir) {
    case Octant.South:
      return Math.fround(3.1415927);
    case Octant.East:
      return Math.fround(1.5707964);
    case Octant.West:
      return Math.fround(4.712389);
    case Octant.NorthEast:
      return Math.fround(0.78539819);
    case Octant.SouthEast:
      return Math.fround(2.3561945);
    case Octant.SouthWest:
      return Math.fround(3.9269907);
    case Octant.NorthWest:
      return Math.fround(5.497787);
    default:
      return 0;
  }
}

/**
 * The order in which a cell at the viewer registers all eight directions (`IntermitSound::AddTo`
 * with direction 0): N, S, E, W, NW, NE, SW, SE — each with the range [4 m, 10 m].
 */
export const AT_VIEWER_ORDER: readonly Octant[] = [
  Octant.North,
  Octant.South,
  Octant.East,
  Octant.West,
  Octant.NorthWest,
  Octant.NorthEast,
  Octant.SouthWest,
  Octant.SouthEast,
];

/** Half of `ambient_sound_min_dist`: a cell's range is its distance ± 10 m; also the at-viewer range's far end. */
export const OCTANT_HALF_SPAN = 10;
/** The near end of the at-viewer range, metres (the client's `5.0 − 1.0`). */
export const AT_VIEWER_MIN = 4;
