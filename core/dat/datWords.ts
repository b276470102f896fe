/**
 * A buffer's u32 words as the dat stores them — little end first (docs/formats/dat.md §1) — read
 * as numbers without a DataView call per word where the host's own order is the dat's.
 */

/** True when this host stores a u32 little end first, as the dat does (x86, ARM: every desktop; not s390x). */
export const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The words of a buffer: `words[k]` is the u32 at byte `4k`; `load` (when not null) must run after each fill of the buffer. */
export interface DatWords {
  words: Uint32Array;
  /** null: `words` is a view of the buffer itself, always current; else copies the buffer's words into `words`. */
  load: (() => void) | null;
}

/**
 * The u32 words of `buf` (its length a multiple of 4, from byte 0 of its own ArrayBuffer) as the
 * dat's little-endian values: on a little-endian host a `Uint32Array` view of `buf` itself (nothing
 * to do per read: `load` is null); on a big-endian host a separate array that `load` fills, word
 * by word, after each read into `buf`.
 * @param littleEndianHost the host's byte order ({@link LITTLE_ENDIAN_HOST}); `false` gives the
 *   big-endian host's words, correct on any host (a test runs it on a little-endian one)
 */
export function datWords(buf: Uint8Array, littleEndianHost = LITTLE_ENDIAN_HOST): DatWords {
  if (littleEndianHost) return { words: new Uint32Array(buf.buffer, buf.byteOffset, buf.length / 4), load: null };
  const words = new Uint32Array(buf.length / 4);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  return {
    words,
    load: () => {
      for (let k = 0; k < words.length; k++) words[k] = view.getUint32(k * 4, true);
    },
  };
}
