import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFormatError, UnsupportedDatError } from '../errors';
import { DatFile } from './DatFile';
import { parseHeader } from './DatHeader';
import { writeDat } from './DatWriter';
import { getU32, setU32, testBytes } from './testing';

const files = [
  { id: 0x0a000001, data: testBytes(3000, 1) },
  { id: 0x20000001, data: testBytes(200, 2) },
];
const open = (bytes: Uint8Array): Promise<DatFile> => DatFile.open(new MemoryByteSource(bytes));

describe('§1.2 DiskFileInfo_t at 0x140', () => {
  it('§1.2 header fields are read from 0x140: magic, blockSize, fileSize, dataSet, subset, free list, root, versions', async () => {
    const bytes = writeDat(files, { iteration: 2072 });
    const dat = await open(bytes);
    const h = dat.header;
    expect(h.format).toBe('eor');
    expect(h.headerOffset).toBe(0x140);
    expect(h.magic).toBe(0x5442);
    expect([...bytes.subarray(0x140, 0x144)]).toEqual([0x42, 0x54, 0, 0]);
    expect(h.blockSize).toBe(1024);
    expect(h.fileSize).toBe(bytes.length);
    expect(h.dataSet).toBe(1);
    expect(h.dataSubset).toBe(0);
    expect(h.engineVersion).toBe(110);
    expect(h.gameVersion).toBe(0);
    expect(h.minorVersion).toBe(6657);
    expect(h.preTodIteration).toBeNull();
    expect(h.btreeRoot).toBe(getU32(bytes, 0x160));
    expect(h.freeBlocks).toBe(16);
    expect(dat.warnings).toEqual([]);
  });

  it('§1.1 the first data block is at 1024 and the free list is chained with the free bit, ending in exactly 0x80000000', async () => {
    const bytes = writeDat(files);
    const h = (await open(bytes)).header;
    expect(h.btreeRoot).toBe(1024);
    let cur = h.firstFree;
    for (let i = 1; i < h.freeBlocks; i++) {
      const link = getU32(bytes, cur);
      expect((link & 0x80000000) >>> 0).toBe(0x80000000);
      cur = link & 0x7fffffff;
    }
    expect(cur).toBe(h.finalFree);
    expect(getU32(bytes, h.finalFree)).toBe(0x80000000);
  });
});

describe('§1.2 header validation', () => {
  it('§1.2 magic must be 0x5442: no magic at 0x140 or 0x12C → UnsupportedDatError naming both offsets', async () => {
    const bytes = writeDat(files);
    setU32(bytes, 0x140, 0x4254);
    const err = await open(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsupportedDatError);
    expect(String(err)).toMatch(/0x140.*0x12C/);
  });

  it('a file that is not a dat: the error says so without echoing its size or any of its bytes (no file oracle)', async () => {
    const secret = new TextEncoder().encode(
      'root:$6$SECRETSALT$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:19000:0:99999:7:::\n'.repeat(
        8,
      ),
    );
    for (const size of [37, 0x150, 0x18f, secret.length]) {
      const bytes = secret.slice(0, size);
      const err = (await open(bytes).catch((e: unknown) => e)) as Error;
      expect(err.message, `${size} bytes`).toMatch(/not an Asheron's Call dat/);
      expect(err.message).not.toContain(String(size));
      // no 4-byte window of the file, in any spelling of a u32, appears in the message
      for (let at = 0; at + 4 <= bytes.length; at++) {
        const u = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
        for (const shown of [u.toString(16).toUpperCase().padStart(8, '0'), String(u)])
          expect(err.message, `u32 at ${at}`).not.toContain(shown);
      }
    }
  });

  it('§1.2 blockSize must be > 4', async () => {
    for (const bs of [4, 0, -1024]) {
      const bytes = writeDat(files);
      setU32(bytes, 0x144, bs);
      await expect(open(bytes)).rejects.toThrow(DatFormatError);
      await expect(open(bytes)).rejects.toThrow(/block size/);
    }
  });

  it('§1.2 btreeRoot must be non-zero', async () => {
    const bytes = writeDat(files);
    setU32(bytes, 0x160, 0);
    await expect(open(bytes)).rejects.toThrow(/zero B-tree root/);
  });

  it('§1.2 btreeRoot must have its high bit clear', async () => {
    const bytes = writeDat(files);
    setU32(bytes, 0x160, 0x80000400);
    await expect(open(bytes)).rejects.toThrow(/high \(free\) bit/);
  });

  it('§1.2 btreeRoot must be < file length', async () => {
    const bytes = writeDat(files);
    setU32(bytes, 0x160, bytes.length);
    await expect(open(bytes)).rejects.toThrow(/beyond the end of the file/);
  });

  it('§1.2 dataSet other than 1 is accepted, exposed and warned about', async () => {
    const dat = await open(writeDat(files, { dataSet: 2, dataSubset: 1 }));
    expect(dat.header.dataSet).toBe(2);
    expect(dat.header.dataSubset).toBe(1);
    expect(dat.warnings.join()).toMatch(/dataSet is 2/);
    expect(await dat.countEntries()).toBe(2);
  });

  it('§1.2 a file too small for a header → DatFormatError', async () => {
    await expect(open(new Uint8Array(100))).rejects.toThrow(DatFormatError);
    expect(() => parseHeader(new Uint8Array(0x150), 0x150)).toThrow(/too small/);
  });

  it('§1.2 a truncated file (header fileSize > real size) opens with a warning; reads past EOF are DatFormatError', async () => {
    const full = writeDat(
      [
        { id: 0x0a000001, data: testBytes(500, 3) },
        { id: 0x0a000002, data: testBytes(5000, 4) },
      ],
      { freeBlocks: 0 },
    );
    const cut = full.slice(0, full.length - 2048);
    const dat = await open(cut);
    expect(dat.warnings.join()).toMatch(/truncated/);
    await expect(dat.readObject(0x0a000002)).rejects.toThrow(/beyond the end of the file/);
    await expect(dat.readObject(0x0a000002)).rejects.toBeInstanceOf(DatFormatError);
  });
});

describe('§1.3 variant detection', () => {
  it('§1.3 u32 at 0x140 ≠ 0x5442 and u32 at 0x12C == 0x5442 → pre-ToD header at 0x12C', async () => {
    const bytes = writeDat(files, { format: 'pre-tod', iteration: 7 });
    expect(getU32(bytes, 0x12c)).toBe(0x5442);
    expect(getU32(bytes, 0x140)).not.toBe(0x5442);
    const h = (await open(bytes)).header;
    expect(h.format).toBe('pre-tod');
    expect(h.headerOffset).toBe(0x12c);
    expect(h.dataSet).toBeNull();
    expect(h.engineVersion).toBeNull();
    expect(h.preTodIteration).toBe(7);
  });

  it('§1.3 a read past the end of a truncated file says the header declares more bytes, so the file looks truncated (any size)', async () => {
    const full = writeDat(
      [
        { id: 0x0a000001, data: testBytes(500, 3) },
        { id: 0x0a000002, data: testBytes(50_000, 4) },
      ],
      { freeBlocks: 0 },
    );
    const cut = full.slice(0, full.length - 20_000);
    const dat = await open(cut);
    await expect(dat.readObject(0x0a000002)).rejects.toThrow(
      `; the header declares ${full.length} bytes, so the file looks truncated`,
    );
    // the root itself past the end: the header check says the same
    const root = getU32(full, 0x160);
    expect(() => parseHeader(full.slice(0, 0x190), root)).toThrow(
      /the header declares \d+ bytes, so the file looks truncated/,
    );
  });
});
