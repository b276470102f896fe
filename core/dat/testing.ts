/**
 * Small helpers for tests of dat readers (here and in other folders): open bytes, patch words,
 * walk a chain's block offsets, compare bytes. Platform-free; not used by the reader itself.
 */
import { MemoryByteSource } from '../bytes/ByteSource';
import { CountingByteSource } from './CountingByteSource';
import { DatFile } from './DatFile';
import type { DatEntry } from './BTreeNode';

/** Opens in-memory dat bytes, with a counting wrapper around the source. */
export async function openCounting(bytes: Uint8Array): Promise<{ dat: DatFile; src: CountingByteSource }> {
  const src = new CountingByteSource(new MemoryByteSource(bytes));
  const dat = await DatFile.open(src);
  return { dat, src };
}

/** Reads a little-endian u32. */
export function getU32(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
}

/** Writes a little-endian u32 in place. */
export function setU32(bytes: Uint8Array, offset: number, value: number): void {
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(offset, value >>> 0, true);
}

/** Block offsets of the chain of `size` bytes starting at `offset`, following links (no validation). */
export function chainBlocks(bytes: Uint8Array, offset: number, size: number, blockSize = 1024): number[] {
  const out: number[] = [];
  let cur = offset;
  for (let left = size; left > 0 && out.length < 1_000_000; left -= blockSize - 4) {
    out.push(cur);
    cur = getU32(bytes, cur);
  }
  return out;
}

/** Block offsets of an entry's chain. */
export function entryBlocks(bytes: Uint8Array, e: DatEntry, blockSize = 1024): number[] {
  return chainBlocks(bytes, e.offset, e.size, blockSize);
}

/** Byte-wise equality (fast; vitest's deep equality is slow on large typed arrays). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Deterministic test bytes: `n` bytes of a simple LCG stream seeded by `seed`. */
export function testBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
