import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { nodeSize } from './BTreeNode';
import { bytesEqual, getU32, openCounting, testBytes } from './testing';

const files = Array.from({ length: 150 }, (_, i) => ({ id: 0x0a000000 + i * 2, data: testBytes(40 + i * 31, i) }));

describe('§1.3 pre-ToD dats', () => {
  it('§1.3 pre-ToD node is 62·4 + 4 + 61·12 = 984 bytes; EoR node is 1716', () => {
    expect(nodeSize('pre-tod')).toBe(984);
    expect(nodeSize('eor')).toBe(1716);
  });

  it('§1.3 pre-ToD: 44-byte header at 0x12C (magic, blockSize, fileSize, iteration, free list, root) is read', async () => {
    const bytes = writeDat(files, { format: 'pre-tod', iteration: 1500, maxEntriesPerNode: 6, fragment: 4 });
    const { dat } = await openCounting(bytes);
    const h = dat.header;
    expect(h.format).toBe('pre-tod');
    expect(h.blockSize).toBe(getU32(bytes, 0x130));
    expect(h.fileSize).toBe(bytes.length);
    expect(h.preTodIteration).toBe(1500);
    expect(h.firstFree).toBe(getU32(bytes, 0x13c));
    expect(h.finalFree).toBe(getU32(bytes, 0x140));
    expect(h.freeBlocks).toBe(getU32(bytes, 0x144));
    expect(h.btreeRoot).toBe(getU32(bytes, 0x148));
    expect(h.dataSet).toBeNull();
  });

  it('§1.3 pre-ToD: 12-byte entries (id, offset, size) in a multi-level tree are found and read; one node = one 984-byte chain', async () => {
    const bytes = writeDat(files, { format: 'pre-tod', iteration: 1500, maxEntriesPerNode: 6, fragment: 4 });
    const { dat, src } = await openCounting(bytes);
    expect(await dat.countEntries()).toBe(151);
    for (const f of files) {
      const e = (await dat.find(f.id))!;
      expect(e).toMatchObject({ id: f.id, size: f.data.length, compressed: false, version: 0, date: 0, iteration: 0 });
      expect(bytesEqual(await dat.readEntry(e), f.data)).toBe(true);
    }
    expect(await dat.readIteration()).toBe(1500);
    const fresh = await openCounting(bytes);
    // opening reads the header probe and one 984-byte node (a single block: 4 + 984)
    expect(fresh.src.offsets.length).toBe(2);
    expect(fresh.src.bytesRead).toBe(0x190 + 4 + 984);
    expect(src.reads).toBeGreaterThan(0);
  });

  it('§1.3 pre-ToD with small blocks: nodes span several blocks', async () => {
    const bytes = writeDat(files, { format: 'pre-tod', blockSize: 256, maxEntriesPerNode: 5 });
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect(dat.header.blockSize).toBe(256);
    expect((await dat.entriesInRange(0x0a000010, 0x0a000020)).map((e) => e.id)).toEqual([
      0x0a000010, 0x0a000012, 0x0a000014, 0x0a000016, 0x0a000018, 0x0a00001a, 0x0a00001c, 0x0a00001e, 0x0a000020,
    ]);
  });

  it('§1.3 pre-ToD entries cannot carry the compressed flag (the writer refuses)', () => {
    expect(() => writeDat([{ id: 1, data: new Uint8Array(100), compress: true }], { format: 'pre-tod' })).toThrow(
      RangeError,
    );
  });
});
