/**
 * `Random::RollDice(float lower, float upper)` (MAG `PORTAL/random/Random.c`, acclient.c:105531),
 * the client's uniform draw over a range on top of `ran2` (retail-engine "Project decisions" 7).
 * Every ambient timing and placement draw goes through it (retail-engine §5.3; docs/ambient.md).
 */
import type { RandomSources } from '../random';

/**
 * A uniform value between two float32 bounds, as the client rolls it:
 * - `lower == upper` → `lower`, **with no ran2 draw** (so a sound with min_rate = max_rate
 *   consumes nothing when it re-queues);
 * - otherwise the bounds are ordered and the result is `ran2() · (hi − lo) + lo` in doubles,
 *   so it lies in (lo, lo + 0.99999988·(hi − lo)].
 *
 * Worked numbers: RollDice(10, 30) with ran2 = 0.5 → 20; RollDice(30, 10) with 0.25 → 15;
 * RollDice(3, 3) → 3 and the stream is untouched.
 *
 * @param random the ran2 stream (crtRand is never drawn)
 * @param lower one bound (read as float32, as the client's parameters are)
 * @param upper the other bound (float32)
 */
export function rollDice(random: RandomSources, lower: number, upper: number): number {
  const a = Math.fround(lower);
  const b = Math.fround(upper);
  if (a === b) return a;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return random.ran2() * (hi - lo) + lo;
}
