/**
 * The details of the ambient scheduler that the research spec leaves open or that this project
 * had to decide, as data the UI can show (issue 8: "write the choice in docs/ and show it in the
 * UI"). docs/ambient.md explains each one; `source` says whether it is read from the client
 * (MAG's decompile, `Ambient.c` / `Random.c`) or is our choice.
 */
import { AMBIENT_MIN_INTERVAL } from './scheduler';
import { OCTANT_JITTER } from './emitter';

/** One decision: a short id, the rule in words, and where it comes from. */
export interface AmbientChoice {
  id: string;
  rule: string;
  source: 'client' | 'choice';
}

/** Degrees either side of an octant's heading that an intermittent sound may land (11.25). */
export const OCTANT_JITTER_DEG = ((OCTANT_JITTER / 2) * 180) / Math.PI;

export const AMBIENT_CHOICES: readonly AmbientChoice[] = [
  {
    id: 'draw-order',
    rule: 'Per intermittent deadline: ran2 play roll; if it plays, ran2 direction, ran2 jitter, ran2 radius, then the engine (ran2 variant, crtRand gate); then ran2 re-queue interval (none when min_rate = max_rate). Continuous: the engine draws only.',
    source: 'client',
  },
  {
    id: 'octant-jitter',
    rule: `Heading = the octant's heading + RollDice(0, π/8) − π/16, i.e. ±${OCTANT_JITTER_DEG.toFixed(2)}° (constant 0.39269909 as a public reading of the decompile's data gives it).`,
    source: 'client',
  },
  {
    id: 'octants',
    rule: 'A cell closer than √200 ≈ 14.14 m registers all eight octants at 4–10 m; others register their octant (N/S/E/W when one axis is over twice the other) at their distance ± 10 m, ranges merged per octant.',
    source: 'client',
  },
  {
    id: 'radius',
    rule: 'Radius = min + (max − min)·u², u = ran2: biased towards the near end of the octant range.',
    source: 'client',
  },
  {
    id: 'continuous-centre',
    rule: 'Continuous sounds have no position: they play from the centre (path 6: distance 0, pan 0); bearing is null in their events.',
    source: 'client',
  },
  {
    id: 'frame-clock',
    rule: `Deadlines are processed at their exact time (an ideal frame clock), strictly before the time advanced to; an interval ≤ 0 re-fires after ${AMBIENT_MIN_INTERVAL.toFixed(4)} s (one 1/30 s frame).`,
    source: 'choice',
  },
  {
    id: 'ties',
    rule: 'Equal deadlines leave the queue in the order they were queued.',
    source: 'choice',
  },
  {
    id: 'cell-order',
    rule: 'Cells register landblock by landblock in row order (north-west first), x-major inside a landblock; a rebuild plays unqueued sounds in first-registration order.',
    source: 'choice',
  },
  {
    id: 'flat-ring',
    rule: 'The ring is flat (height 0) and the listener stands on it, so 3-D distances are horizontal; the listener may stand anywhere in the ring, but only the middle landblock sees every cell within 120 m.',
    source: 'choice',
  },
  {
    id: 'disabled',
    rule: 'While ambient sounds are disabled no deadline fires (held ones fire when re-enabled) and a rebuild registers nothing, as in the client.',
    source: 'client',
  },
];
