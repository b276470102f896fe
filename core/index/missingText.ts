/** The one wording of a part of a Wave or SoundTable range walk lost with a truncated file's tail. */
import type { MissingSubtree } from '../dat';
import { hex8 } from '../errors';

/**
 * The warning for a part of a kind's range walk lost with the missing tail of a truncated file:
 * `Waves 0x0A000062–0x0A000070 cannot be listed: <the error>`, the ids of `range` it could hold.
 * The one wording of the index (./DatIndex.ts) and of the dat info (node/service/datInfo.ts).
 */
export function missingText(kind: string, range: { min: number; max: number }, m: MissingSubtree): string {
  const first = Math.max(m.after === null ? range.min : m.after + 1, range.min);
  const last = Math.min(m.before === null ? range.max : m.before - 1, range.max);
  return `${kind} ${hex8(first)}–${hex8(last)} cannot be listed: ${m.error.message}`;
}
