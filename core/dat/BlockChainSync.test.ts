import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { CountingByteSource } from './CountingByteSource';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { bytesEqual, entryBlocks, testBytes } from './testing';

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
});
