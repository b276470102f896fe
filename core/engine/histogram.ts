/**
 * "Roll N times" (issue 3 §2): repeats one play request with the same random streams and counts
 * the outcomes (which row, how often silent and why). No voice pool: each roll is independent.
 */
import { decide } from './decide';
import type { RandomSources } from './random';
import type { EngineMode, PlayDecision, PlayRequest, SkipReason, SoundPath } from './types';
import { unreachableInRetail } from './variant';

/** Counts of {@link rollHistogram}. */
export interface RollHistogram {
  times: number;
  /** Plays per row index (length = number of rows; empty for wave paths). */
  playedByRow: number[];
  /** Plays on wave paths (no rows) or in total. */
  played: number;
  /** Skips per reason. */
  skipped: Record<SkipReason, number>;
  /** Silent rolls in total (the sum of `skipped`). */
  silent: number;
  /** The mode the request was decided in (`request.mode`, default retail). */
  mode: EngineMode;
  /** The request's path. */
  path: SoundPath;
  /** Per row: retail can never pick it ({@link unreachableInRetail}: the last of n ≥ 2), whatever `mode`. */
  unreachableInRetail: boolean[];
}

/** The fixed display order of the silent reasons (the UI's and the CLI's histogram lines). */
export const SKIP_REASON_ORDER: readonly SkipReason[] = [
  'probability',
  'inaudible',
  'disabled',
  'inactive',
  'no-voice',
  'missing-sound-type',
  'missing-wave',
  'cannot-play',
];

/**
 * Runs `decide(request, random)` `times` times and counts the outcomes. `onRoll` sees each
 * decision (e.g. to print the JSON lines of `acsound play-table`).
 */
export function rollHistogram(
  request: PlayRequest,
  random: RandomSources,
  times: number,
  onRoll?: (decision: PlayDecision, index: number) => void,
): RollHistogram {
  const n = request.rows?.length ?? 0;
  const h: RollHistogram = {
    times: 0,
    playedByRow: new Array<number>(n).fill(0),
    played: 0,
    skipped: {
      disabled: 0,
      inactive: 0,
      probability: 0,
      inaudible: 0,
      'no-voice': 0,
      'missing-sound-type': 0,
      'missing-wave': 0,
      'cannot-play': 0,
    },
    silent: 0,
    mode: request.mode ?? 'retail',
    path: request.path,
    unreachableInRetail: Array.from({ length: n }, (_, i) => unreachableInRetail(n, i)),
  };
  for (let i = 0; i < times; i++) {
    const d = decide(request, random);
    h.times++;
    if (d.played) {
      h.played++;
      if (d.variantIndex !== null && d.variantIndex < n)
        h.playedByRow[d.variantIndex] = (h.playedByRow[d.variantIndex] ?? 0) + 1;
    } else if (d.reason) {
      h.skipped[d.reason]++;
      h.silent++;
    }
    onRoll?.(d, i);
  }
  return h;
}
