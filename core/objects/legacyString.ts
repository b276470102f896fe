/**
 * The legacy Pascal string of Region objects (client `AC1Legacy::PStringBase<char>`): u16 length
 * (0xFFFF → a u32 length follows), the bytes in code page 1252 with no terminator, then align4
 * from the object start. docs/formats/sound-sources.md "Region" (shared spec sound-sources §0.3).
 */
import type { ByteWriter, ObjectReader } from '../binary';

/** Code points of bytes 0x80–0x9F in Windows-1252; the five undefined bytes map to U+0080+b (as WHATWG does). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const CP1252_ENCODE = new Map<number, number>(CP1252_HIGH.map((cp, i) => [cp, 0x80 + i]));

/** Decodes Windows-1252 bytes. */
export function decodeCp1252(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b);
  return s;
}

/**
 * Encodes a string as Windows-1252 bytes.
 * @throws RangeError for a character code page 1252 cannot hold.
 */
export function encodeCp1252(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : CP1252_ENCODE.get(c);
    if (b === undefined) throw new RangeError(`'${s[i]}' (U+${c.toString(16).toUpperCase()}) is not in code page 1252`);
    out[i] = b;
  }
  return out;
}

/** Reads a legacy PString and the align4 after it. @throws ObjectFormatError on truncation. */
export function readLegacyString(r: ObjectReader, what: string): string {
  let len = r.u16(`${what} length`);
  if (len === 0xffff) len = r.u32(`${what} long length`);
  const s = decodeCp1252(r.take(len, what));
  r.align4(`${what} padding`);
  return s;
}

/** Writes a legacy PString (the u32 length form only when needed) and zero padding to 4. */
export function writeLegacyString(w: ByteWriter, s: string): void {
  const bytes = encodeCp1252(s);
  if (bytes.length >= 0xffff) {
    w.u16(0xffff);
    w.u32(bytes.length);
  } else {
    w.u16(bytes.length);
  }
  w.bytes(bytes);
  w.align4();
}

/** Smallest legacy PString on disk: the u16 length and two pad bytes. */
export const MIN_LEGACY_STRING = 4;
