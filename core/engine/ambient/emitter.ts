/**
 * Where an intermittent ambient sound plays (`IntermitSound::GetSoundPos`, MAG
 * `PORTAL/sound/Ambient.c`, acclient.c:384211; retail-engine §5.3; docs/ambient.md "Placement").
 * Continuous sounds have no position: they play from the centre (path 6).
 */
import type { RandomSources } from '../random';
import type { DirectionRange } from './registry';
import { type Octant, octantHeading } from './octant';
import { rollDice } from './rollDice';

/**
 * The width of the heading jitter around an octant, radians: the client's `upper_bound` float
 * 0.39269909 (π/8), so the heading is the octant's ± π/16 (± 11.25°). [M]: the constant is read
 * from the decompile's data (acclient.c:45651) by a public port, not re-read here.
 */
export const OCTANT_JITTER = Math.fround(0.39269909);

/** A placed emitter, ring metres, with the three draws that placed it. */
export interface EmitterPlacement {
  x: number;
  y: number;
  /** Index into the sound's directions (the first draw, floored). */
  directionIndex: number;
  dir: Octant;
  /** The heading from the listener, radians (0 = north, clockwise), jitter included. */
  heading: number;
  /** The jitter draw, radians in (0, π/8]; the heading is octant + jitter − π/16. */
  jitter: number;
  /** The distance from the listener drawn in [min, max], metres. */
  radius: number;
  /** The ran2 value u of the radius draw: radius = min + (max − min)·u². */
  radiusRoll: number;
}

/**
 * Places an intermittent sound around the listener with three ran2 draws, in the client's order:
 * 1. direction index = floor(RollDice(0, n)) over the sound's n registered directions;
 * 2. heading = octantHeading(dir) + RollDice(0, π/8) − π/16 (float32);
 * 3. u = RollDice(0, 1), radius = u·((max − min)·u) + min — biased towards the near end;
 * then x = listener.x + sin(heading)·radius, y = listener.y + cos(heading)·radius (float32);
 * the height stays the listener's.
 *
 * Worked numbers: directions [{N, 4, 10}], draws 0.5, 0.5, 0.5 → index 0, heading 0 (north),
 * radius 4 + 6·0.25 = 5.5 → 5.5 m due north of the listener.
 *
 * @throws RangeError when the sound has no registered direction (it could not be heard)
 */
export function placeEmitter(
  random: RandomSources,
  directions: readonly DirectionRange[],
  listener: { x: number; y: number },
): EmitterPlacement {
  if (directions.length === 0) throw new RangeError('placeEmitter: the sound has no registered direction');
  const n = directions.length;
  const directionIndex = Math.min(n - 1, Math.floor(rollDice(random, 0, Math.fround(n))));
  const range = directions[directionIndex]!;
  const jitter = Math.fround(rollDice(random, 0, OCTANT_JITTER));
  const heading = Math.fround(octantHeading(range.dir) + jitter - OCTANT_JITTER * 0.5);
  const u = rollDice(random, 0, 1);
  const radius = u * ((range.max - range.min) * u) + range.min;
  const sx = Math.fround(Math.sin(heading) * radius);
  const sy = Math.fround(radius * Math.cos(heading));
  return {
    x: Math.fround(sx + listener.x),
    y: Math.fround(sy + listener.y),
    directionIndex,
    dir: range.dir,
    heading,
    jitter,
    radius,
    radiusRoll: u,
  };
}
