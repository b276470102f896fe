import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { CountingByteSource } from './CountingByteSource';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { chainDataView, readChainSync, readChainSyncInto, readChainView, type SyncByteSource } from './BlockChain';
import { bytesEqual, entryBlocks, setU32, testBytes } from './testing';

const files = Array.from({ length: 60 }, (_, i) => ({ id: 0x0a000000 + i, data: testBytes(100 + i * 900, i) }));

describe('§2.2 block chains read synchronously (readInto) — issue #9', () => {
  it('§2.2 the synchronous path returns the same bytes as the per-block path, fragmented or not', async () => {
    for (const fragment of [undefined, 3] as const) {
      const bytes = writeDat(files, { fragment });
      const sync = await DatFile.open(new CountingByteSource(new MemoryByteSource(bytes), { sync: true }));
      const perBlock = await DatFile.open(new CountingByteSource(new MemoryByteSource(bytes)));
      for (const f of files) {
        const a = await sync.readObject(f.id);
        expect(bytesEqual(a, f.data)).toBe(true);
        expect(bytesEqual(a, await perBlock.readObject(f.id))).toBe(true);
      }
    }
  });

  it('§2.2 blocks that lie back to back are read in one read per run; a fragmented chain in one read per run of neighbours', async () => {
    const bytes = writeDat(files, { fragment: 3 });
    const src = new CountingByteSource(new MemoryByteSource(bytes), { sync: true });
    const dat = await DatFile.open(src);
    for (const f of files) {
      const e = (await dat.find(f.id))!;
      const blocks = entryBlocks(bytes, e);
      const runs = blocks.filter((b, i) => i === 0 || b !== blocks[i - 1]! + 1024).length;
      src.reset();
      await dat.readEntry(e);
      expect(src.reads).toBe(runs);
    }
  });

  it('§2.2 a fragmented chain reads only the blocks it uses (no run of the whole rest of the chain at each break)', async () => {
    const big = Array.from({ length: 20 }, (_, i) => ({ id: 0x0a000000 + i, data: testBytes(20_000 + i * 977, i) }));
    const bytes = writeDat(big, { fragment: 42 });
    const src = new CountingByteSource(new MemoryByteSource(bytes), { sync: true });
    const dat = await DatFile.open(src);
    for (const f of big) {
      const e = (await dat.find(f.id))!;
      const blocks = entryBlocks(bytes, e);
      const breaks = blocks.filter((b, i) => i > 0 && b !== blocks[i - 1]! + 1024).length;
      src.reset();
      await dat.readEntry(e);
      // every block read is used, except at most one run's worth of look-ahead per break
      const used = blocks.length * 1024;
      expect(src.bytesRead).toBeLessThanOrEqual(2 * used);
      expect(breaks).toBeGreaterThan(0);
    }
  });

  it('§2.2 a 2-block chain (a B-tree node) whose second block lies elsewhere: its neighbour is never read', () => {
    // blocks at 0x400 (the chain's first) and 0x1000; 0x800, the first block's neighbour, is not the chain's
    const bytes = new Uint8Array(0x1800);
    const data = testBytes(1716, 5);
    setU32(bytes, 0x400, 0x1000);
    bytes.set(data.subarray(0, 1020), 0x404);
    setU32(bytes, 0x1000, 0);
    bytes.set(data.subarray(1020), 0x1004);
    const src = new CountingByteSource(new MemoryByteSource(bytes), { sync: true });
    const geom = { blockSize: 1024, sourceSize: bytes.length, dataStart: 0x400 };
    expect(bytesEqual(readChainSync(src as SyncByteSource, geom, 0x400, 1716, 'B-tree node'), data)).toBe(true);
    expect([src.offsets, src.lengths]).toEqual([
      [0x400, 0x1000],
      [1024, 4 + 696],
    ]);
  });

  it('§2.2 a contiguous chain is read in runs that double: about log2(blocks) reads', async () => {
    const one = [{ id: 0x0a000001, data: testBytes(200_000, 7) }];
    const bytes = writeDat(one);
    const src = new CountingByteSource(new MemoryByteSource(bytes), { sync: true });
    const dat = await DatFile.open(src);
    const e = (await dat.find(0x0a000001))!;
    const blocks = entryBlocks(bytes, e);
    expect(blocks.every((b, i) => i === 0 || b === blocks[i - 1]! + 1024)).toBe(true);
    src.reset();
    const got = await dat.readEntry(e);
    expect(bytesEqual(got, one[0]!.data)).toBe(true);
    // 1 + 2 + 4 + … + 64, then 64 at a time: 196 blocks in 7 + 2 reads
    expect(src.reads).toBeLessThanOrEqual(Math.ceil(Math.log2(64)) + 1 + Math.ceil(blocks.length / 64));
    expect(src.bytesRead).toBeLessThanOrEqual(blocks.length * 1024);
  });

  it('§2.2 readEntrySync and readEntryView give the bytes of readEntry; a view is reused by the next view, never by readEntrySync', async () => {
    const bytes = writeDat(files, { fragment: 3 });
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const [a, b] = [(await dat.find(files[5]!.id))!, (await dat.find(files[9]!.id))!];
    const own = dat.readEntrySync(a);
    expect(bytesEqual(own, await dat.readEntry(a))).toBe(true);
    const view = dat.readEntryView(a);
    expect(bytesEqual(view, files[5]!.data)).toBe(true);
    const next = dat.readEntryView(b);
    expect(bytesEqual(next, files[9]!.data)).toBe(true);
    expect(next.buffer).toBe(view.buffer); // the same buffer: the first view now holds other bytes
    expect(bytesEqual(own, files[5]!.data)).toBe(true); // readEntrySync's array is its own
  });

  it("§2.2 readEntryView, which copies a run's payloads within its reused buffer and reads a lone block in place, gives every chain's bytes: contiguous, fragmented, past 64 blocks", async () => {
    const sized = [
      ...files,
      { id: 0x0a0000f0, data: testBytes(100_000, 9) },
      { id: 0x0a0000f1, data: testBytes(1, 8) },
    ];
    for (const fragment of [undefined, 3, 42] as const) {
      const bytes = writeDat(sized, { fragment });
      const dat = await DatFile.open(new MemoryByteSource(bytes));
      for (const f of [...sized].reverse()) {
        const e = (await dat.find(f.id))!;
        expect(bytesEqual(dat.readEntryView(e), f.data)).toBe(true);
        expect(bytesEqual(dat.readEntrySync(e), f.data)).toBe(true); // a chain of its own between views
      }
    }
  });

  it('§2.2 a loop is caught on the synchronous path in a short chain and past 64 blocks, and the next chain reads clean', async () => {
    const two = [
      { id: 0x0a000001, data: testBytes(5_000, 1) },
      { id: 0x0a000002, data: testBytes(100_000, 2) },
      { id: 0x0a000003, data: testBytes(5_000, 3) },
    ];
    const bytes = writeDat(two, { fragment: 3 });
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const [short, long, clean] = await Promise.all(two.map(async (f) => (await dat.find(f.id))!));
    const sb = entryBlocks(bytes, short!);
    const lb = entryBlocks(bytes, long!);
    expect(lb.length).toBeGreaterThan(70);
    setU32(bytes, sb[3]!, sb[1]!); // block 3 links back to block 1
    setU32(bytes, lb[69]!, lb[2]!); // block 69 links back to block 2 (the check past its list)
    for (const [e, blocks, from] of [
      [short!, sb, 3],
      [long!, lb, 69],
    ] as const) {
      const loop = `loops: its link 0x${blocks[from === 3 ? 1 : 2]!.toString(16).toUpperCase().padStart(8, '0')} leads back to a block already read`;
      expect(() => dat.readEntrySync(e)).toThrow(loop);
      expect(() => dat.readEntryView(e)).toThrow(loop); // blocks read in place, one by one
    }
    expect(bytesEqual(dat.readEntrySync(clean!), two[2]!.data)).toBe(true); // no block of the loops remembered
    expect(bytesEqual(dat.readEntryView(clean!), two[2]!.data)).toBe(true);
  });

  it("chainDataView: byte 0 is the bytes' first; one reused view for readEntryView bytes, a view of exactly other bytes", async () => {
    const bytes = writeDat(files, { fragment: 3 });
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const [a, b] = [(await dat.find(files[5]!.id))!, (await dat.find(files[9]!.id))!];
    const view = dat.readEntryView(a);
    const dv = chainDataView(view);
    expect(dv.byteLength).toBeGreaterThanOrEqual(view.length);
    expect(dv.getUint32(0, true)).toBe(new DataView(view.buffer, view.byteOffset).getUint32(0, true));
    const next = dat.readEntryView(b);
    expect(chainDataView(next)).toBe(dv); // made once per buffer, not per read
    expect(dv.getUint8(next.length - 1)).toBe(next[next.length - 1]);
    // buffers grown by a larger view: an earlier view's bytes get a view of their own
    const big = writeDat([{ id: 0x0a000001, data: testBytes(200_000, 4) }, ...files.slice(2)], { fragment: 3 });
    const bigDat = await DatFile.open(new MemoryByteSource(big));
    const small = bigDat.readEntryView((await bigDat.find(files[5]!.id))!);
    const first = small[0];
    bigDat.readEntryView((await bigDat.find(0x0a000001))!);
    const smallView = chainDataView(small);
    expect([smallView.buffer, smallView.byteOffset, smallView.getUint8(0)]).toEqual([
      small.buffer,
      small.byteOffset,
      first,
    ]);
    const own = dat.readEntrySync(a);
    const ownView = chainDataView(own);
    expect([ownView.buffer, ownView.byteOffset, ownView.byteLength]).toEqual([own.buffer, own.byteOffset, own.length]);
  });

  it("§2.2 readChainSyncInto fills a slice of the caller's buffer with the bytes of readChainSync, its neighbours untouched", async () => {
    const bytes = writeDat(files, { fragment: 3 });
    const src = new MemoryByteSource(bytes) as SyncByteSource;
    const dat = await DatFile.open(src);
    for (const f of [files[0]!, files[7]!, files[33]!]) {
      const e = (await dat.find(f.id))!;
      const slab = new Uint8Array(e.size + 8).fill(0xee);
      const out = slab.subarray(4, 4 + e.size);
      readChainSyncInto(src, dat.geometry, e.offset, out, e.id);
      expect(bytesEqual(out, readChainSync(src, dat.geometry, e.offset, e.size, e.id))).toBe(true);
      expect([...slab.subarray(0, 4), ...slab.subarray(4 + e.size)]).toEqual(new Array(8).fill(0xee));
    }
    const e = (await dat.find(files[7]!.id))!;
    expect(() => readChainSyncInto(src, dat.geometry, e.offset, new Uint8Array(bytes.length), e.id)).toThrow(
      'more than the',
    );
  });

  it('§2.2 a readChainView whose run grows the reused buffers (a larger block size than any before) gives its bytes', async () => {
    for (const blockSize of [4096, 16384, 65536]) {
      const sized = [{ id: 0x0a0000f5, data: testBytes(300, 1) }, ...files.slice(1, 4)];
      const bytes = writeDat(sized, { blockSize, fragment: 3 });
      // entries found through the per-block path (no synchronous read yet at this block size)
      const dat = await DatFile.open(new CountingByteSource(new MemoryByteSource(bytes)));
      const sync = new MemoryByteSource(bytes) as SyncByteSource;
      for (const f of sized) {
        const e = (await dat.find(f.id))!;
        const view = readChainView(sync, dat.geometry, e.offset, e.size, e.id);
        expect(bytesEqual(view, f.data)).toBe(true);
        expect(chainDataView(view).getUint8(view.length - 1)).toBe(f.data[f.data.length - 1]);
      }
    }
  });
});
