/**
 * Counted lists (a u32 count, then the records), the pattern of every object in
 * docs/formats/sound-sources.md: a count is checked against the bytes that remain — at the
 * smallest size a record can have — before anything is allocated, so a corrupt count fails with
 * a clear error instead of a huge allocation or a long loop.
 */
import type { ByteWriter, ObjectReader, Token } from '../binary';

/**
 * Throws unless `n` records of at least `minSize` bytes each fit in what remains. `countAt` is
 * the offset of the count (where the error points).
 * @throws ObjectFormatError "<what> count N needs at least M bytes, R remain".
 */
export function checkCount(r: ObjectReader, n: number, minSize: number, what: string, countAt = r.pos): void {
  if (n * minSize > r.remaining) {
    throw r.error(`${what} count ${n} needs at least ${n * minSize} bytes, ${r.remaining} remain`, countAt);
  }
}

/** Reads `n` fixed records (bounds checked once for all of them). */
export function readArray<T>(r: ObjectReader, token: Token<T>, n: number, what: string): T[] {
  checkCount(r, n, token.len, what);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(r.token(token, `${what} ${i}`));
  return out;
}

/** Reads a u32 count, then that many fixed records. */
export function readList<T>(r: ObjectReader, token: Token<T>, what: string): T[] {
  const at = r.pos;
  const n = r.u32(`${what} count`);
  checkCount(r, n, token.len, what, at);
  return readArray(r, token, n, what);
}

/**
 * Reads a u32 count, then that many variable records with `readOne(i)`; `minSize` is the
 * smallest record (bytes) used for the count check.
 */
export function readRecords<T>(r: ObjectReader, minSize: number, what: string, readOne: (i: number) => T): T[] {
  const at = r.pos;
  const n = r.u32(`${what} count`);
  checkCount(r, n, minSize, what, at);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(readOne(i));
  return out;
}

/** Writes a u32 count and the fixed records (symmetric with {@link readList}). */
export function writeList<T>(w: ByteWriter, token: Token<T>, items: readonly T[]): void {
  w.u32(items.length);
  for (const x of items) w.token(token, x);
}

/** Writes a u32 count and each record with `writeOne` (symmetric with {@link readRecords}). */
export function writeRecords<T>(w: ByteWriter, items: readonly T[], writeOne: (x: T, i: number) => void): void {
  w.u32(items.length);
  items.forEach(writeOne);
}
