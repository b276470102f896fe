/**
 * Rule (./datWords.ts, docs/formats/dat.md §1): the dat's u32 words are little-endian on every
 * host. The entry count from first blocks (BTree.ts `countFromFirstBlocks`) reads them through a
 * view of the buffer on a little-endian host and through a copy on a big-endian one; the
 * big-endian branch (`littleEndianHost` false, correct on any host) is run here on dats our
 * writer builds and must give what the little-endian one and the strict walk give: the same
 * counts, the same errors.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { BTreeReader } from './BTree';
import { DatFile } from './DatFile';
import { datWords, LITTLE_ENDIAN_HOST } from './datWords';
import { writeDat, type DatWriterOptions } from './DatWriter';
import { getU32, setU32, testBytes } from './testing';

const ids = Array.from({ length: 700 }, (_, i) => 0x0a000000 + i * 7).concat([0x7fffffff, 0x80000000, 0xfffffffe]);
const files = ids.map((id, i) => ({ id, data: testBytes(20 + (i % 90), i) }));

/** The first-block count of `bytes` on each branch: [little-endian host's, big-endian host's], or each one's error message. */
async function bothCounts(bytes: Uint8Array): Promise<[string | number, string | number]> {
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const count = (littleEndianHost: boolean): Promise<string | number> =>
    new BTreeReader(dat.source, dat.geometry, dat.header.format, dat.header.btreeRoot, undefined, littleEndianHost)
      .countFromFirstBlocks()
      .catch((e: unknown) => (e as Error).message);
  return [await count(true), await count(false)];
}

describe("the dat's u32 words read the same on a little- and a big-endian host", () => {
  it('datWords: a view of the buffer on a little-endian host, a copy filled by load on a big-endian one', () => {
    expect(LITTLE_ENDIAN_HOST).toBe(true); // every host these tests run on (x86, ARM)
    const buf = new Uint8Array([0x78, 0x56, 0x34, 0x12, 0x01, 0x00, 0x00, 0x80]);
    const le = datWords(buf);
    expect(le.load).toBeNull();
    expect([...le.words]).toEqual([0x12345678, 0x80000001]);
    const be = datWords(buf, false);
    expect(be.words.buffer).not.toBe(buf.buffer);
    be.load!();
    expect([...be.words]).toEqual([0x12345678, 0x80000001]);
    buf.set([0xef, 0xbe, 0xad, 0xde], 4); // the next read into the buffer: load copies it again
    be.load!();
    expect(be.words[1]).toBe(0xdeadbeef);
  });

  it.each<[string, DatWriterOptions]>([
    ['EoR, 61 entries a node', { maxEntriesPerNode: 61 }],
    ['EoR, 3 entries a node (deep tree), fragmented', { maxEntriesPerNode: 3, fragment: 5 }],
    ['pre-ToD, 7 entries a node', { format: 'pre-tod', maxEntriesPerNode: 7 }],
    ['EoR, 4 KiB blocks', { blockSize: 4096, maxEntriesPerNode: 20 }],
  ])('the first-block entry count is the same on both branches and equals the strict walk: %s', async (_, opts) => {
    const bytes = writeDat(files, { iteration: 3, ...opts });
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const strict = await dat.countEntries();
    expect(strict).toBe(ids.length + 1); // + the iteration record
    expect(await bothCounts(bytes)).toEqual([strict, strict]);
  });

  it('a corrupt node is refused with the same words on both branches (entry count, order, cycle)', async () => {
    const bytes = writeDat(files, { maxEntriesPerNode: 3, iteration: 3 });
    const root = getU32(bytes, 0x160);
    const child = getU32(bytes, root + 4); // branch[0] of the root (the root itself is read by open)
    const grandchild = getU32(bytes, child + 4);
    const badCount = bytes.slice();
    setU32(badCount, child + 4 + 62 * 4, 62);
    const outOfOrder = bytes.slice();
    const firstId = child + 4 + 62 * 4 + 4 + 4; // the child's first entry's id (EoR: after its flags word)
    setU32(outOfOrder, firstId + 24, getU32(outOfOrder, firstId)); // its second entry's id = the first's
    const cycle = bytes.slice();
    setU32(cycle, grandchild + 4, root); // the grandchild's branch[0] leads back to the root
    for (const [bad, words] of [
      [badCount, /entry count 62/],
      [outOfOrder, /out of order/],
      [cycle, /already visited \(cycle\)/],
    ] as const) {
      const [le, be] = await bothCounts(bad);
      expect(le).toMatch(words);
      expect(be).toBe(le);
    }
  });
});
