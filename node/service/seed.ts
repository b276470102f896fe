/**
 * The seed argument of the service's methods (getTimeline's `seed`, exportSoundscape's `seed`):
 * one rule at every door, core/engine `seedProblem` — a whole number in `SEED_RANGE`
 * (0…4294967295; core/engine/random.ts). The CLI's `--seed` and the Soundscape's settings use the
 * same test.
 */
import { seedProblem, SEED_RANGE } from '../../core/engine/random';
import { RequestError } from '../errors';

/**
 * `v` when it is a seed.
 * @throws RequestError (EINVAL; the host's 400) naming the method, the argument and the range:
 *   `getTimeline: seed must be a whole number 0…4294967295, got -1`
 */
export function checkSeed(method: string, v: unknown): number {
  if (typeof v !== 'number' || seedProblem(v) !== null)
    throw new RequestError(
      `${method}: seed must be a whole number ${SEED_RANGE.min}…${SEED_RANGE.max}, got ${typeof v === 'number' ? String(v) : JSON.stringify(v)}`,
    );
  return v;
}
