/**
 * Variant pick and probability gate (retail-engine "Project decisions" 1, §4a; §6.4).
 */
import type { EngineMode } from './types';

/** The gate's scale: the float32 1/32767 (3.0518509e−5) that `PlayProbability` multiplies by. */
export const GATE_SCALE = Math.fround(1 / 32767);

/**
 * The row index for a sound type with `n` rows and a ran2 roll `u` ∈ (0, 0.99999988] (§4a):
 * - retail: `trunc((n − 1)·u)`; the last row is unreachable for n ≥ 2 (n = 2 always gives 0);
 * - authored: `trunc(n·u)`, clamped to n − 1.
 *
 * n = 1 gives 0 in both modes; n = 0 gives null (nothing to play: "missing-sound-type"). The client
 * draws `u` whenever n ≥ 1, so callers should draw it before calling this (decide does).
 */
export function variantIndex(n: number, u: number, mode: EngineMode): number | null {
  if (!(n >= 1)) return null;
  const idx = Math.trunc((mode === 'retail' ? n - 1 : n) * u);
  return Math.min(Math.max(idx, 0), n - 1);
}

/**
 * Whether row `i` of a sound type with `n` rows can never be chosen in retail mode: retail picks
 * `trunc((n − 1)·u)` with u ≤ 0.99999988 ({@link variantIndex}), so the last row (i = n − 1) is
 * unreachable whenever n ≥ 2; every row is reachable in authored mode. n = 1: row 0 is reachable.
 */
export function unreachableInRetail(n: number, i: number): boolean {
  return n >= 2 && i === n - 1;
}

/**
 * The probability gate (`PlayProbability`, §4a): plays iff `k · fround(1/32767) < p`, with k the
 * CRT rand() roll (0..32767) and p the float32 probability. p = 1 always plays (even at
 * k = 32767); p = 0.5 plays iff k ≤ 16383; p = 0.05 iff k ≤ 1638; p = 0 never.
 */
export function gatePasses(k: number, probability: number): boolean {
  return k * GATE_SCALE < Math.fround(probability);
}

/** P(play) of the gate for a probability p: #{k ∈ 0..32767 : gate passes} / 32768. */
export function gateChance(probability: number): number {
  let count = 0;
  for (let k = 0; k <= 32767; k++) if (gatePasses(k, probability)) count++;
  return count / 32768;
}
