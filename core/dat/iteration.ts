/**
 * The iteration record 0xFFFF0001 (docs/formats/dat.md §3.5), read and written with the one cursor: `i32 current`, then `(i32 run, i32 start)`
 * pairs read while `current + Σ runs > 0` (runs are negative). EoR portal: current 2072, one pair
 * (−2072, 1), 12 bytes. The record has no leading object id.
 */
import { ByteWriter, ObjectReader } from '../binary/cursor';
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
  const r = new ObjectReader(
    bytes,
    ITERATION_ID,
    (offset, problem) => new DatFormatError(WHAT, null, `${problem} (record offset ${offset})`),
  );
  if (bytes.length < 4) throw new DatFormatError(WHAT, null, `is ${bytes.length} bytes, too short`);
  const current = r.i32('current iteration');
  if (current < 0) throw new DatFormatError(WHAT, null, `has a negative current iteration ${current}`);
  const runs: { run: number; start: number }[] = [];
  let sum = current;
  while (sum > 0) {
    if (r.remaining < 8) {
      throw new DatFormatError(WHAT, null, `ends after ${bytes.length} bytes with ${sum} iterations not accounted for`);
    }
    const off = r.pos;
    const run = r.i32('run');
    const start = r.i32('start');
    if (run >= 0) throw new DatFormatError(WHAT, null, `has a non-negative run ${run} at record offset ${off}`);
    runs.push({ run, start });
    sum += run;
  }
  return { current, runs };
}

/** Encodes a record for iteration `current`: `current` then the single pair (−current, 1) when `current > 0`. */
export function encodeIterationRecord(current: number): Uint8Array {
  if (!Number.isInteger(current) || current < 0 || current > 0x7fffffff)
    throw new RangeError(`invalid iteration ${current}`);
  const w = new ByteWriter(12);
  w.i32(current);
  if (current > 0) {
    w.i32(-current);
    w.i32(1);
  }
  return w.finish();
}

export { ITERATION_ID };
