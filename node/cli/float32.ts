/**
 * Printing float32 values read from the dat.
 *
 * A SoundTable float such as 0.7 is stored as the float32 nearest to 0.7, which as a JS number
 * (float64) is 0.699999988079071. JSON.stringify would print those 15+ digits. The CLI prints the
 * SHORTEST decimal that reads back as the same float32 instead: for p = 1..9, the first
 * `x.toPrecision(p)` whose `Math.fround` equals x (9 significant digits always round-trip a
 * float32). So 0.699999988079071 → 0.7, 1 → 1, 0.30000001192092896 → 0.3. The printed decimal
 * denotes the same float32 exactly: `Math.fround(printed) === stored`.
 */

/**
 * The answers so far: a dat's SoundTables repeat a few hundred distinct floats across thousands
 * of entries, and each miss costs up to nine `toPrecision` calls (issue #9: `list --json`).
 */
const shortest = new Map<number, number>();
const MAX_REMEMBERED = 65536;

/**
 * The shortest decimal (as a JS number) that rounds to the same float32 as `x`.
 * Values that are not float32 (`Math.fround(x) !== x`), NaN and ±Infinity are returned unchanged
 * (JSON prints NaN and Infinity as null). −0 becomes 0.
 */
export function shortestFloat32(x: number): number {
  if (!Number.isFinite(x) || Math.fround(x) !== x) return x;
  if (x === 0) return 0;
  const known = shortest.get(x);
  if (known !== undefined) return known;
  let found = x;
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(x.toPrecision(p));
    if (Math.fround(candidate) === x) {
      found = candidate;
      break;
    }
  }
  if (shortest.size < MAX_REMEMBERED) shortest.set(x, found);
  return found;
}
