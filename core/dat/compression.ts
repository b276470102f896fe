/**
 * Compressed entries (docs/formats/dat.md §3.4): stored bytes are `u32 uncompressed length` followed by a
 * zlib (RFC 1950) stream. Uses fflate (pure JS, platform-free).
 */
import { unzlibSync, zlibSync } from 'fflate';
import { getToken } from '../binary/token';
import { DatFormatError, hex8 } from '../errors';
import { CompressedLengthToken } from './DatTokens';

/** Largest uncompressed length accepted (256 MiB). */
export const MAX_UNCOMPRESSED_SIZE = 256 * 1024 * 1024;
/** Deflate cannot expand more than ~1032:1; anything claiming more is corrupt (checked before allocating). */
const MAX_RATIO = 1100;

/**
 * Inflates a compressed record.
 *
 * Checks, in order: the record holds the 4-byte prefix and a zlib header; the declared length is
 * ≤ 256 MiB and plausible for the stream's size; the stream inflates (into a buffer of
 * `declared + 1` bytes, so nothing larger is ever allocated); the output length equals the
 * declared length; the zlib Adler-32 trailer matches.
 *
 * @param stored the entry's stored bytes (`entry.size` of them)
 * @param id the entry id, for error messages
 * @returns the uncompressed object bytes
 * @throws DatFormatError (structure `compressed entry 0x…`) on any failed check
 */
export function inflateRecord(stored: Uint8Array, id: number): Uint8Array {
  const what = `compressed entry ${hex8(id)}`;
  if (stored.length < 4 + 2 + 4) {
    throw new DatFormatError(what, null, `is ${stored.length} bytes, too short for a length prefix and a zlib stream`);
  }
  const declared = getToken(CompressedLengthToken, stored);
  const stream = stored.subarray(4);
  if (declared > MAX_UNCOMPRESSED_SIZE) {
    throw new DatFormatError(
      what,
      null,
      `declares an absurd uncompressed length of ${declared} bytes (limit ${MAX_UNCOMPRESSED_SIZE})`,
    );
  }
  if (declared > stream.length * MAX_RATIO + 64) {
    throw new DatFormatError(
      what,
      null,
      `declares ${declared} bytes, impossible for a ${stream.length}-byte zlib stream`,
    );
  }
  const cmf = stream[0]!;
  const flg = stream[1]!;
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0) {
    throw new DatFormatError(
      what,
      null,
      `does not start with a zlib header (bytes ${cmf.toString(16)} ${flg.toString(16)})`,
    );
  }
  let out: Uint8Array;
  try {
    out = unzlibSync(stream, { out: new Uint8Array(declared + 1) });
  } catch (e) {
    throw new DatFormatError(what, null, `does not inflate: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (out.length !== declared) {
    const got = out.length > declared ? `more than ${declared}` : String(out.length);
    throw new DatFormatError(what, null, `inflates to ${got} bytes but declares ${declared}`);
  }
  const trailer = stream.subarray(stream.length - 4);
  const want = ((trailer[0]! << 24) | (trailer[1]! << 16) | (trailer[2]! << 8) | trailer[3]!) >>> 0;
  if (adler32(out) !== want) throw new DatFormatError(what, null, 'fails its zlib Adler-32 check');
  return out;
}

/**
 * Builds a compressed record: `u32 length` + zlib stream at level 9 (the client's level).
 * Used by the dat writer; always compresses (the caller decides whether it is worth it).
 */
export function deflateRecord(data: Uint8Array): Uint8Array {
  const z = zlibSync(data, { level: 9 });
  const out = new Uint8Array(4 + z.length);
  CompressedLengthToken.put(new DataView(out.buffer), 0, data.length);
  out.set(z, 4);
  return out;
}

/** Adler-32 checksum (RFC 1950 §8) as an unsigned number. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  const n = data.length;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + 5552);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
