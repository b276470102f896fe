import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { BTreeReader } from './BTree';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { bytesEqual, entryBlocks, getU32, testBytes } from './testing';

const files = Array.from({ length: 200 }, (_, i) => ({
  id: 0x0a000000 + ((i * 7919) % 1000),
  data: testBytes(100 + i * 40, i),
  compress: i % 9 === 0,
}));

describe('DatWriter (symmetric with the reader)', () => {
  it('writer output is deterministic: same input → same bytes (also when fragmented)', () => {
    expect(bytesEqual(writeDat(files), writeDat(files))).toBe(true);
    expect(
      bytesEqual(
        writeDat(files, { fragment: 3, iteration: 5 }),
        writeDat([...files].reverse(), { fragment: 3, iteration: 5 }),
      ),
    ).toBe(true);
    expect(bytesEqual(writeDat(files, { fragment: 3 }), writeDat(files, { fragment: 4 }))).toBe(false);
  });

  it('§2.1 without fragment chains are contiguous; with fragment they are scattered and free blocks interleave with data', async () => {
    const plain = writeDat(files);
    const frag = writeDat(files, { fragment: true });
    const gaps = async (bytes: Uint8Array): Promise<number> => {
      const dat = await DatFile.open(new MemoryByteSource(bytes));
      let n = 0;
      for (const e of await dat.entriesInRange(0, 0xffffffff)) {
        const b = entryBlocks(bytes, e);
        for (let i = 1; i < b.length; i++) if (b[i] !== b[i - 1]! + 1024) n++;
      }
      return n;
    };
    expect(await gaps(plain)).toBe(0);
    expect(await gaps(frag)).toBeGreaterThan(100);
    const h = (await DatFile.open(new MemoryByteSource(frag))).header;
    expect(h.freeBlocks).toBeGreaterThan(16);
    expect(h.firstFree).toBeLessThan(h.fileSize - 16 * 1024);
  });

  it('§3.3 the bulk-loaded tree is balanced (all leaves at one depth) and nodes respect maxEntriesPerNode', async () => {
    for (const max of [2, 3, 5, 8, 61]) {
      const bytes = writeDat(files, { maxEntriesPerNode: max });
      const dat = await DatFile.open(new MemoryByteSource(bytes));
      const tree = new BTreeReader(dat.source, dat.geometry, 'eor', dat.header.btreeRoot);
      const depths = new Set<number>();
      const walk = async (off: number, d: number): Promise<void> => {
        const n = await tree.node(off);
        expect(n.entries.length).toBeLessThanOrEqual(max);
        expect(n.entries.length).toBeGreaterThan(0);
        if (n.leaf) depths.add(d);
        for (const c of n.children) await walk(c, d + 1);
      };
      await walk(dat.header.btreeRoot, 1);
      expect(depths.size).toBe(1);
      expect(await dat.countEntries()).toBe(200);
    }
  });

  it('§3.2 per-file date, iteration and version are written into the entry', async () => {
    const dat = await DatFile.open(
      new MemoryByteSource(
        writeDat([{ id: 5, data: new Uint8Array(3), date: 1_300_000_000, iteration: 77, version: 3 }]),
      ),
    );
    expect(await dat.find(5)).toMatchObject({
      id: 5,
      size: 3,
      date: 1_300_000_000,
      iteration: 77,
      version: 3,
      compressed: false,
    });
  });

  it('§2.2 an empty object gets no block and reads as empty', async () => {
    const bytes = writeDat([
      { id: 9, data: new Uint8Array(0) },
      { id: 10, data: testBytes(5, 1) },
    ]);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect((await dat.find(9))?.offset).toBe(0);
    expect((await dat.readObject(9)).length).toBe(0);
    expect(getU32(bytes, 0x140)).toBe(0x5442);
  });

  it('rejects duplicate ids, bad options and a clash with the iteration record', () => {
    expect(() =>
      writeDat([
        { id: 1, data: new Uint8Array(1) },
        { id: 1, data: new Uint8Array(1) },
      ]),
    ).toThrow(/duplicate/);
    expect(() =>
      writeDat([
        { id: -1, data: new Uint8Array(1) },
        { id: 0xffffffff, data: new Uint8Array(1) },
      ]),
    ).toThrow(/duplicate/);
    expect(() => writeDat([], { maxEntriesPerNode: 62 })).toThrow(RangeError);
    expect(() => writeDat([], { maxEntriesPerNode: 1 })).toThrow(RangeError);
    expect(() => writeDat([], { blockSize: 4 })).toThrow(RangeError);
    expect(() => writeDat([{ id: 0xffff0001, data: new Uint8Array(12) }], { iteration: 1 })).toThrow(/iteration/);
  });
});
