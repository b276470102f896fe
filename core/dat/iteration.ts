/**
 * The iteration record 0xFFFF0001 (dat-format §3.5): `i32 current`, then `(i32 run, i32 start)`
 * pairs read while `current + Σ runs > 0` (runs are negative). EoR portal: current 2072, one pair
 * (−2072, 1), 12 bytes. The record has no leading object id.
 */
import { DatFormatError } from '../errors';
import { ITERATION_ID } from './ranges';

/** The decoded record. */
export interface IterationRecord {
  /** The current iteration (2072 in the EoR portal dat). */
  current: number;
  /** `(run, start)` pairs as stored. */
  runs: { run: number; start: number }[];
}

const WHAT = 'iteration record 0xFFFF0001';

/**
 * Parses the record, bounding every pair by the record's size.
 * @throws DatFormatError when the record is shorter than 4 bytes, `current` is negative, a run is
 *   not negative, or the bytes end before the running sum reaches 0. Trailing bytes after the
 *   last pair are tolerated.
 */
export function parseIterationRecord(bytes: Uint8Array): IterationRecord {
  if (bytes.length < 4) throw new DatFormatError(WHAT, null, `is ${bytes.length} bytes, too short`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const current = dv.getInt32(0, true);
  if (current < 0) throw new DatFormatError(WHAT, null, `has a negative current iteration ${current}`);
  const runs: { run: number; start: number }[] = [];
  let sum = current;
  let off = 4;
  while (sum > 0) {
    if (off + 8 > bytes.length) {
      throw new DatFormatError(WHAT, null, `ends after ${bytes.length} bytes with ${sum} iterations not accounted for`);
    }
    const run = dv.getInt32(off, true);
    const start = dv.getInt32(off + 4, true);
    if (run >= 0) throw new DatFormatError(WHAT, null, `has a non-negative run ${run} at record offset ${off}`);
    runs.push({ run, start });
    sum += run;
    off += 8;
  }
  return { current, runs };
}

/** Encodes a record for iteration `current`: `current` then the single pair (−current, 1) when `current > 0`. */
export function encodeIterationRecord(current: number): Uint8Array {
  if (!Number.isInteger(current) || current < 0 || current > 0x7fffffff) throw new RangeError(`invalid iteration ${current}`);
  const out = new Uint8Array(current > 0 ? 12 : 4);
  const dv = new DataView(out.buffer);
  dv.setInt32(0, current, true);
  if (current > 0) {
    dv.setInt32(4, -current, true);
    dv.setInt32(8, 1, true);
  }
  return out;
}

export { ITERATION_ID };
